import { CHAT_MSG, groupRoomId, privateRoomId, type ChatRoom } from '@contract/chat';
import type { ParticipationStatus } from '@contract/events';
import type { Db, Executor } from '../db/database';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import { addMember, deleteRoom, ensureRoom, isMember, listRoomsOf, removeMember, sharesGame } from '../repositories/chat';
import { findUserById } from '../repositories/users';
import { cancelEvent, type StatusNotice } from './event-lifecycle';

/** A change of room membership, told to the person after the transaction commits. */
export interface ChatNotice {
  kind: 'added' | 'removed';
  userId: string;
  roomId: string;
}

/**
 * Keeps a game's group room in step with a participation change, inside the caller's transaction:
 * an accepted player joins (with the organiser, when the room is new); anybody else leaves.
 */
export async function syncGroupMembership(
  tx: Executor,
  event: { id: string; ownerId: string },
  userId: string,
  status: ParticipationStatus | null,
): Promise<ChatNotice[]> {
  const roomId = groupRoomId(event.id);
  if (status !== 'accepted') {
    return (await removeMember(tx, roomId, userId)) ? [{ kind: 'removed', userId, roomId }] : [];
  }
  await ensureRoom(tx, roomId, 'group', event.id);
  const notices: ChatNotice[] = [];
  for (const id of [event.ownerId, userId]) {
    if (await addMember(tx, roomId, id)) notices.push({ kind: 'added', userId: id, roomId });
  }
  return notices;
}

/** A cancelled game's room goes, with its history; everybody in it is told. */
export async function closeGroupRoom(tx: Executor, eventId: string): Promise<ChatNotice[]> {
  const roomId = groupRoomId(eventId);
  const members = await deleteRoom(tx, roomId);
  return members.map((userId) => ({ kind: 'removed', userId, roomId }));
}

/** The organiser's Usuń: the game is cancelled and its room closed in one transaction. */
export async function cancelEventAndRoom(db: Db, eventId: string): Promise<{ notices: StatusNotice[] | null; chat: ChatNotice[] }> {
  return db.transaction(async (tx) => {
    const notices = await cancelEvent(tx, eventId);
    return { notices, chat: notices ? await closeGroupRoom(tx, eventId) : [] };
  });
}

/**
 * Opens (or finds) the private room of two people who share a game. Asking again answers the same
 * room; `created` says whether the other person has to be told.
 */
export async function openPrivateRoom(db: Db, me: string, otherId: string): Promise<{ room: ChatRoom; created: boolean }> {
  if (otherId === me) throw new BadRequestError(CHAT_MSG.selfChat);
  if (!(await findUserById(db, otherId))) throw new NotFoundError(CHAT_MSG.userNotFound);
  const roomId = privateRoomId(me, otherId);
  const created = await db.transaction(async (tx) => {
    // A room once opened stays theirs, even when the game that brought them together is over.
    if (await isMember(tx, roomId, me)) return false;
    if (!(await sharesGame(tx, me, otherId))) throw new ForbiddenError(CHAT_MSG.noSharedGame);
    const fresh = await ensureRoom(tx, roomId, 'private', null);
    await addMember(tx, roomId, me);
    await addMember(tx, roomId, otherId);
    return fresh;
  });
  const [room] = await listRoomsOf(db, me, roomId);
  return { room, created };
}
