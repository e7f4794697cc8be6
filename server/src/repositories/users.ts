import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser, UserStats } from '@contract/auth';
import type { Executor } from '../db/database';
import { participations, userStats, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email: string;
  nickName: string;
  name: string;
  surname: string;
  phoneNumber: string | null;
  birthDate: string | null;
  passwordHash: string | null;
  isActive?: boolean;
  googleUid?: string | null;
}

/** Creates the user and their statistics row together. */
export async function createUser(ex: Executor, data: NewUser): Promise<UserRow> {
  const [user] = await ex.insert(users).values(data).returning();
  await ex.insert(userStats).values({ userId: user.id });
  return user;
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function findUserById(ex: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  return row;
}

export async function isNickTaken(ex: Executor, nickName: string, exceptUserId?: string): Promise<boolean> {
  const rows = await ex
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.nickName}) = lower(${nickName})`);
  return rows.some((r) => r.id !== exceptUserId);
}

export async function activateUser(ex: Executor, id: string): Promise<void> {
  await ex.update(users).set({ isActive: true }).where(eq(users.id, id));
}

export async function setPassword(ex: Executor, id: string, passwordHash: string): Promise<void> {
  await ex.update(users).set({ passwordHash, isActive: true }).where(eq(users.id, id));
}

export async function getStats(ex: Executor, userId: string): Promise<UserStats> {
  const [row] = await ex.select().from(userStats).where(eq(userStats.userId, userId));
  const attendance = await attendanceOf(ex, userId);
  return {
    userID: userId,
    gamesPlayed: row?.gamesPlayed ?? 0,
    eventsOrganized: row?.eventsOrganized ?? 0,
    totalLikes: row?.totalLikes ?? 0,
    points: row?.points ?? 0,
    gamesTracked: attendance.tracked,
    gamesAttended: attendance.attended,
  };
}

/** The person's played games (finished records) and how many of them they came to (docs/adr/0091). */
async function attendanceOf(ex: Executor, userId: string): Promise<{ tracked: number; attended: number }> {
  const [row] = await ex
    .select({ tracked: sql<number>`count(*)::int`, attended: sql<number>`count(*) FILTER (WHERE ${participations.attended})::int` })
    .from(participations)
    .where(and(eq(participations.userId, userId), eq(participations.status, 'finished')));
  return { tracked: Number(row?.tracked ?? 0), attended: Number(row?.attended ?? 0) };
}

/** The stable URL of a user's avatar (served by the users routes), or null without one. */
export function avatarUrlOf(userId: string, version: number | null | undefined): string | null {
  return version ? `/api/v1/users/${userId}/avatar?v=${version}` : null;
}

/** The signed-in user in the spec's field names. */
export function toSessionUser(u: UserRow): SessionUser {
  return {
    _id: u.id,
    id: u.id,
    userID: u.id,
    nickName: u.nickName,
    email: u.email,
    name: u.name,
    surname: u.surname,
    role: u.role,
    isActive: u.isActive,
    avatarUrl: avatarUrlOf(u.id, u.avatarVersion),
    age: u.birthDate,
    phoneNumber: u.phoneNumber,
  };
}

/** True when a database error is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
