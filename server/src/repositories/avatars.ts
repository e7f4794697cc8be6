import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { avatars, users } from '../db/schema';

export interface StoredAvatar {
  data: Buffer;
  mime: string;
  version: number;
  updatedAt: Date;
}

export async function findAvatar(ex: Executor, userId: string): Promise<StoredAvatar | undefined> {
  const [row] = await ex
    .select({ data: avatars.data, mime: avatars.mime, version: avatars.version, updatedAt: avatars.updatedAt })
    .from(avatars)
    .where(eq(avatars.userId, userId));
  return row;
}

/**
 * Replaces the person's avatar and bumps users.avatar_version (which is in every avatar URL),
 * so caches holding the old picture are never asked for it again. Run inside a transaction.
 */
export async function replaceAvatar(ex: Executor, userId: string, data: Buffer, mime = 'image/jpeg'): Promise<number> {
  const [user] = await ex
    .update(users)
    .set({ avatarVersion: sql`coalesce(${users.avatarVersion}, 0) + 1` })
    .where(eq(users.id, userId))
    .returning({ version: users.avatarVersion });
  const version = user.version!;
  await ex
    .insert(avatars)
    .values({ userId, data, mime, version })
    .onConflictDoUpdate({ target: avatars.userId, set: { data, mime, version, updatedAt: new Date() } });
  return version;
}
