import { z } from 'zod';
import { singleLineText } from './text';

// The messages live in a zod-free module (docs/adr/0035).
export * from './plain/location';

/** Spec section 3, "Location"; Country defaults to Poland. */
export const storedLocation = z.object({
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  City: z.string().max(80).nullable(),
  region: z.string().max(60).nullable(),
  Country: z.string().max(60).nullable(),
});
export type StoredLocation = z.infer<typeof storedLocation>;

export const setLocationBody = z.object({
  latitude: z.number().min(-90).max(90).optional().nullable(),
  longitude: z.number().min(-180).max(180).optional().nullable(),
  City: singleLineText((s) => s.trim().max(80)).optional().nullable(),
  region: singleLineText((s) => s.trim().max(60)).optional().nullable(),
  Country: singleLineText((s) => s.trim().max(60)).optional().nullable(),
});
export type SetLocationBody = z.input<typeof setLocationBody>;

