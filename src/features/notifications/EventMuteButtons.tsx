import { groupRoomId } from '@contract/plain/chat';
import { NOTIFICATION_MSG, isEventMuted, isRoomMuted } from '@contract/plain/notifications';
import { useAppSelector } from '../../app/hooks';
import { notice } from '../../app/notify';
import { selectChatRooms } from '../chat/chatApi';
import {
  selectPreferences, useGetNotificationPreferencesQuery, useMuteChatMutation, useMuteEventMutation, useUnmuteChatMutation,
  useUnmuteEventMutation,
} from './notificationsApi';

export const NOT_IN_CHAT = 'Czat wydarzenia jest dostępny dla organizatora i zaakceptowanych graczy';

function BellOffIcon({ off }: { off: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0" fill="none" stroke="currentColor" strokeWidth="2"
        strokeLinecap="round" strokeLinejoin="round" />
      {off && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

function ChatOffIcon({ off }: { off: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M4 5h16v11H9l-5 4V5Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      {off && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/**
 * Event detail's 'Wycisz chat' (the game's group room, for good) and 'Wycisz powiadomienia' (its
 * status changes): toggles, pressed while muted, with the spec's notices (section 8).
 */
export function EventMuteButtons({ eventId }: { eventId: string }) {
  const { isSuccess: loaded } = useGetNotificationPreferencesQuery();
  const prefs = useAppSelector(selectPreferences);
  const roomId = groupRoomId(eventId);
  const inChat = useAppSelector((s) => selectChatRooms(s).some((r) => r.roomId === roomId));
  const chatMuted = isRoomMuted(prefs, roomId);
  const eventMuted = isEventMuted(prefs, eventId);
  const [muteChat, chatMuting] = useMuteChatMutation();
  const [unmuteChat, chatUnmuting] = useUnmuteChatMutation();
  const [muteEvent, eventMuting] = useMuteEventMutation();
  const [unmuteEvent, eventUnmuting] = useUnmuteEventMutation();

  const toggleChat = async () => {
    // Without the preferences we cannot know which way the switch goes.
    if (!loaded) return notice(NOTIFICATION_MSG.eventChatToggleFailed, 'error');
    if (!inChat) return notice(NOT_IN_CHAT, 'info');
    try {
      if (chatMuted) await unmuteChat(roomId).unwrap();
      else await muteChat({ roomId, muteExpiresAt: null }).unwrap();
      notice(chatMuted ? NOTIFICATION_MSG.eventChatUnmuted : NOTIFICATION_MSG.eventChatMuted, 'success');
    } catch {
      notice(chatMuted ? NOTIFICATION_MSG.eventChatUnmuteFailed : NOTIFICATION_MSG.eventChatMuteFailed, 'error');
    }
  };

  const toggleEvent = async () => {
    if (!loaded) return notice(NOTIFICATION_MSG.eventToggleFailed, 'error');
    try {
      if (eventMuted) await unmuteEvent(eventId).unwrap();
      else await muteEvent(eventId).unwrap();
      notice(eventMuted ? NOTIFICATION_MSG.eventUnmuted : NOTIFICATION_MSG.eventMuted, 'success');
    } catch {
      notice(eventMuted ? NOTIFICATION_MSG.eventUnmuteFailed : NOTIFICATION_MSG.eventMuteFailed, 'error');
    }
  };

  return (
    <>
      <button
        type="button"
        className="event-action"
        aria-pressed={chatMuted}
        disabled={chatMuting.isLoading || chatUnmuting.isLoading}
        onClick={() => void toggleChat()}
      >
        <ChatOffIcon off={chatMuted} />
        <span>Wycisz chat</span>
      </button>
      <button
        type="button"
        className="event-action"
        aria-pressed={eventMuted}
        disabled={eventMuting.isLoading || eventUnmuting.isLoading}
        onClick={() => void toggleEvent()}
      >
        <BellOffIcon off={eventMuted} />
        <span>Wycisz powiadomienia</span>
      </button>
    </>
  );
}
