import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { pushSubscriptions } from '../db/schema';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Saves this browser's subscription for the person. The endpoint identifies the browser: subscribing
 * it again replaces its keys, and a browser someone else signed in on before now belongs to this person.
 */
export async function saveSubscription(
  ex: Executor, userId: string, sub: StoredSubscription, userAgent: string | null, sessionIdHash: string,
): Promise<void> {
  const values = { userId, p256dh: sub.p256dh, auth: sub.auth, userAgent, sessionIdHash };
  await ex
    .insert(pushSubscriptions)
    .values({ endpoint: sub.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** Removes one of the person's subscriptions; false when they had none with that endpoint. */
export async function deleteSubscription(ex: Executor, userId: string, endpoint: string): Promise<boolean> {
  const gone = await ex
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** The push service said the subscription is gone (404/410): nobody can use it again. */
export async function deleteExpiredSubscription(ex: Executor, endpoint: string): Promise<void> {
  await ex.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function subscriptionsOf(ex: Executor, userId: string): Promise<StoredSubscription[]> {
  return ex
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

export async function hasSubscription(ex: Executor, userId: string, endpoint?: string): Promise<boolean> {
  const where = endpoint
    ? and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint))
    : eq(pushSubscriptions.userId, userId);
  const [row] = await ex.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(where).limit(1);
  return Boolean(row);
}

export async function countSubscriptions(ex: Executor, userId: string): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}
