import { z } from 'zod';

export const CONSENT_CATEGORIES = ['functional', 'analytics', 'marketing', 'social'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export const consentPreferences = z.object({
  necessary: z.literal(true).default(true),
  functional: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  social: z.boolean(),
});
export type ConsentPreferences = z.infer<typeof consentPreferences>;

export const DEFAULT_CONSENT: ConsentPreferences = {
  necessary: true, functional: false, analytics: false, marketing: false, social: false,
};

export const consentResponse = z.object({ cookiesAccepted: consentPreferences.nullable() });
