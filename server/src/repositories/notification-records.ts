import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { BELL_OWN_KINDS, type NotificationDto, type NotificationKind } from '@contract/notifications';
import type { Executor } from '../db/database';
import { notifications } from '../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NotificationDraft {
  userId: string;
  kind: NotificationKind;
  eventId: string | null;
  title: string;
  body: string;
  /** An in-app path, e.g. /dashboard/event/…. */
  link: string;
  /** A chat room, so a muted room sends nothing (not stored). */
  roomId?: string;
}

export function toNotificationDto(r: NotificationRow): NotificationDto {
  return {
    _id: r.id,
    kind: r.kind,
    eventId: r.eventId,
    title: r.title,
    body: r.body,
    link: r.link,
    channels: r.channels,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function insertNotification(ex: Executor, d: NotificationDraft, channels: string[], now: Date): Promise<NotificationRow> {
  const [row] = await ex
    .insert(notifications)
    .values({ userId: d.userId, kind: d.kind, eventId: d.eventId, title: d.title, body: d.body, link: d.link, channels, createdAt: now })
    .returning();
  return row;
}

export async function setChannels(ex: Executor, id: string, channels: string[]): Promise<void> {
  await ex.update(notifications).set({ channels }).where(eq(notifications.id, id));
}

/** The person's notifications, newest first, a page at a time, with the totals the list shows. */
export async function listNotifications(ex: Executor, userId: string, opts: { page: number; limit: number; unreadOnly: boolean }) {
  const mine = opts.unreadOnly ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId);
  const rows = await ex
    .select()
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await ex.select({ total: count() }).from(notifications).where(mine);
  const [{ unread, unreadOther }] = await ex
    .select({
      unread: count(),
      unreadOther: sql<number>`(count(*) FILTER (WHERE ${inArray(notifications.kind, BELL_OWN_KINDS)}))::int`,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { rows, total, unread, unreadOther: Number(unreadOther) };
}

/** Marks one of the person's own notifications read; the row, or undefined when it is not theirs. */
export async function markNotificationRead(ex: Executor, userId: string, id: string): Promise<NotificationRow | undefined> {
  const [row] = await ex
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

export async function markAllNotificationsRead(ex: Executor, userId: string): Promise<number> {
  const rows = await ex
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** The kinds whose unread state mirrors the participation's (or the organiser's) flag (docs/adr/0085). */
export const STATUS_KINDS: NotificationKind[] = ['statusChange', 'joinRequest', 'playerLeft', 'eventCancelled'];

/** A game's status news read elsewhere (My events, the management page) is read here too. */
export async function markEventStatusRead(ex: Executor, userId: string, eventId: string): Promise<void> {
  await ex
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(notifications.userId, userId), eq(notifications.eventId, eventId), inArray(notifications.kind, STATUS_KINDS), isNull(notifications.readAt)),
    );
}

/** How long notifications are kept (docs/adr/0085): read ones 90 days, unread ones a year. */
export const KEEP_READ_DAYS = 90;
export const KEEP_UNREAD_DAYS = 365;

/**
 * Deletes notifications past their keeping time, and the reminder claims of games that started
 * over a week ago, in batches so no statement holds many rows. Answers how many of each went.
 */
export async function pruneNotifications(ex: Executor, now: Date, batch = 5000): Promise<{ notifications: number; reminders: number }> {
  const readBefore = new Date(now.getTime() - KEEP_READ_DAYS * 86_400_000);
  const anyBefore = new Date(now.getTime() - KEEP_UNREAD_DAYS * 86_400_000);
  const claimsBefore = new Date(now.getTime() - 7 * 86_400_000);
  let removed = 0;
  let reminders = 0;
  for (;;) {
    const gone = await ex.execute(sql`DELETE FROM notifications WHERE id IN (
      SELECT id FROM notifications
      WHERE NOT digest_pending AND ((read_at IS NOT NULL AND created_at < ${readBefore.toISOString()}) OR created_at < ${anyBefore.toISOString()})
      LIMIT ${batch}) RETURNING 1`);
    removed += gone.rows.length;
    if (gone.rows.length < batch) break;
  }
  for (;;) {
    const gone = await ex.execute(sql`DELETE FROM event_reminders WHERE ctid IN (
      SELECT ctid FROM event_reminders WHERE start_at < ${claimsBefore.toISOString()} LIMIT ${batch}) RETURNING 1`);
    reminders += gone.rows.length;
    if (gone.rows.length < batch) break;
  }
  return { notifications: removed, reminders };
}
