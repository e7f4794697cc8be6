import type { ChatMessage } from '@contract/chat';
import type { StatusUpdatePayload } from '@contract/events';
import type { NotificationPreferences } from '@contract/notifications';
import { isEventMuted, isRoomMuted } from '@contract/plain/notifications';

/**
 * Spec section 4, "Unread logic": a message rings (sound and +1 on its room) when someone else sent
 * it, to a room that is not open, with chat notifications on and the room not muted (an expired
 * mute does not count).
 */
export function shouldNotifyMessage(args: {
  message: ChatMessage;
  me: string | undefined;
  activeRoomId: string | null;
  prefs: NotificationPreferences;
  now?: number;
}): boolean {
  const { message, me, activeRoomId, prefs, now = Date.now() } = args;
  return (
    Boolean(me) &&
    message.sender._id !== me &&
    message.roomId !== activeRoomId &&
    prefs.chatMessages &&
    !isRoomMuted(prefs, message.roomId, now)
  );
}

/**
 * A status update rings when it is news for me (about my participation, or, as the organiser, a
 * request to join or an accepted player leaving my game), with event notifications on and the game
 * not muted.
 */
export function shouldNotifyStatus(args: { update: StatusUpdatePayload; me: string | undefined; prefs: NotificationPreferences }): boolean {
  const { update, me, prefs } = args;
  const forMe = update.userId === me || update.forOrganiser === true;
  return Boolean(me) && forMe && !update.readBy && prefs.eventStatusUpdates && !isEventMuted(prefs, update.eventId);
}

/** The unread messages a person should be shown: muted rooms and switched-off chat notifications stay quiet. */
export function visibleRoomUnread(count: number, roomId: string, prefs: NotificationPreferences, now: number = Date.now()): number {
  return prefs.chatMessages && !isRoomMuted(prefs, roomId, now) ? count : 0;
}

export function totalRoomUnread(rooms: Record<string, number>, prefs: NotificationPreferences, now: number = Date.now()): number {
  return Object.entries(rooms).reduce((sum, [roomId, n]) => sum + visibleRoomUnread(n, roomId, prefs, now), 0);
}

export function totalEventUnread(eventIds: string[], prefs: NotificationPreferences): number {
  return prefs.eventStatusUpdates ? eventIds.filter((id) => !isEventMuted(prefs, id)).length : 0;
}

/** The bell's badge: nothing at 0, the number up to 9, then '9+' (spec section 9). */
export function badgeLabel(total: number): string | null {
  if (total <= 0) return null;
  return total > 9 ? '9+' : String(total);
}
