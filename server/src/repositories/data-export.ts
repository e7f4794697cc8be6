import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database';
import { getPreferences } from './notifications';
import {
  avatars, calendarFeeds, eventSeries, seriesRegulars, chatMembers, chatMessages, chatMutes, eventMutes, eventReminders, events, notifications,
  participations, reports, pushSubscriptions, savedLocations, sessions, totpRecoveryCodes, userLikes, users, userStats, userTotp,
} from '../db/schema';

/** Bumped when the shape of the export changes, so a reader can tell versions apart. */
export const EXPORT_FORMAT = 2;

/**
 * Every table that holds rows about a person (a column referencing users), and where the export
 * carries it: the key in the export, or why it is left out. A test walks the schema and fails on a
 * table missing here, so a new kind of personal data cannot be left out of the export unnoticed.
 */
export const PERSONAL_DATA: Record<string, { exportedAs: string } | { leftOut: string }> = {
  users: { exportedAs: 'profile' },
  user_stats: { exportedAs: 'stats' },
  sessions: { exportedAs: 'sessions' },
  user_totp: { exportedAs: 'twoFactor' },
  totp_recovery_codes: { exportedAs: 'twoFactor' },
  user_tokens: { leftOut: 'single-use e-mail links (verification, password reset): secrets that expire within hours' },
  events: { exportedAs: 'gamesOrganised' },
  participations: { exportedAs: 'participations' },
  saved_locations: { exportedAs: 'savedLocation' },
  avatars: { exportedAs: 'avatar' },
  chat_members: { exportedAs: 'chatRooms' },
  chat_messages: { exportedAs: 'messagesWritten' },
  notification_preferences: { exportedAs: 'notificationSettings' },
  notifications: { exportedAs: 'notifications' },
  event_reminders: { exportedAs: 'remindersSent' },
  chat_mutes: { exportedAs: 'chatMutes' },
  event_mutes: { exportedAs: 'gameMutes' },
  user_likes: { exportedAs: 'likesGiven' },
  reports: { exportedAs: 'reportsMade' },
  push_subscriptions: { exportedAs: 'pushDevices' },
  calendar_feeds: { exportedAs: 'calendarFeed' },
  event_series: { exportedAs: 'weeklySeries' },
  series_regulars: { exportedAs: 'regularIn' },
};

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
  const [stats, avatar, organised, statuses, messages, likesGiven, likesReceived, reportsMade, roomMutes, gameMutes, chats, ownSessions] =
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
        attended: participations.attended, createdAt: participations.createdAt, updatedAt: participations.updatedAt,
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

  // The switches as they apply (the defaults until the person changes one); mutes are listed below.
  const { mutedChatRooms: _rooms, mutedEvents: _games, ...notificationSettings } = await getPreferences(ex, userId);
  // Where the person said they are (ADR 75), what they were told (ADR 85) and which reminders went out.
  const [location] = await ex
    .select({ latitude: savedLocations.latitude, longitude: savedLocations.longitude, city: savedLocations.city, region: savedLocations.region,
      country: savedLocations.country, updatedAt: savedLocations.updatedAt })
    .from(savedLocations)
    .where(eq(savedLocations.userId, userId));
  const told = await ex
    .select({ kind: notifications.kind, eventId: notifications.eventId, title: notifications.title, body: notifications.body, link: notifications.link,
      channels: notifications.channels, readAt: notifications.readAt, createdAt: notifications.createdAt })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt));
  const reminders = await ex
    .select({ eventId: eventReminders.eventId, reminder: eventReminders.offset, startAt: eventReminders.startAt, sentAt: eventReminders.sentAt })
    .from(eventReminders)
    .where(eq(eventReminders.userId, userId))
    .orderBy(desc(eventReminders.sentAt));

  // Weekly series (ADR 92): the ones the person runs, and those they are a regular of.
  const series = await ex
    .select({ id: eventSeries.id, weekday: eventSeries.weekday, localTime: eventSeries.localTime, duration: eventSeries.duration,
      template: eventSeries.template, until: eventSeries.until, endedAt: eventSeries.endedAt, createdAt: eventSeries.createdAt })
    .from(eventSeries)
    .where(eq(eventSeries.ownerId, userId))
    .orderBy(eventSeries.createdAt);
  const regularIn = await ex
    .select({ seriesId: seriesRegulars.seriesId, since: seriesRegulars.createdAt })
    .from(seriesRegulars)
    .where(eq(seriesRegulars.userId, userId));

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
    notificationSettings,
    notifications: told,
    remindersSent: reminders,
    savedLocation: location ?? null,
    weeklySeries: series,
    regularIn,
    chatMutes: roomMutes,
    gameMutes,
    sessions: ownSessions,
    pushDevices: devices.map((d) => ({ pushService: new URL(d.endpoint).origin, userAgent: d.userAgent, createdAt: d.createdAt })),
    calendarFeed: feed ? { createdAt: feed.createdAt } : null,
    twoFactor: { enabledAt: totp?.enabledAt ?? null, recoveryCodesUnused: totp?.enabledAt ? unusedCodes.length : 0 },
  };
}
