import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '../session/signedOut';
import type { StatusUpdatePayload } from '@contract/events';
import { chatApi } from '../chat/chatApi';
import { chatRoomReceived, chatRoomRemoved } from '../chat/chatActions';
import { eventsApi } from '../events/eventsApi';
import { notificationsApi } from '../notifications/notificationsApi';

export interface UnreadEvent {
  recordId: string | null;
  eventId: string;
  eventName: string;
  status: string | null;
  eventStatus: string;
}

export interface UnreadState {
  /** Unread messages per room: the server's count, then live increments. */
  rooms: Record<string, number>;
  /** Unseen status changes, one per game. */
  events: Record<string, UnreadEvent>;
}

const initialState: UnreadState = { rooms: {}, events: {} };

export const unreadSlice = createSlice({
  name: 'unread',
  initialState,
  reducers: {
    roomUnreadIncremented(state, { payload: roomId }: PayloadAction<string>) {
      state.rooms[roomId] = (state.rooms[roomId] ?? 0) + 1;
    },
    /** A status update about me (already judged worth telling): added, or updated with its new status. */
    eventNotified(state, { payload: u }: PayloadAction<StatusUpdatePayload>) {
      state.events[u.eventId] = { recordId: u.recordId, eventId: u.eventId, eventName: u.eventName, status: u.status, eventStatus: u.eventStatus };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(chatRoomReceived, (state, { payload }) => {
        state.rooms[payload.chatRoom.roomId] ??= payload.chatRoom.unreadCount;
      })
      .addCase(chatRoomRemoved, (state, { payload }) => {
        delete state.rooms[payload.roomId];
      })
      // The server's counts replace ours whenever the room list is (re)loaded, e.g. after a reconnect.
      .addMatcher(chatApi.endpoints.getChatRooms.matchFulfilled, (state, { payload }) => {
        state.rooms = Object.fromEntries(payload.chatRooms.map((r) => [r.roomId, r.unreadCount]));
      })
      .addMatcher(chatApi.endpoints.markRoomRead.matchPending, (state, { meta }) => {
        state.rooms[meta.arg.originalArgs] = 0;
      })
      .addMatcher(notificationsApi.endpoints.getUnreadNotifications.matchFulfilled, (state, { payload }) => {
        state.events = Object.fromEntries([
          ...payload.unreadNotifications.map((r) => [
            r.eventID._id,
            { recordId: r._id, eventId: r.eventID._id, eventName: r.eventID.eventName, status: r.status, eventStatus: r.eventID.eventStatus },
          ]),
          // My games with news (requests, players leaving): read with markEventRead, so no record id.
          ...(payload.organiserNotifications ?? []).map((n) => [
            n.eventID._id,
            { recordId: null, eventId: n.eventID._id, eventName: n.eventID.eventName, status: null, eventStatus: n.eventID.eventStatus },
          ]),
        ]);
      })
      .addMatcher(notificationsApi.endpoints.markNotificationRead.matchPending, (state, { meta }) => {
        for (const [eventId, e] of Object.entries(state.events)) if (e.recordId === meta.arg.originalArgs) delete state.events[eventId];
      })
      .addMatcher(eventsApi.endpoints.markEventRead.matchPending, (state, { meta }) => {
        delete state.events[meta.arg.originalArgs];
      })
      // My game deleted: its requests are no news any more (the server leaves them out too).
      .addMatcher(eventsApi.endpoints.deleteEvent.matchFulfilled, (state, { meta }) => {
        delete state.events[meta.arg.originalArgs];
      })
      .addMatcher(signedOut, () => initialState);
  },
});

export const { roomUnreadIncremented, eventNotified } = unreadSlice.actions;
export const unreadReducer = unreadSlice.reducer;
