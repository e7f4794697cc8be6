import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../session/signedOut';
import { chatRoomRemoved } from './chatActions';

export type RoomFilter = 'all' | 'private' | 'group';

export interface ChatState {
  /** The open room (its messages count as read while it is open). */
  activeRoomId: string | null;
  filter: RoomFilter;
  search: string;
}

const initialState: ChatState = { activeRoomId: null, filter: 'all', search: '' };

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    roomOpened(state, { payload }: PayloadAction<string | null>) {
      state.activeRoomId = payload;
    },
    filterChanged(state, { payload }: PayloadAction<RoomFilter>) {
      state.filter = payload;
    },
    searchChanged(state, { payload }: PayloadAction<string>) {
      state.search = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // Spec section 4: removal from the open room clears the selection.
      .addCase(chatRoomRemoved, (state, { payload }) => {
        if (state.activeRoomId === payload.roomId) state.activeRoomId = null;
      })
      .addMatcher(signedOut, () => initialState);
  },
});

export const { roomOpened, filterChanged, searchChanged } = chatSlice.actions;
export const chatReducer = chatSlice.reducer;
