/** Every cache tag of the app; features add theirs here rather than inventing strings. */
export const TAG_TYPES = [
  'CurrentUser',
  'UserStats',
  'User',
  'Consent',
  'Location',
  'Event',
  'MyEvents',
  'EventUsers',
  'EventStatus',
  'ChatRoom',
  'ChatMessage',
  'ChatParticipant',
  'Notification',
  'NotificationPreferences',
  'Ranking',
  'TwoFactor',
  'Sessions',
  'CalendarFeed',
  'Regulars',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

export const LIST_ID = 'LIST';

export function idTag<T extends TagType>(type: T, id: string | number) {
  return { type, id };
}

export function listTag<T extends TagType>(type: T) {
  return { type, id: LIST_ID };
}

/** Lists that may have missed real-time updates while the socket was down. */
export const REALTIME_LIST_TAGS: TagType[] = ['Event', 'MyEvents', 'EventUsers', 'EventStatus', 'ChatRoom', 'ChatMessage', 'ChatParticipant', 'Notification', 'Ranking'];
