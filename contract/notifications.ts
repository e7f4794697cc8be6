import { z } from 'zod';
import { GAME_TYPES, eventDto, statusRecordDto } from './events';
import { NEARBY_RADIUS_KM, NOTIFICATION_KIND_LABELS, NOTIFICATION_MSG, type NotificationKind } from './plain/notifications';

// The mute lengths, messages, defaults and mute rules live in a zod-free module (docs/adr/0035).
export * from './plain/notifications';

export const mutedChatRoom = z.object({ chatRoomId: z.string(), muteExpiresAt: z.string().nullable() });
export type MutedChatRoom = z.infer<typeof mutedChatRoom>;

const radiusKm = z
  .number({ error: NOTIFICATION_MSG.radiusRange })
  .int(NOTIFICATION_MSG.radiusRange)
  .min(NEARBY_RADIUS_KM.min, NOTIFICATION_MSG.radiusRange)
  .max(NEARBY_RADIUS_KM.max, NOTIFICATION_MSG.radiusRange);
const gameTypes = z
  .array(z.enum(GAME_TYPES, { error: NOTIFICATION_MSG.gameTypes }), { error: NOTIFICATION_MSG.gameTypes })
  .max(GAME_TYPES.length, NOTIFICATION_MSG.gameTypes)
  .refine((v) => new Set(v).size === v.length, NOTIFICATION_MSG.gameTypes);

/** The settings of docs/adr/0085 (reminders, channels, new games nearby); defaults keep older cached copies valid. */
const deliverySettings = {
  reminder24h: z.boolean(),
  reminder2h: z.boolean(),
  emailNotifications: z.boolean(),
  pushNotifications: z.boolean(),
  nearbyRadiusKm: radiusKm,
  /** Empty: every game type. */
  nearbyGameTypes: gameTypes,
  nearbyDigest: z.boolean(),
};

export const notificationPreferences = z.object({
  eventStatusUpdates: z.boolean(),
  chatMessages: z.boolean(),
  eventReminders: z.boolean(),
  newEventInArea: z.boolean(),
  reminder24h: z.boolean().default(true),
  reminder2h: z.boolean().default(true),
  emailNotifications: z.boolean().default(true),
  pushNotifications: z.boolean().default(true),
  nearbyRadiusKm: z.number().int().default(NEARBY_RADIUS_KM.default),
  nearbyGameTypes: z.array(z.string()).default([]),
  nearbyDigest: z.boolean().default(false),
  mutedChatRooms: z.array(mutedChatRoom),
  mutedEvents: z.array(z.object({ eventId: z.string() })),
});
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

export const preferencesResponse = z.object({ preferences: notificationPreferences });
export type PreferencesResponse = z.infer<typeof preferencesResponse>;

/** PUT carries only the changed switches (spec section 7). */
export const updatePreferencesBody = z
  .object({
    eventStatusUpdates: z.boolean(),
    chatMessages: z.boolean(),
    eventReminders: z.boolean(),
    newEventInArea: z.boolean(),
    ...deliverySettings,
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, NOTIFICATION_MSG.emptyUpdate);
export type UpdatePreferencesBody = z.input<typeof updatePreferencesBody>;

export const muteChatBody = z.object({
  muteExpiresAt: z.iso.datetime({ offset: true }).nullable().optional().default(null),
});
export type MuteChatBody = z.input<typeof muteChatBody>;

/** An organiser's game with news they have not seen: requests to join, accepted players leaving (docs/adr/0076). */
export const organiserNotification = z.object({ eventID: eventDto, since: z.string() });
export type OrganiserNotification = z.infer<typeof organiserNotification>;

export const unreadNotificationsResponse = z.object({
  unreadNotifications: z.array(statusRecordDto),
  organiserNotifications: z.array(organiserNotification),
});
export type UnreadNotificationsResponse = z.infer<typeof unreadNotificationsResponse>;

const notificationKinds = Object.keys(NOTIFICATION_KIND_LABELS) as [NotificationKind, ...NotificationKind[]];

/** One stored notification (docs/adr/0085). */
export const notificationDto = z.object({
  _id: z.string(),
  kind: z.enum(notificationKinds),
  eventId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  /** An in-app path such as /dashboard/event/…; never another site. */
  link: z.string(),
  channels: z.array(z.string()),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  unreadOnly: z.enum(['true', 'false']).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationListResponse = z.object({
  notifications: z.array(notificationDto),
  total: z.number().int(),
  unread: z.number().int(),
  /** Unread of BELL_OWN_KINDS: what the bell adds to its badge. */
  unreadOther: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

/** The socket event `notification`: a new stored notification for this person. */
export const notificationEventPayload = z.object({ notification: notificationDto });
export type NotificationEventPayload = z.infer<typeof notificationEventPayload>;
