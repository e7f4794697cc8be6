import { createSelector } from '@reduxjs/toolkit';
import { selectPreferences } from '../notifications/notificationsApi';
import { totalEventUnread, totalRoomUnread } from './unreadLogic';
import type { UnreadState } from './unreadSlice';

const selectUnread = (state: { unread: UnreadState }) => state.unread;

/** What the bell counts: unread messages in rooms that may ring, plus unseen status changes. */
export const selectUnreadTotals = createSelector([selectUnread, selectPreferences], (unread, prefs) => {
  const messages = totalRoomUnread(unread.rooms, prefs);
  const events = totalEventUnread(Object.keys(unread.events), prefs);
  return { messages, events, total: messages + events };
});
