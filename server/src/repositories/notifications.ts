import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '@contract/notifications';
import type { Executor } from '../db/database';
import { chatMutes, eventMutes, notificationPreferences, participations } from '../db/schema';

type Switches = Omit<NotificationPreferences, 'mutedChatRooms' | 'mutedEvents'>;

/** The person's preferences: defaults until they change something; expired chat mutes left out. */
export async function getPreferences(ex: Executor, userId: string): Promise<NotificationPreferences> {
  const [row] = await ex.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const mutes = await ex
    .select({ chatRoomId: chatMutes.roomId, muteExpiresAt: chatMutes.muteExpiresAt })
    .from(chatMutes)
    .where(and(eq(chatMutes.userId, userId), or(isNull(chatMutes.muteExpiresAt), gt(chatMutes.muteExpiresAt, sql`now()`))))
    .orderBy(chatMutes.roomId);
  const events = await ex.select({ eventId: eventMutes.eventId }).from(eventMutes).where(eq(eventMutes.userId, userId)).orderBy(eventMutes.eventId);
  return {
    eventStatusUpdates: row?.eventStatusUpdates ?? DEFAULT_PREFERENCES.eventStatusUpdates,
    chatMessages: row?.chatMessages ?? DEFAULT_PREFERENCES.chatMessages,
    eventReminders: row?.eventReminders ?? DEFAULT_PREFERENCES.eventReminders,
    newEventInArea: row?.newEventInArea ?? DEFAULT_PREFERENCES.newEventInArea,
    reminder24h: row?.reminder24h ?? DEFAULT_PREFERENCES.reminder24h,
    reminder2h: row?.reminder2h ?? DEFAULT_PREFERENCES.reminder2h,
    emailNotifications: row?.emailNotifications ?? DEFAULT_PREFERENCES.emailNotifications,
    pushNotifications: row?.pushNotifications ?? DEFAULT_PREFERENCES.pushNotifications,
    nearbyRadiusKm: row?.nearbyRadiusKm ?? DEFAULT_PREFERENCES.nearbyRadiusKm,
    nearbyGameTypes: row?.nearbyGameTypes ?? DEFAULT_PREFERENCES.nearbyGameTypes,
    nearbyDigest: row?.nearbyDigest ?? DEFAULT_PREFERENCES.nearbyDigest,
    mutedChatRooms: mutes.map((m) => ({ chatRoomId: m.chatRoomId, muteExpiresAt: m.muteExpiresAt ? m.muteExpiresAt.toISOString() : null })),
    mutedEvents: events,
  };
}

/** Writes only the switches that were sent; the others keep their value (or default). */
export async function updateSwitches(ex: Executor, userId: string, changes: Partial<Switches>): Promise<void> {
  await ex
    .insert(notificationPreferences)
    .values({ userId, ...changes })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: changes });
}

export async function muteRoom(ex: Executor, userId: string, roomId: string, until: Date | null): Promise<void> {
  await ex
    .insert(chatMutes)
    .values({ userId, roomId, muteExpiresAt: until })
    .onConflictDoUpdate({ target: [chatMutes.userId, chatMutes.roomId], set: { muteExpiresAt: until } });
}

export async function unmuteRoom(ex: Executor, userId: string, roomId: string): Promise<void> {
  await ex.delete(chatMutes).where(and(eq(chatMutes.userId, userId), eq(chatMutes.roomId, roomId)));
}

export async function muteEvent(ex: Executor, userId: string, eventId: string): Promise<void> {
  await ex.insert(eventMutes).values({ userId, eventId }).onConflictDoNothing();
}

export async function unmuteEvent(ex: Executor, userId: string, eventId: string): Promise<void> {
  await ex.delete(eventMutes).where(and(eq(eventMutes.userId, userId), eq(eventMutes.eventId, eventId)));
}

/** The person's participation records they have not seen yet. */
export async function unreadRecords(ex: Executor, userId: string) {
  return ex
    .select()
    .from(participations)
    .where(and(eq(participations.userId, userId), eq(participations.readBy, false)))
    .orderBy(sql`${participations.updatedAt} DESC`);
}

/** Marks one of the person's own records read; its game, or null when it is not theirs (or does not exist). */
export async function markRecordRead(ex: Executor, userId: string, recordId: string): Promise<string | null> {
  const rows = await ex
    .update(participations)
    .set({ readBy: true })
    .where(and(eq(participations.id, recordId), eq(participations.userId, userId)))
    .returning({ eventId: participations.eventId });
  return rows[0]?.eventId ?? null;
}
