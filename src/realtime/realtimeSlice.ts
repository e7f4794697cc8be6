import { createSlice } from '@reduxjs/toolkit';

export type ConnectionStatus = 'offline' | 'online';

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
    socketDisconnected(state) {
      state.status = 'offline';
    },
  },
});

export const { socketConnected, socketDisconnected } = realtimeSlice.actions;
export const realtimeReducer = realtimeSlice.reducer;
