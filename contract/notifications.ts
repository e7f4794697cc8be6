import { z } from 'zod';
import { eventDto, statusRecordDto } from './events';
import { NOTIFICATION_MSG } from './plain/notifications';

// The mute lengths, messages, defaults and mute rules live in a zod-free module (docs/adr/0035).
export * from './plain/notifications';

export const mutedChatRoom = z.object({ chatRoomId: z.string(), muteExpiresAt: z.string().nullable() });
export type MutedChatRoom = z.infer<typeof mutedChatRoom>;

export const notificationPreferences = z.object({
  eventStatusUpdates: z.boolean(),
  chatMessages: z.boolean(),
  eventReminders: z.boolean(),
  newEventInArea: z.boolean(),
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
