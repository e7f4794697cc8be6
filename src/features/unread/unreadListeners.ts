import { isAnyOf } from '@reduxjs/toolkit';
import type { PreferencesResponse } from '@contract/notifications';
import type { AppStartListening } from '../../app/listener';
import { listTag } from '../../api/tags';
import { api } from '../../api/api';
import { statusUpdateReceived } from '../../realtime/statusUpdate';
import { chatMessageReceived, chatRoomReceived, chatRoomRemoved } from '../chat/chatActions';
import { messageArrived, roomAdded, roomRemoved } from '../chat/chatApi';
import { notificationsApi, selectPreferences, userIdOf } from '../notifications/notificationsApi';
import { writeCachedPreferences } from '../notifications/preferencesCache';
import { playNotificationSound } from './notificationSound';
import { shouldNotifyMessage, shouldNotifyStatus } from './unreadLogic';
import { eventNotified, roomUnreadIncremented } from './unreadSlice';

/** Spec section 4 "Unread logic": what arrives over the socket updates the caches, the counts and rings. */
const { updateNotificationPreferences, muteChat, unmuteChat, muteEvent, unmuteEvent } = notificationsApi.endpoints;

export function addUnreadListeners(startListening: AppStartListening): void {
  // Every preferences change answers the whole object: it replaces the cached one, here and locally.
  startListening({
    matcher: isAnyOf(
      updateNotificationPreferences.matchFulfilled,
      muteChat.matchFulfilled,
      unmuteChat.matchFulfilled,
      muteEvent.matchFulfilled,
      unmuteEvent.matchFulfilled,
    ),
    effect: (action, { dispatch, getState }) => {
      const { payload } = action as unknown as { payload: PreferencesResponse };
      writeCachedPreferences(userIdOf(getState()), payload.preferences);
      dispatch(notificationsApi.util.upsertQueryData('getNotificationPreferences', undefined, payload));
    },
  });

  startListening({
    actionCreator: chatMessageReceived,
    effect: ({ payload: message }, { dispatch, getState }) => {
      // Written into the caches, never refetched per message.
      for (const update of messageArrived(message)) dispatch(update);
      const state = getState();
      const notify = shouldNotifyMessage({
        message,
        me: state.session.user?._id,
        activeRoomId: state.chat.activeRoomId,
        prefs: selectPreferences(state),
      });
      if (notify) {
        dispatch(roomUnreadIncremented(message.roomId));
        playNotificationSound();
      }
    },
  });

  startListening({
    actionCreator: statusUpdateReceived,
    effect: ({ payload: update }, { dispatch, getState }) => {
      const state = getState();
      if (!shouldNotifyStatus({ update, me: state.session.user?._id, prefs: selectPreferences(state) })) return;
      dispatch(eventNotified(update));
      playNotificationSound();
    },
  });

  startListening({
    actionCreator: chatRoomReceived,
    effect: ({ payload }, { dispatch }) => {
      dispatch(roomAdded(payload.chatRoom));
      // A new private room takes its person off the "start a chat" list.
      if (payload.chatRoom.roomType === 'private') dispatch(api.util.invalidateTags([listTag('ChatParticipant')]));
    },
  });

  startListening({
    actionCreator: chatRoomRemoved,
    effect: ({ payload }, { dispatch }) => {
      dispatch(roomRemoved(payload.roomId));
      dispatch(api.util.invalidateTags([listTag('ChatParticipant')]));
    },
  });
}
