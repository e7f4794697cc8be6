import { sql } from 'drizzle-orm';
import { DIGEST_DAILY_LIMIT, NEARBY_DAILY_LIMIT, NEARBY_RADIUS_KM } from '@contract/plain/notifications';
import type { Executor } from '../db/database';
import type { NotificationDraft, NotificationRow } from './notification-records';

export interface NewGame {
  id: string;
  ownerId: string;
  gameType: string;
  latitude: number;
  longitude: number;
}

export interface NearbyMatch {
  row: NotificationRow;
  digest: boolean;
  push: boolean;
}

/**
 * New games near you (docs/adr/0086) in ONE statement per new game: the GiST index on
 * saved_locations.earth answers the box of the largest radius anyone may choose, each person's own
 * radius, game types, switch and daily limit filter what it found, and the notifications are
 * inserted in the same statement. Never a loop over people.
 */
export const NEARBY_MATCH_SQL = (game: NewGame, text: Omit<NotificationDraft, 'userId'>, now: Date) => {
  const at = sql`${now.toISOString()}::timestamptz`;
  const centre = sql`ll_to_earth(${game.latitude}::float8, ${game.longitude}::float8)`;
  return sql`
    WITH matched AS (
      SELECT s.user_id, coalesce(np.nearby_digest, false) AS digest, coalesce(np.push_notifications, true) AS push
      FROM saved_locations s
      LEFT JOIN notification_preferences np ON np.user_id = s.user_id
      WHERE s.earth <@ earth_box(${centre}, ${NEARBY_RADIUS_KM.max * 1000}::float8)
        AND earth_distance(s.earth, ${centre}) <= coalesce(np.nearby_radius_km, ${NEARBY_RADIUS_KM.default}::int) * 1000
        AND s.user_id <> ${game.ownerId}::uuid
        AND coalesce(np.new_event_in_area, true)
        AND (np.nearby_game_types IS NULL OR cardinality(np.nearby_game_types) = 0 OR ${game.gameType}::text = ANY(np.nearby_game_types))
        AND (
          SELECT count(*) FROM notifications n
          WHERE n.user_id = s.user_id AND n.kind = 'nearbyGame' AND n.created_at > ${at} - interval '1 day'
        ) < CASE WHEN coalesce(np.nearby_digest, false) THEN ${DIGEST_DAILY_LIMIT}::int ELSE ${NEARBY_DAILY_LIMIT}::int END
    ), inserted AS (
      INSERT INTO notifications (user_id, kind, event_id, title, body, link, channels, digest_pending, created_at)
      SELECT user_id, 'nearbyGame', ${game.id}::uuid, ${text.title}::text, ${text.body}::text, ${text.link}::text,
        CASE WHEN digest THEN ARRAY['inApp', 'digest'] ELSE ARRAY['inApp'] END, digest, ${at}
      FROM matched
      RETURNING *
    )
    SELECT i.*, m.digest, m.push FROM inserted i JOIN matched m ON m.user_id = i.user_id`;
};

export async function insertNearbyNotifications(ex: Executor, game: NewGame, text: Omit<NotificationDraft, 'userId'>, now: Date): Promise<NearbyMatch[]> {
  const res = await ex.execute(NEARBY_MATCH_SQL(game, text, now));
  return (res.rows as Record<string, unknown>[]).map((r) => ({
    digest: Boolean(r.digest),
    push: Boolean(r.push),
    row: {
      id: r.id as string,
      userId: r.user_id as string,
      kind: 'nearbyGame',
      eventId: r.event_id as string,
      title: r.title as string,
      body: r.body as string,
      link: r.link as string,
      channels: r.channels as string[],
      readAt: null,
      digestPending: Boolean(r.digest_pending),
      createdAt: new Date(r.created_at as string | Date),
    },
  }));
}

/**
 * Claims the people whose daily digest is due (docs/adr/0086): the digest moment `since` has
 * passed since their last one and games wait for them. The UPDATE is the claim: two processes
 * never both get a person back (the second re-reads the row and sees it sent).
 */
export async function claimDigests(ex: Executor, now: Date, since: Date): Promise<string[]> {
  const res = await ex.execute(sql`
    UPDATE notification_preferences np SET digest_sent_at = ${now.toISOString()}::timestamptz
    WHERE np.nearby_digest
      AND (np.digest_sent_at IS NULL OR np.digest_sent_at < ${since.toISOString()}::timestamptz)
      AND EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = np.user_id AND n.digest_pending)
    RETURNING np.user_id`);
  return (res.rows as { user_id: string }[]).map((r) => r.user_id);
}

/** Takes the person's waiting games out of the digest queue (marking them mailed) and answers them, oldest first. */
export async function takeDigest(ex: Executor, userId: string, mailed: boolean): Promise<{ body: string; link: string }[]> {
  const res = await ex.execute(sql`
    UPDATE notifications SET digest_pending = false,
      channels = CASE WHEN ${mailed}::boolean THEN array_append(channels, 'email') ELSE channels END
    WHERE user_id = ${userId}::uuid AND digest_pending
    RETURNING body, link, created_at`);
  return (res.rows as { body: string; link: string; created_at: string | Date }[])
    .sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime())
    .map((r) => ({ body: r.body, link: r.link }));
}
