import { sql } from 'drizzle-orm';
import {
  bigint, boolean, customType, date, doublePrecision, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    nickName: text('nick_name').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    phoneNumber: text('phone_number'),
    birthDate: date('birth_date', { mode: 'string' }),
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('user'),
    isActive: boolean('is_active').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    googleUid: text('google_uid'),
    /** Bumped with every new avatar, so its URL changes and caches stay correct; null without one. */
    avatarVersion: integer('avatar_version'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_nick_lower_key').on(sql`lower(${t.nickName})`),
    uniqueIndex('users_google_uid_key').on(t.googleUid),
  ],
);

/** Points are derived by the database itself, so they can never disagree with the counters. */
export const userStats = pgTable(
  'user_stats',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    gamesPlayed: integer('games_played').notNull().default(0),
    eventsOrganized: integer('events_organized').notNull().default(0),
    totalLikes: integer('total_likes').notNull().default(0),
    points: integer('points')
      .notNull()
      .generatedAlwaysAs(sql`events_organized * 30 + games_played * 10 + total_likes * 3`),
  },
  (t) => [index('user_stats_points_idx').on(t.points)],
);

export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Two-factor sign-in (TOTP, ADR 57). The secret is sealed with the server's key; `enabledAt` is null
 * while setup waits for its first code. `lastStep` is the last accepted time step: a code of that
 * step or an earlier one is refused, so a code works once.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes of two-factor sign-in, stored as keyed hashes. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/** Single-use links: e-mail verification and password reset. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['verify', 'reset', 'login-2fa'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_kind_idx').on(t.userId, t.kind)],
);

/** `cube` from the cube/earthdistance extensions: a point on the earth's surface, indexed with GiST. */
const earth = customType<{ data: string; driverData: string }>({ dataType: () => 'cube' });

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    gameType: text('game_type').notNull(),
    startDate: text('start_date').notNull(),
    startHour: text('start_hour').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
    city: text('city').notNull(),
    street: text('street').notNull(),
    addressNumber: text('address_number').notNull(),
    postalCode: text('postal_code').notNull(),
    region: text('region'),
    fieldType: text('field_type').notNull(),
    playerCount: integer('player_count').notNull().default(0),
    level: text('level').notNull(),
    price: numeric('price', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    paymentMethod: text('payment_method'),
    description: text('description').notNull().default(''),
    phoneNumber: text('phone_number'),
    isPrivate: boolean('is_private').notNull().default(false),
    isRecurring: boolean('is_recurring').notNull().default(false),
    /** When a place frees in a full game: 'auto' accepts the first on the waitlist, 'approval' makes it a request (ADR 90). */
    waitlistMode: text('waitlist_mode', { enum: ['auto', 'approval'] }).notNull().default('approval'),
    status: text('status', { enum: ['upcoming', 'live', 'completed', 'cancelled'] }).notNull().default('upcoming'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    earth: earth('earth').generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Since when the organiser has news they have not seen (a request to join, an accepted player
     * leaving); null when they have seen everything. The organiser's counterpart of participations.read_by.
     */
    ownerUnreadSince: timestamp('owner_unread_since', { withTimezone: true }),
    /** When the game was completed (Zakończ or the clock): attendance may be changed for 48 h after it (ADR 91). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The weekly series this game is an occurrence of (ADR 92); null for a one-off game. */
    seriesId: uuid('series_id').references((): AnyPgColumn => eventSeries.id, { onDelete: 'set null' }),
    /**
     * The series' slot this game fills: its Warsaw date as scheduled (YYYY-MM-DD). Kept when only this
     * game is moved, so the job never fills the slot again; unique per series, which makes creating
     * an occurrence idempotent across processes (ADR 92).
     */
    seriesDate: text('series_date'),
  },
  (t) => [
    uniqueIndex('events_series_slot_key').on(t.seriesId, t.seriesDate),
    index('events_owner_idx').on(t.ownerId),
    index('events_status_end_idx').on(t.status, t.endAt),
    // The reminder job's window: upcoming games starting within the next day (docs/adr/0085).
    index('events_status_start_idx').on(t.status, t.startAt),
  ],
);

/**
 * What changed in `events` for the search index each process keeps in memory (ADR 96): one row per
 * game per writing statement, written by statement triggers (hand-written in the migration) with the
 * writing transaction's id. A process reads the rows of transactions that have all finished since
 * it last looked (`txid` below the snapshot's xmin), so none is missed however commits interleave.
 * Rows older than an hour are pruned; a process that has not looked for that long reloads instead.
 */
export const eventSearchChanges = pgTable(
  'event_search_changes',
  {
    txid: bigint('txid', { mode: 'number' }).notNull().default(sql`(pg_current_xact_id()::text::bigint)`),
    eventId: uuid('event_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_search_changes_txid_idx').on(t.txid), index('event_search_changes_changed_at_idx').on(t.changedAt)],
);

/** A person's participation in an event; `read_by` false marks a change they have not seen yet. */
export const participations = pgTable(
  'participations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'waitlisted': asked to join a full game; the waitlist's order is (created_at, id), arrival order (ADR 90). */
    status: text('status', { enum: ['interested', 'accepted', 'rejected', 'finished', 'waitlisted'] }).notNull(),
    readBy: boolean('read_by').notNull().default(true),
    /** A played game's check-in (ADR 91): false marks a no-show, whose game is not counted as played. */
    attended: boolean('attended').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('participations_event_user_key').on(t.eventId, t.userId), index('participations_user_idx').on(t.userId)],
);

/**
 * A signed-in person's saved location (docs/adr/0075): with the account, never with the browser.
 * `earth` is GiST-indexed so a new game finds the people around it in one query (docs/adr/0086).
 */
export const savedLocations = pgTable(
  'saved_locations',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    city: text('city'),
    region: text('region'),
    country: text('country'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    earth: earth('earth').generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
  },
  (t) => [index('saved_locations_earth_gist').using('gist', t.earth)],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The current avatar of a user (one row, replaced in one transaction); served at a stable URL. */
export const avatars = pgTable('avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: bytea('data').notNull(),
  mime: text('mime').notNull().default('image/jpeg'),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Chat rooms: `group_{eventId}` for a game's organiser and accepted players, and private rooms
 * between two people (`private_{smallerUserId}_{largerUserId}`, so asking twice finds the same room).
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['group', 'private'] }).notNull(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('chat_rooms_event_idx').on(t.eventId)],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Messages from others created after this are unread. */
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_room_time_idx').on(t.roomId, t.createdAt, t.id), index('chat_messages_sender_idx').on(t.senderId)],
);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  eventStatusUpdates: boolean('event_status_updates').notNull().default(true),
  chatMessages: boolean('chat_messages').notNull().default(true),
  eventReminders: boolean('event_reminders').notNull().default(true),
  newEventInArea: boolean('new_event_in_area').notNull().default(true),
  // docs/adr/0085: which reminders, which channels, and what "near me" means.
  reminder24h: boolean('reminder_24h').notNull().default(true),
  reminder2h: boolean('reminder_2h').notNull().default(true),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(true),
  nearbyRadiusKm: integer('nearby_radius_km').notNull().default(20),
  /** Empty: every game type. */
  nearbyGameTypes: text('nearby_game_types').array().notNull().default(sql`'{}'::text[]`),
  nearbyDigest: boolean('nearby_digest').notNull().default(false),
  /** When the last daily digest of new games nearby went out (the digest's claim, docs/adr/0086). */
  digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
});

export const NOTIFICATION_KINDS = [
  'statusChange', 'joinRequest', 'playerLeft', 'reminder', 'nearbyGame', 'eventChanged', 'eventCancelled', 'chatMessage',
] as const;

/**
 * One stored notification per thing worth telling a person (docs/adr/0085): its Polish text, the
 * link it opens, whether it was read, and the channels it went out on.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    /** 'inApp', 'email', 'push' (and 'digest' for new games waiting for the daily e-mail). */
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** A new game nearby for a person who chose the daily digest, not mailed yet. */
    digestPending: boolean('digest_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_time_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_kind_time_idx').on(t.userId, t.kind, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at IS NULL`),
    index('notifications_digest_idx').on(t.userId).where(sql`digest_pending`),
    index('notifications_event_idx').on(t.eventId),
  ],
);

/**
 * A reminder claimed (and so sent) once: per game, person, which reminder, and the start it was
 * for. Claiming is an INSERT that does nothing on conflict, so two processes never send one twice;
 * a game moved to a new start has no claims for it yet, so its reminders move with it (docs/adr/0085).
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offset: text('offset', { enum: ['24h', '2h'] }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.offset, t.startAt] }), index('event_reminders_user_idx').on(t.userId)],
);

/** A muted chat room; a null expiry is permanent, a past one is ignored. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    muteExpiresAt: timestamp('mute_expires_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roomId] })],
);

export const eventMutes = pgTable(
  'event_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] })],
);

/** One like per pair; user_stats.total_likes of the target changes in the same transaction. */
export const userLikes = pgTable(
  'user_likes',
  {
    likerId: uuid('liker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.likerId, t.targetId] }), index('user_likes_target_idx').on(t.targetId)],
);

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['user', 'event', 'bug'] }).notNull(),
    message: text('message').notNull(),
    reportedUserId: uuid('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    reportedEventId: uuid('reported_event_id').references(() => events.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('reports_reporter_idx').on(t.reporterId, t.createdAt)],
);

/**
 * One browser's Web Push subscription (ADR 88); a person may have several devices. The endpoint is
 * unique: subscribing the same browser again (another account on it) moves the row to that person.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    /**
     * The session that subscribed this browser: when it ends (logout, expiry, "log out other
     * devices", a password change) the browser stops receiving the person's notifications, so the
     * next person on a shared computer never sees them (ADR 88).
     */
    sessionIdHash: text('session_id_hash').references(() => sessions.idHash, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_session_idx').on(t.sessionIdHash),
  ],
);

/** A person's private calendar feed (ADR 89): only the token's hash is kept; a new token revokes the old one. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_key').on(t.tokenHash)],
);

/**
 * A weekly series of games (ADR 92): every week on the anchor's weekday at `localTime` (Europe/Warsaw),
 * a game made from `template` (the form's values and the resolved place). The periodic job keeps each
 * active series filled a few weeks ahead; `endedAt` (cancel "to i następne") stops it.
 */
export const eventSeries = pgTable(
  'event_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO weekday of the games, 1 = Monday … 7 = Sunday (derived from anchorDate, kept for reading). */
    weekday: integer('weekday').notNull(),
    /** A Warsaw date of one of the series' slots; the others are whole weeks from it. */
    anchorDate: text('anchor_date').notNull(),
    localTime: text('local_time').notNull(),
    duration: integer('duration').notNull(),
    template: jsonb('template').notNull(),
    until: text('until'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('event_series_active_idx').on(t.id).where(sql`ended_at IS NULL`), index('event_series_owner_idx').on(t.ownerId)],
);

/** The regulars of a series: accepted into every new occurrence (ADR 92). */
export const seriesRegulars = pgTable(
  'series_regulars',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => eventSeries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('series_regulars_user_idx').on(t.userId)],
);
