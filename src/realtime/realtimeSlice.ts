import { createSlice } from '@reduxjs/toolkit';

/** 'connecting': the connection was lost or refused and is being tried again (the navbar says "Łączenie…"). */
export type ConnectionStatus = 'offline' | 'connecting' | 'online';

interface RealtimeState {
  status: ConnectionStatus;
}

const initialState: RealtimeState = { status: 'offline' };

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    socketConnected(state) {
      state.status = 'online';
    },
    socketConnecting(state) {
      state.status = 'connecting';
    },
    socketDisconnected(state) {
      state.status = 'offline';
    },
  },
});

export const { socketConnected, socketConnecting, socketDisconnected } = realtimeSlice.actions;
export const realtimeReducer = realtimeSlice.reducer;
