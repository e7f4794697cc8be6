import { z } from 'zod';

// The categories, the default choice and a zod-free reader live in plain/consent.ts (docs/adr/0035).
export * from './plain/consent';

export const consentPreferences = z.object({
  necessary: z.literal(true).default(true),
  functional: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
  social: z.boolean(),
});
export type ConsentPreferences = z.infer<typeof consentPreferences>;

export const consentResponse = z.object({ cookiesAccepted: consentPreferences.nullable() });
