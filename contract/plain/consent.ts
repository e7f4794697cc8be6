/**
 * The zod-free half of contract/consent.ts: the categories, the default choice and a reader of the
 * server's answer that needs no zod, for the SPA's first download (docs/adr/0035). consent.ts
 * re-exports all of it next to the schemas (a test keeps the reader and the schema in step).
 */
import type { ConsentPreferences } from '../consent';

export const CONSENT_CATEGORIES = ['functional', 'analytics', 'marketing', 'social'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export const DEFAULT_CONSENT: ConsentPreferences = {
  necessary: true, functional: false, analytics: false, marketing: false, social: false,
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored choice of a `consentResponse` body: what `consentResponse.safeParse(body)` gives as
 * `cookiesAccepted`, and null when there is none or the body does not match.
 */
export function readConsentResponse(body: unknown): ConsentPreferences | null {
  if (!isObject(body) || !isObject(body.cookiesAccepted)) return null;
  const stored = body.cookiesAccepted;
  if (stored.necessary !== undefined && stored.necessary !== true) return null;
  const { functional, analytics, marketing, social } = stored;
  if (typeof functional !== 'boolean' || typeof analytics !== 'boolean' || typeof marketing !== 'boolean' || typeof social !== 'boolean') {
    return null;
  }
  return { necessary: true, functional, analytics, marketing, social };
}
