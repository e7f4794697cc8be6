import { z } from 'zod';
import {
  EARLIEST_BIRTH_DATE, EMAIL_MAX, MIN_AGE, NAME_MAX, NICK_MAX, NICK_MIN, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX,
} from './constants';
import { MSG } from './messages';

// Zod's own messages (wrong types, missing bodies) in Polish, for the client and the server alike.
z.config(z.locales.pl());

/** Letters, digits and @$!%*?&, with at least one of each class (spec section 5). */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** Local calendar date as YYYY-MM-DD. */
export function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The latest allowed birth date: the date 7 years before `today`. */
export function latestBirthDate(today: Date = new Date()): string {
  const d = new Date(today.getFullYear() - MIN_AGE, today.getMonth(), today.getDate());
  return isoDate(d);
}

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A birth date between 1900-01-01 and 7 years ago, as YYYY-MM-DD. */
export const birthDate = z
  .string({ error: MSG.birthDateRequired })
  .trim()
  .min(1, MSG.birthDateRequired)
  .refine(isRealDate, MSG.birthDateRequired)
  .refine((v) => v >= EARLIEST_BIRTH_DATE, MSG.birthDateTooEarly)
  .refine((v) => v <= latestBirthDate(), MSG.birthDateTooYoung);

export const email = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(EMAIL_MAX, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid))
  .transform((v) => v.toLowerCase());

export const nickName = z.string({ error: MSG.nickLength }).trim().min(NICK_MIN, MSG.nickLength).max(NICK_MAX, MSG.nickLength);

export const firstName = z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(NAME_MAX, MSG.nameTooLong);
export const surname = z
  .string({ error: MSG.surnameRequired })
  .trim()
  .min(1, MSG.surnameRequired)
  .max(NAME_MAX, MSG.surnameTooLong);

export const phoneNumber = z
  .string()
  .trim()
  .max(PHONE_MAX, MSG.phoneTooLong)
  .regex(/^[+\d][\d -]*$|^$/, MSG.phoneInvalid)
  .optional()
  .transform((v) => (v ? v : null));

export const password = z
  .string({ error: MSG.passwordRequired })
  .min(PASSWORD_MIN, MSG.passwordLength)
  .max(PASSWORD_MAX, MSG.passwordLength)
  .regex(PASSWORD_PATTERN, MSG.passwordRule);

/** Turns zod issues into the `{ field: message }` object the spec's client reads (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
