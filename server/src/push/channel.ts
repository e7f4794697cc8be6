import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { VapidKeys } from '../config';
import type { Db } from '../db/database';
import { deleteExpiredSubscription, hasSubscription, subscriptionsOf, type StoredSubscription } from '../repositories/push-subscriptions';

/** What a push notification shows; `url` is opened on a click, `tag` replaces an earlier one with the same tag. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** The push channel the notifications dispatcher uses (issue 16, ADR 88). */
export interface PushChannel {
  /** Whether the person has at least one device subscribed. */
  isSubscribed(userId: string): Promise<boolean>;
  /** Sends to every device of the person; expired subscriptions (404/410) are removed; never throws for one device. */
  send(userId: string, payload: PushPayload): Promise<void>;
}

/** Endpoints carry the device's id in their path: logs name the push service only. */
const originOf = (endpoint: string) => new URL(endpoint).origin;

/** A push service that does not answer within this is given up on for this message. */
const TIMEOUT_MS = 10_000;
/** How long the push service keeps an undelivered message (the device may be offline): a day. */
const TTL_S = 24 * 3600;

/**
 * Web Push with VAPID (RFC 8030/8291/8292): web-push encrypts the payload (aes128gcm) and signs the
 * VAPID header; the request itself goes out with fetch, so a local push service in tests may be plain
 * HTTP (production only accepts https endpoints at subscribe time).
 */
export function createPushChannel(db: Db, vapid: VapidKeys, log: FastifyBaseLogger): PushChannel {
  const sendOne = async (sub: StoredSubscription, body: string): Promise<void> => {
    const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, body, {
      vapidDetails: vapid,
      TTL: TTL_S,
      contentEncoding: 'aes128gcm',
    });
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ? new Uint8Array(details.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 404 || res.status === 410) {
        await deleteExpiredSubscription(db, sub.endpoint);
        log.info({ endpoint: originOf(sub.endpoint), status: res.status }, 'push subscription expired, removed');
      } else if (!res.ok) {
        log.warn({ endpoint: originOf(sub.endpoint), status: res.status }, 'push service refused a message');
      }
    } catch (err) {
      log.warn({ endpoint: originOf(sub.endpoint), err: (err as Error).message }, 'push service unreachable');
    }
  };

  return {
    isSubscribed: (userId) => hasSubscription(db, userId),
    async send(userId, payload) {
      const body = JSON.stringify(payload);
      const subs = await subscriptionsOf(db, userId);
      await Promise.all(subs.map((s) => sendOne(s, body)));
    },
  };
}
