import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { UserStats } from '@contract/auth';
import type { LeaderboardEntry, LeaderboardKey } from '@contract/users';
import type { Executor } from '../db/database';
import { userLikes, userStats, users } from '../db/schema';
import { avatarUrlOf, type UserRow } from './users';

export interface ProfileChanges {
  nickName?: string;
  name?: string;
  surname?: string;
  birthDate?: string;
}

export async function updateProfile(ex: Executor, userId: string, changes: ProfileChanges): Promise<UserRow> {
  const [row] = await ex.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

const statsColumns = {
  userID: userStats.userId,
  gamesPlayed: userStats.gamesPlayed,
  eventsOrganized: userStats.eventsOrganized,
  totalLikes: userStats.totalLikes,
  points: userStats.points,
};

/** Statistics of several people at once; unknown ids are left out. */
export async function statsOf(ex: Executor, userIds: string[]): Promise<UserStats[]> {
  if (!userIds.length) return [];
  return ex.select(statsColumns).from(userStats).where(inArray(userStats.userId, userIds));
}

const sortColumns = {
  gamesPlayed: userStats.gamesPlayed,
  eventsOrganized: userStats.eventsOrganized,
  totalLikes: userStats.totalLikes,
  points: userStats.points,
} as const;

/**
 * The best players by one counter. Ties are broken by nick (case-insensitive), then id, so the
 * order never changes between two calls. Accounts that never verified their e-mail are left out.
 */
export async function leaderboard(ex: Executor, sortBy: LeaderboardKey, limit: number): Promise<LeaderboardEntry[]> {
  const rows = await ex
    .select({ ...statsColumns, nickName: users.nickName, avatarVersion: users.avatarVersion })
    .from(userStats)
    .innerJoin(users, eq(users.id, userStats.userId))
    .where(eq(users.isActive, true))
    .orderBy(desc(sortColumns[sortBy]), asc(sql`lower(${users.nickName})`), asc(users.id))
    .limit(limit);
  return rows.map(({ avatarVersion, ...r }) => ({ ...r, avatarUrl: avatarUrlOf(r.userID, avatarVersion) }));
}

export async function isLiked(ex: Executor, likerId: string, targetId: string): Promise<boolean> {
  const rows = await ex
    .select({ t: userLikes.targetId })
    .from(userLikes)
    .where(and(eq(userLikes.likerId, likerId), eq(userLikes.targetId, targetId)));
  return rows.length > 0;
}

async function addToLikes(ex: Executor, targetIds: string[], delta: 1 | -1): Promise<void> {
  if (!targetIds.length) return;
  await ex
    .update(userStats)
    .set({ totalLikes: sql`greatest(${userStats.totalLikes} + ${delta}, 0)` })
    .where(inArray(userStats.userId, targetIds));
}

/** One like per pair: returns false when it already existed. The target's total moves with it. */
export async function addLike(ex: Executor, likerId: string, targetId: string): Promise<boolean> {
  const inserted = await ex.insert(userLikes).values({ likerId, targetId }).onConflictDoNothing().returning();
  if (inserted.length) await addToLikes(ex, [targetId], 1);
  return inserted.length > 0;
}

export async function removeLike(ex: Executor, likerId: string, targetId: string): Promise<boolean> {
  const removed = await ex
    .delete(userLikes)
    .where(and(eq(userLikes.likerId, likerId), eq(userLikes.targetId, targetId)))
    .returning();
  if (removed.length) await addToLikes(ex, [targetId], -1);
  return removed.length > 0;
}

/** Withdraws every like a person gave (before their account goes), keeping the targets' totals right. */
export async function removeLikesGiven(ex: Executor, likerId: string): Promise<string[]> {
  const removed = await ex.delete(userLikes).where(eq(userLikes.likerId, likerId)).returning({ targetId: userLikes.targetId });
  const targets = removed.map((r) => r.targetId).filter((id) => id !== likerId);
  await addToLikes(ex, targets, -1);
  return targets;
}

/**
 * The account of a Google identity: found by its Firebase uid, or (when `email` is given) the
 * account with that Google-verified address, which is linked to it and counts as verified.
 */
export async function linkGoogleAccount(ex: Executor, uid: string, email: string | null): Promise<UserRow | undefined> {
  const [byUid] = await ex.select().from(users).where(eq(users.googleUid, uid));
  if (byUid || !email) return byUid;
  // Only an account whose owner proved the mailbox (verified by our link) is linked (ADR 0032).
  const [linked] = await ex
    .update(users)
    .set({ googleUid: uid })
    .where(and(eq(users.email, email), isNull(users.googleUid), eq(users.isActive, true)))
    .returning();
  if (linked) return linked;
  await dropUnverifiedSignUp(ex, email);
  return undefined;
}

/**
 * Drops a never-verified sign-up of an address whose owner just proved it through Google: its
 * password, sessions and profile were chosen by whoever typed the address, maybe not its owner
 * (account pre-hijack, issue 14 finding 2). Everything hanging off it goes by cascade.
 */
export async function dropUnverifiedSignUp(ex: Executor, email: string): Promise<boolean> {
  const dropped = await ex
    .delete(users)
    .where(and(eq(users.email, email), isNull(users.googleUid), eq(users.isActive, false)))
    .returning({ id: users.id });
  return dropped.length > 0;
}
