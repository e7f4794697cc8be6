import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database';

export interface ClaimedReminder {
  eventId: string;
  userId: string;
  offset: '24h' | '2h';
  eventName: string;
  startAt: Date;
  city: string;
  street: string;
  addressNumber: string;
}

/**
 * Claims every reminder due at `now` and answers the claimed ones (docs/adr/0085). Due: an upcoming
 * game starting within its lead (24 h or 2 h; the 24 h one only while more than 2 h remain), for
 * its organiser and each accepted player who wants that reminder and has not muted the game, and
 * only when the game existed before the reminder's moment (a game set up 1 h ahead gets none).
 *
 * The claim is the INSERT itself: (game, person, reminder, start) is the primary key and a conflict
 * does nothing, so of two processes running this at once only one gets each row back — on
 * PostgreSQL the second insert waits for the first to commit and then skips it; PGlite runs them
 * one after the other. A game moved to a new start has no claims for that start, so its reminders
 * move with it; a cancelled game is no longer upcoming, so its reminders never come.
 */
export async function claimDueReminders(ex: Executor, now: Date, limit = 500): Promise<ClaimedReminder[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const res = await ex.execute(sql`
    WITH due AS (
      SELECT e.id AS event_id, who.user_id, o.name AS "offset", e.start_at
      FROM events e
      CROSS JOIN (VALUES ('24h', interval '24 hours'), ('2h', interval '2 hours')) AS o(name, lead)
      CROSS JOIN LATERAL (
        SELECT e.owner_id AS user_id
        UNION SELECT pa.user_id FROM participations pa WHERE pa.event_id = e.id AND pa.status = 'accepted'
      ) who
      LEFT JOIN notification_preferences np ON np.user_id = who.user_id
      WHERE e.status = 'upcoming'
        AND e.start_at > ${at} AND e.start_at <= ${at} + interval '24 hours'
        AND e.start_at - o.lead <= ${at}
        AND (o.name = '2h' OR e.start_at - interval '2 hours' > ${at})
        AND e.created_at < e.start_at - o.lead
        AND coalesce(np.event_reminders, true)
        AND CASE o.name WHEN '24h' THEN coalesce(np.reminder_24h, true) ELSE coalesce(np.reminder_2h, true) END
        AND NOT EXISTS (SELECT 1 FROM event_mutes m WHERE m.user_id = who.user_id AND m.event_id = e.id)
        AND NOT EXISTS (
          SELECT 1 FROM event_reminders r
          WHERE r.event_id = e.id AND r.user_id = who.user_id AND r."offset" = o.name AND r.start_at = e.start_at
        )
      ORDER BY e.start_at
      LIMIT ${limit}
    ), claimed AS (
      INSERT INTO event_reminders (event_id, user_id, "offset", start_at, sent_at)
      SELECT event_id, user_id, "offset", start_at, ${at} FROM due
      ON CONFLICT DO NOTHING
      RETURNING event_id, user_id, "offset"
    )
    SELECT c.event_id, c.user_id, c."offset", e.event_name, e.start_at, e.city, e.street, e.address_number
    FROM claimed c JOIN events e ON e.id = c.event_id
    ORDER BY e.start_at, c.user_id`);
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    eventId: r.event_id as string,
    userId: r.user_id as string,
    offset: r.offset as '24h' | '2h',
    eventName: r.event_name as string,
    startAt: new Date(r.start_at as string | Date),
    city: r.city as string,
    street: r.street as string,
    addressNumber: r.address_number as string,
  }));
}
