import { and, eq, sql } from 'drizzle-orm';
import type { ChatPerson, ChatRoom, RoomType } from '@contract/chat';
import type { Executor } from '../db/database';
import { chatMembers, chatMutes, chatRooms } from '../db/schema';
import { toMessage } from './chat-messages';
import { avatarUrlOf } from './users';

type Row = Record<string, unknown>;

export async function isMember(ex: Executor, roomId: string, userId: string): Promise<boolean> {
  const rows = await ex
    .select({ one: sql`1` })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)));
  return rows.length > 0;
}

export async function roomIdsOf(ex: Executor, userId: string): Promise<string[]> {
  const rows = await ex.select({ roomId: chatMembers.roomId }).from(chatMembers).where(eq(chatMembers.userId, userId));
  return rows.map((r) => r.roomId);
}

/** Creates the room unless it exists; true when this call created it. */
export async function ensureRoom(ex: Executor, id: string, type: RoomType, eventId: string | null): Promise<boolean> {
  const rows = await ex.insert(chatRooms).values({ id, type, eventId }).onConflictDoNothing().returning({ id: chatRooms.id });
  return rows.length > 0;
}

/** Adds a member unless present; true when this call added them. */
export async function addMember(ex: Executor, roomId: string, userId: string): Promise<boolean> {
  const rows = await ex.insert(chatMembers).values({ roomId, userId }).onConflictDoNothing().returning({ userId: chatMembers.userId });
  return rows.length > 0;
}

/** Removes a member and their mute of the room; true when they were a member. */
export async function removeMember(ex: Executor, roomId: string, userId: string): Promise<boolean> {
  await ex.delete(chatMutes).where(and(eq(chatMutes.roomId, roomId), eq(chatMutes.userId, userId)));
  const rows = await ex
    .delete(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .returning({ userId: chatMembers.userId });
  return rows.length > 0;
}

/** Deletes a room with its members, messages and mutes; returns who was in it. */
export async function deleteRoom(ex: Executor, roomId: string): Promise<string[]> {
  const members = await ex.select({ userId: chatMembers.userId }).from(chatMembers).where(eq(chatMembers.roomId, roomId));
  await ex.delete(chatRooms).where(eq(chatRooms.id, roomId));
  return members.map((m) => m.userId);
}

/** The person's rooms as the chat list shows them, newest activity first; optionally one room only. */
export async function listRoomsOf(ex: Executor, userId: string, onlyRoomId?: string): Promise<ChatRoom[]> {
  const res = await ex.execute(sql`
    SELECT r.id AS room_id, r.type, r.event_id, r.created_at AS room_created,
      e.event_name, e.game_type, ou.id AS owner_id, ou.nick_name AS owner_nick, ou.avatar_version AS owner_avatar,
      (SELECT count(*) FROM chat_messages m
        WHERE m.room_id = r.id AND m.sender_id <> cm.user_id AND m.created_at > cm.last_read_at)::int AS unread,
      lm.id, lm.sender_id, lm.body, lm.created_at, lu.nick_name AS sender_nick
    FROM chat_members cm
    JOIN chat_rooms r ON r.id = cm.room_id
    LEFT JOIN events e ON e.id = r.event_id
    LEFT JOIN users ou ON ou.id = e.owner_id
    LEFT JOIN LATERAL (
      SELECT id, room_id, sender_id, body, created_at FROM chat_messages m
      WHERE m.room_id = r.id ORDER BY m.created_at DESC, m.id DESC LIMIT 1
    ) lm ON true
    LEFT JOIN users lu ON lu.id = lm.sender_id
    WHERE cm.user_id = ${userId}::uuid ${onlyRoomId ? sql`AND r.id = ${onlyRoomId}` : sql``}
    ORDER BY COALESCE(lm.created_at, r.created_at) DESC, r.id`);
  const rows = res.rows as Row[];
  if (!rows.length) return [];
  const people = await membersOf(ex, rows.map((r) => r.room_id as string));
  return rows.map((r) => {
    const roomId = r.room_id as string;
    const participants = people.get(roomId) ?? [];
    const isGroup = r.type === 'group';
    const otherUser = isGroup ? undefined : participants.find((p) => p._id !== userId);
    return {
      roomId,
      roomType: r.type as RoomType,
      participants,
      eventId: (r.event_id as string | null) ?? null,
      eventName: (r.event_name as string | null) ?? null,
      gameType: (r.game_type as string | null) ?? null,
      eventOwnerAvatarUrl: r.owner_id ? avatarUrlOf(r.owner_id as string, r.owner_avatar as number | null) : null,
      eventOwnerNick: (r.owner_nick as string | null) ?? null,
      lastMessage: r.id ? toMessage({ ...r, room_id: roomId }) : null,
      unreadCount: Number(r.unread),
      ...(otherUser ? { otherUser } : {}),
    };
  });
}

async function membersOf(ex: Executor, roomIds: string[]): Promise<Map<string, ChatPerson[]>> {
  const res = await ex.execute(sql`
    SELECT cm.room_id, u.id, u.nick_name, u.avatar_version
    FROM chat_members cm JOIN users u ON u.id = cm.user_id
    WHERE cm.room_id IN (${sql.join(roomIds.map((id) => sql`${id}`), sql`, `)})
    ORDER BY cm.joined_at, u.id`);
  const map = new Map<string, ChatPerson[]>();
  for (const r of res.rows as Row[]) {
    const list = map.get(r.room_id as string) ?? [];
    list.push({ _id: r.id as string, nickName: r.nick_name as string, avatarUrl: avatarUrlOf(r.id as string, r.avatar_version as number | null) });
    map.set(r.room_id as string, list);
  }
  return map;
}

/**
 * Who shares a game with the person: the organiser and the accepted (later finished) players of
 * every game they organise or were accepted to, cancelled games aside.
 */
const gamePeople = (userId: string) => sql`
  WITH my_events AS (
    SELECT e.id FROM events e WHERE e.owner_id = ${userId}::uuid AND e.status <> 'cancelled'
    UNION
    SELECT p.event_id FROM participations p JOIN events e ON e.id = p.event_id
    WHERE p.user_id = ${userId}::uuid AND p.status IN ('accepted', 'finished') AND e.status <> 'cancelled'
  ), people AS (
    SELECT e.owner_id AS user_id FROM events e JOIN my_events me ON me.id = e.id
    UNION
    SELECT p.user_id FROM participations p JOIN my_events me ON me.id = p.event_id WHERE p.status IN ('accepted', 'finished')
  )`;

export async function sharesGame(ex: Executor, userId: string, otherId: string): Promise<boolean> {
  const res = await ex.execute(sql`${gamePeople(userId)} SELECT 1 FROM people WHERE user_id = ${otherId}::uuid`);
  return res.rows.length > 0;
}

/** People from the person's games with whom they have no private room yet. */
export async function participantsWithoutRoom(ex: Executor, userId: string) {
  const res = await ex.execute(sql`${gamePeople(userId)}
    SELECT u.id, u.nick_name, u.name, u.surname, u.avatar_version
    FROM people JOIN users u ON u.id = people.user_id
    WHERE u.id <> ${userId}::uuid AND NOT EXISTS (
      SELECT 1 FROM chat_members a
      JOIN chat_members b ON b.room_id = a.room_id AND b.user_id = u.id
      JOIN chat_rooms r ON r.id = a.room_id AND r.type = 'private'
      WHERE a.user_id = ${userId}::uuid)
    ORDER BY lower(u.nick_name), u.id`);
  return (res.rows as Row[]).map((r) => ({
    _id: r.id as string,
    nickName: r.nick_name as string,
    name: r.name as string,
    surname: r.surname as string,
    avatarUrl: avatarUrlOf(r.id as string, r.avatar_version as number | null),
  }));
}
