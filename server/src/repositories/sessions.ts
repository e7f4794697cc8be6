import { and, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { sessions, users } from '../db/schema';
import { hashToken, randomToken } from '../lib/tokens';
import type { UserRow } from './users';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
}

// Writing last_seen_at on every request would turn each read into a write; a minute is precise enough.
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  ex: Executor,
  userId: string,
  policy: SessionPolicy,
  meta: { userAgent?: string; ip?: string },
): Promise<string> {
  const token = randomToken();
  await ex.insert(sessions).values({
    idHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + policy.absoluteMs),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return token;
}

function prepareSessionLookup(ex: Executor) {
  return ex
    .select({ user: users, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .prepare('session_user');
}
// Every authenticated request runs this lookup: build its SQL once per database and let the
// server keep its plan (a named statement) instead of composing the query each time.
const sessionLookups = new WeakMap<Executor, ReturnType<typeof prepareSessionLookup>>();

/** The user behind a session token, or null when it is unknown, idle too long or past its absolute expiry. */
export async function findSessionUser(ex: Executor, token: string, policy: SessionPolicy): Promise<UserRow | null> {
  const idHash = hashToken(token);
  let lookup = sessionLookups.get(ex);
  if (!lookup) sessionLookups.set(ex, (lookup = prepareSessionLookup(ex)));
  const [row] = await lookup.execute({ idHash });
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + policy.idleMs <= now) {
    await ex.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await ex.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.idHash, idHash));
  }
  return row.user;
}

export async function deleteSession(ex: Executor, token: string): Promise<void> {
  await ex.delete(sessions).where(eq(sessions.idHash, hashToken(token)));
}

/**
 * Deletes a person's sessions (all, or all but `exceptHash`) and returns their id hashes, so the
 * caller can cut those sessions' sockets once its transaction has committed (see realtime/session-end).
 */
export async function deleteUserSessions(ex: Executor, userId: string, exceptHash?: string): Promise<string[]> {
  const rows = await ex
    .delete(sessions)
    .where(exceptHash ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptHash)) : eq(sessions.userId, userId))
    .returning({ idHash: sessions.idHash });
  return rows.map((r) => r.idHash);
}

/** Deletes expired or idle sessions and returns their id hashes (their sockets are cut by the caller). */
export async function deleteExpiredSessions(ex: Executor, policy: SessionPolicy): Promise<string[]> {
  const now = Date.now();
  const rows = await ex
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - policy.idleMs))))
    .returning({ idHash: sessions.idHash });
  return rows.map((r) => r.idHash);
}

/** When a live session stops being valid (the earlier of its absolute and idle expiry), or null when it is gone or over. */
export async function sessionValidUntil(ex: Executor, idHash: string, policy: SessionPolicy): Promise<number | null> {
  const [row] = await ex
    .select({ lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.idHash, idHash));
  if (!row) return null;
  const until = Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + policy.idleMs);
  return until > Date.now() ? until : null;
}

export async function countUserSessions(ex: Executor, userId: string): Promise<number> {
  const rows = await ex
    .select({ id: sessions.idHash })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return rows.length;
}

export interface SessionRow {
  idHash: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string | null;
}

/** The person's sessions that are still valid, newest use first. */
export async function listUserSessions(ex: Executor, userId: string, policy: SessionPolicy): Promise<SessionRow[]> {
  const now = Date.now();
  return ex
    .select({ idHash: sessions.idHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date(now)), gt(sessions.lastSeenAt, new Date(now - policy.idleMs))))
    .orderBy(sql`${sessions.lastSeenAt} desc`);
}

/** Deletes the given sessions of one person; returns the id hashes that were really deleted. */
export async function deleteSessionsByHash(ex: Executor, userId: string, idHashes: string[]): Promise<string[]> {
  if (!idHashes.length) return [];
  const rows = await ex
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), inArray(sessions.idHash, idHashes)))
    .returning({ idHash: sessions.idHash });
  return rows.map((r) => r.idHash);
}
