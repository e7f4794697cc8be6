import { z } from 'zod';
import { PUSH_MSG } from './plain/channels';
import { singleLineText } from './text';

export { PUSH_MSG } from './plain/channels';

/** Web Push (ADR 88): what the browser's PushSubscription.toJSON() gives, checked before it is stored. */
const base64url = (max: number) => z.string().regex(/^[A-Za-z0-9_-]+=*$/, PUSH_MSG_INVALID).max(max);
const PUSH_MSG_INVALID = PUSH_MSG.invalid;

/** The push service's URL for this browser: kept exactly as the browser gave it (never normalised). */
export const pushEndpoint = singleLineText(
  (s) =>
    s.max(2048, PUSH_MSG_INVALID).refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, PUSH_MSG_INVALID),
  PUSH_MSG_INVALID,
  { normalize: false },
);

export const pushSubscribeBody = z.object({
  endpoint: pushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(200), auth: base64url(100) }),
});
export type PushSubscribeBody = z.input<typeof pushSubscribeBody>;

export const pushEndpointBody = z.object({ endpoint: pushEndpoint });
export type PushEndpointBody = z.input<typeof pushEndpointBody>;

export const pushPublicKeyResponse = z.object({ publicKey: z.string() });
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponse>;

/** Whether this browser's subscription is the signed-in person's, and how many devices they have. */
export const pushStatusResponse = z.object({ subscribed: z.boolean(), devices: z.number().int() });
export type PushStatusResponse = z.infer<typeof pushStatusResponse>;

