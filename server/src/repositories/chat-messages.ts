import { eq, sql } from 'drizzle-orm';
import type { ChatMessage } from '@contract/chat';
import type { Executor } from '../db/database';
import { chatMessages } from '../db/schema';

type Row = Record<string, unknown>;

/**
 * A page cursor names a message's exact place in the history: its timestamp to the microsecond
 * (JavaScript dates stop at milliseconds) and its id for messages of the same instant.
 */
const CURSOR_SQL = sql`to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || m.id::text`;
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_([0-9a-f-]{36})$/;

export function parseCursor(cursor: string): { at: string; id: string } | null {
  const m = CURSOR_PATTERN.exec(cursor);
  return m ? { at: m[1], id: m[2] } : null;
}

export function toMessage(r: Row): ChatMessage {
  return {
    _id: r.id as string,
    roomId: r.room_id as string,
    sender: { _id: r.sender_id as string, nickName: r.sender_nick as string },
    message: r.body as string,
    createdAt: new Date(r.created_at as string).toISOString(),
  };
}

/**
 * Stores a message only if the sender is a member of the room, in one statement, so a removal
 * racing with a send cannot let the message in. Returns null for a non-member. Each message in a room
 * is stamped strictly after the one before it, so history reads back in the order it was sent.
 */
export async function insertMessage(ex: Executor, roomId: string, senderId: string, body: string): Promise<ChatMessage | null> {
  const res = await ex.execute(sql`
    WITH ins AS (
      INSERT INTO chat_messages (room_id, sender_id, body, created_at)
      SELECT ${roomId}, ${senderId}::uuid, ${body},
        -- PGlite's clock ticks in whole milliseconds: never stamp a message at or before the room's latest.
        GREATEST(clock_timestamp(), (SELECT max(created_at) FROM chat_messages WHERE room_id = ${roomId}) + interval '1 microsecond')
      WHERE EXISTS (SELECT 1 FROM chat_members WHERE room_id = ${roomId} AND user_id = ${senderId}::uuid)
      RETURNING id, room_id, sender_id, body, created_at
    )
    SELECT ins.*, u.nick_name AS sender_nick FROM ins JOIN users u ON u.id = ins.sender_id`);
  const row = res.rows[0] as Row | undefined;
  return row ? toMessage(row) : null;
}

export interface MessagePage {
  messages: ChatMessage[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** Newest first from the database, handed back oldest first; `before` excludes the cursor's message and newer. */
export async function listMessages(
  ex: Executor,
  roomId: string,
  opts: { limit: number; before?: { at: string; id: string }; offset?: number },
): Promise<MessagePage> {
  const before = opts.before ? sql`AND (m.created_at, m.id) < (${opts.before.at}::timestamptz, ${opts.before.id}::uuid)` : sql``;
  const res = await ex.execute(sql`
    SELECT m.id, m.room_id, m.sender_id, m.body, m.created_at, u.nick_name AS sender_nick, ${CURSOR_SQL} AS cursor
    FROM chat_messages m JOIN users u ON u.id = m.sender_id
    WHERE m.room_id = ${roomId} ${before}
    ORDER BY m.created_at DESC, m.id DESC
    LIMIT ${opts.limit + 1} OFFSET ${opts.offset ?? 0}`);
  const rows = res.rows as Row[];
  const hasMore = rows.length > opts.limit;
  const page = rows.slice(0, opts.limit);
  return {
    messages: page.map(toMessage).reverse(),
    hasMore,
    nextCursor: hasMore && page.length ? (page[page.length - 1].cursor as string) : null,
  };
}

/** Messages from others that arrived after the member last read the room. */
export async function unreadCount(ex: Executor, roomId: string, userId: string): Promise<number | null> {
  const res = await ex.execute(sql`
    SELECT (SELECT count(*) FROM chat_messages m
            WHERE m.room_id = cm.room_id AND m.sender_id <> cm.user_id AND m.created_at > cm.last_read_at)::int AS n
    FROM chat_members cm WHERE cm.room_id = ${roomId} AND cm.user_id = ${userId}::uuid`);
  const row = res.rows[0] as Row | undefined;
  return row ? Number(row.n) : null;
}

/**
 * Marks the room read up to its newest stored message (not "now", so a message committed a moment
 * later by another process still counts as unread). False for a non-member.
 */
export async function markRoomRead(ex: Executor, roomId: string, userId: string): Promise<boolean> {
  const res = await ex.execute(sql`
    UPDATE chat_members cm
    SET last_read_at = GREATEST(cm.last_read_at, COALESCE((SELECT max(created_at) FROM chat_messages WHERE room_id = cm.room_id), cm.last_read_at))
    WHERE cm.room_id = ${roomId} AND cm.user_id = ${userId}::uuid
    RETURNING 1`);
  return res.rows.length > 0;
}

export async function deleteMessagesOf(ex: Executor, senderId: string): Promise<number> {
  const rows = await ex.delete(chatMessages).where(eq(chatMessages.senderId, senderId)).returning({ id: chatMessages.id });
  return rows.length;
}

