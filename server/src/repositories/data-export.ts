import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import {
  avatars, calendarFeeds, chatMembers, chatMessages, chatMutes, eventMutes, events, notificationPreferences, participations, reports,
  pushSubscriptions, sessions, totpRecoveryCodes, userLikes, users, userStats, userTotp,
} from '../db/schema';

/** Bumped when the shape of the export changes, so a reader can tell versions apart. */
export const EXPORT_FORMAT = 1;

/**
 * Everything stored about one person, for "Pobierz moje dane" (ADR 56). Every column is listed by
 * name, so a new secret column (a hash, a token, a key) never reaches the export by accident:
 * never the password hash, session id hashes, single-use link tokens or second-factor secrets.
 */
export async function exportUserData(ex: Executor, userId: string) {
  const [profile] = await ex
    .select({
      id: users.id, email: users.email, nickName: users.nickName, name: users.name, surname: users.surname,
      phoneNumber: users.phoneNumber, birthDate: users.birthDate, role: users.role, isActive: users.isActive,
      isPremium: users.isPremium, googleLinked: users.googleUid, createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!profile) return null;

  const liker = alias(users, 'liker');
  const target = alias(users, 'target');
  const [stats, avatar, organised, statuses, messages, likesGiven, likesReceived, reportsMade, prefs, roomMutes, gameMutes, chats, ownSessions] =
    await Promise.all([
      ex.select({ gamesPlayed: userStats.gamesPlayed, eventsOrganized: userStats.eventsOrganized, totalLikes: userStats.totalLikes, points: userStats.points })
        .from(userStats).where(eq(userStats.userId, userId)),
      ex.select({ mime: avatars.mime, data: avatars.data, version: avatars.version, updatedAt: avatars.updatedAt })
        .from(avatars).where(eq(avatars.userId, userId)),
      ex.select({
        id: events.id, eventName: events.eventName, gameType: events.gameType, startDate: events.startDate, startHour: events.startHour,
        duration: events.duration, city: events.city, street: events.street, addressNumber: events.addressNumber,
        postalCode: events.postalCode, region: events.region, fieldType: events.fieldType, playerCount: events.playerCount,
        level: events.level, price: events.price, paymentMethod: events.paymentMethod, description: events.description,
        phoneNumber: events.phoneNumber, isPrivate: events.isPrivate, isRecurring: events.isRecurring, status: events.status,
        latitude: events.latitude, longitude: events.longitude, createdAt: events.createdAt, updatedAt: events.updatedAt,
      }).from(events).where(eq(events.ownerId, userId)).orderBy(desc(events.startAt)),
      ex.select({
        eventId: participations.eventId, eventName: events.eventName, startDate: events.startDate, status: participations.status,
        createdAt: participations.createdAt, updatedAt: participations.updatedAt,
      }).from(participations).innerJoin(events, eq(events.id, participations.eventId))
        .where(eq(participations.userId, userId)).orderBy(desc(participations.createdAt)),
      ex.select({ id: chatMessages.id, roomId: chatMessages.roomId, body: chatMessages.body, createdAt: chatMessages.createdAt })
        .from(chatMessages).where(eq(chatMessages.senderId, userId)).orderBy(chatMessages.createdAt),
      ex.select({ userId: userLikes.targetId, nickName: target.nickName, createdAt: userLikes.createdAt })
        .from(userLikes).innerJoin(target, eq(target.id, userLikes.targetId)).where(eq(userLikes.likerId, userId)),
      ex.select({ userId: userLikes.likerId, nickName: liker.nickName, createdAt: userLikes.createdAt })
        .from(userLikes).innerJoin(liker, eq(liker.id, userLikes.likerId)).where(eq(userLikes.targetId, userId)),
      ex.select({
        id: reports.id, type: reports.type, message: reports.message, reportedUserId: reports.reportedUserId,
        reportedEventId: reports.reportedEventId, createdAt: reports.createdAt,
      }).from(reports).where(eq(reports.reporterId, userId)).orderBy(reports.createdAt),
      ex.select({
        eventStatusUpdates: notificationPreferences.eventStatusUpdates, chatMessages: notificationPreferences.chatMessages,
        eventReminders: notificationPreferences.eventReminders, newEventInArea: notificationPreferences.newEventInArea,
      }).from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
      ex.select({ roomId: chatMutes.roomId, muteExpiresAt: chatMutes.muteExpiresAt }).from(chatMutes).where(eq(chatMutes.userId, userId)),
      ex.select({ eventId: eventMutes.eventId }).from(eventMutes).where(eq(eventMutes.userId, userId)),
      ex.select({ roomId: chatMembers.roomId, joinedAt: chatMembers.joinedAt, lastReadAt: chatMembers.lastReadAt })
        .from(chatMembers).where(eq(chatMembers.userId, userId)),
      ex.select({
        createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt,
        userAgent: sessions.userAgent, ip: sessions.ip,
      }).from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt)),
    ]);

  // Two-factor sign-in: whether it is on and how many recovery codes are left, never the secret or the codes.
  const [totp] = await ex.select({ enabledAt: userTotp.enabledAt }).from(userTotp).where(eq(userTotp.userId, userId));
  const unusedCodes = await ex
    .select({ usedAt: totpRecoveryCodes.usedAt })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));

  // Push devices and the calendar feed (ADR 88, 89): which devices and since when; never the
  // endpoint, its keys or the feed's token hash (each of them opens a channel to the person).
  const devices = await ex
    .select({ endpoint: pushSubscriptions.endpoint, userAgent: pushSubscriptions.userAgent, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
  const [feed] = await ex.select({ createdAt: calendarFeeds.createdAt }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId));

  const [pic] = avatar;
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile: { ...profile, googleLinked: profile.googleLinked !== null },
    stats: stats[0] ?? null,
    avatar: pic ? { mime: pic.mime, version: pic.version, updatedAt: pic.updatedAt, dataUrl: `data:${pic.mime};base64,${pic.data.toString('base64')}` } : null,
    gamesOrganised: organised,
    participations: statuses,
    chatRooms: chats,
    messagesWritten: messages,
    likesGiven,
    likesReceived,
    reportsMade,
    // The defaults apply until the person changes them (no row yet).
    notificationSettings: prefs[0] ?? { eventStatusUpdates: true, chatMessages: true, eventReminders: true, newEventInArea: true },
    chatMutes: roomMutes,
    gameMutes,
    sessions: ownSessions,
    pushDevices: devices.map((d) => ({ pushService: new URL(d.endpoint).origin, userAgent: d.userAgent, createdAt: d.createdAt })),
    calendarFeed: feed ? { createdAt: feed.createdAt } : null,
    twoFactor: { enabledAt: totp?.enabledAt ?? null, recoveryCodesUnused: totp?.enabledAt ? unusedCodes.length : 0 },
  };
}
