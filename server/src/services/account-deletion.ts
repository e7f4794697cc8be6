import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { chatMembers, chatRooms, events, participations, users } from '../db/schema';
import { flagOwnerUnread } from '../repositories/events';
import { deleteUserSessions } from '../repositories/sessions';
import { removeLikesGiven } from '../repositories/profiles';
import { avatarUrlOf } from '../repositories/users';
import type { ChatNotice } from './chat-rooms';
import { cancelEvent, organiserNotice, type StatusNotice } from './event-lifecycle';
import { settleWaitlist } from './waitlist';

export interface DeletionOutcome {
  avatarUrlToDelete: string | null;
  /** Participants of the person's cancelled games, and organisers of games they were in. */
  statusNotices: StatusNotice[];
  /** Games others are in whose line-up changed (the person held a place, or someone was promoted): `eventChanged` after commit. */
  lineUpChanged: { id: string; ownerId: string }[];
  /** Players let in from waitlists to the places the person freed: they join their games' chats. */
  chatNotices: ChatNotice[];
  /** Other members of rooms that went away with the account. */
  removedFromRooms: { userId: string; roomId: string }[];
  /** Id hashes of the person's sessions, whose sockets are cut after the commit. */
  endedSessions: string[];
}

const NOT_FINISHED = ['upcoming', 'live'] as const;

/**
 * Deletes an account and everything that is the person's, in one transaction: their upcoming games
 * are cancelled for the participants first, the likes they gave are withdrawn from the targets'
 * totals, their private rooms go, and the user row's cascade takes sessions, avatar, statuses,
 * messages, preferences, mutes, likes received and their own games. Others' counters of games
 * played stay: those games did happen. Notices are returned for sending after commit.
 */
export async function deleteAccount(db: Db, userId: string): Promise<DeletionOutcome | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) return null;

    const statusNotices: StatusNotice[] = [];
    const owned = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.ownerId, userId), inArray(events.status, [...NOT_FINISHED])));
    for (const e of owned) statusNotices.push(...((await cancelEvent(tx, e.id)) ?? []));

    // Organisers of games the person was still in see them leave, as if they had left themselves.
    const joined = await tx
      .select({ event: events, record: participations })
      .from(participations)
      .innerJoin(events, eq(events.id, participations.eventId))
      .where(
        and(
          eq(participations.userId, userId),
          inArray(participations.status, ['interested', 'accepted', 'waitlisted']),
          inArray(events.status, [...NOT_FINISHED]),
        ),
      );
    for (const { event, record } of joined) {
      // Like leaving: an accepted player going is news for the organiser (docs/adr/0076).
      const news = record.status === 'accepted';
      if (news) await flagOwnerUnread(tx, event.id);
      statusNotices.push(organiserNotice(event, userId, null, news));
    }

    // Private rooms go with the person; group rooms of their games go with the games (cascade).
    const myRooms = await tx
      .select({ roomId: chatRooms.id, type: chatRooms.type, eventId: chatRooms.eventId })
      .from(chatMembers)
      .innerJoin(chatRooms, eq(chatRooms.id, chatMembers.roomId))
      .where(eq(chatMembers.userId, userId));
    const ownedIds = new Set((await tx.select({ id: events.id }).from(events).where(eq(events.ownerId, userId))).map((r) => r.id));
    const vanishing = myRooms.filter((r) => r.type === 'private' || (r.eventId && ownedIds.has(r.eventId))).map((r) => r.roomId);
    const others = vanishing.length
      ? await tx.select({ userId: chatMembers.userId, roomId: chatMembers.roomId }).from(chatMembers).where(inArray(chatMembers.roomId, vanishing))
      : [];
    const privateIds = myRooms.filter((r) => r.type === 'private').map((r) => r.roomId);
    if (privateIds.length) await tx.delete(chatRooms).where(inArray(chatRooms.id, privateIds));

    await removeLikesGiven(tx, userId);
    const endedSessions = await deleteUserSessions(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));

    // The places the person held go to the first on those games' waitlists (docs/adr/0090).
    const chatNotices: ChatNotice[] = [];
    const lineUpChanged: DeletionOutcome['lineUpChanged'] = [];
    for (const { event, record } of joined) {
      const settled = await settleWaitlist(tx, event.id);
      statusNotices.push(...settled.notices);
      chatNotices.push(...settled.chat);
      if (record.status !== 'interested' || settled.lineUpChanged) lineUpChanged.push({ id: event.id, ownerId: event.ownerId });
    }

    return {
      avatarUrlToDelete: avatarUrlOf(user.id, user.avatarVersion),
      statusNotices,
      lineUpChanged,
      chatNotices,
      removedFromRooms: others.filter((o) => o.userId !== userId),
      endedSessions,
    };
  });
}
