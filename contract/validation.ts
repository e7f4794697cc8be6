import { z } from 'zod';
import {
  EARLIEST_BIRTH_DATE, EMAIL_MAX, MIN_AGE, NAME_MAX, NICK_MAX, NICK_MIN, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX,
} from './constants';
import { MSG } from './messages';
import { singleLineText } from './text';

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

/** A real calendar date written YYYY-MM-DD: 2027-02-31 is no date (no rolling over into March). */
export function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A strict 24-hour HH:MM time (00:00–23:59). */
export const HOUR_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * One real-date rule (docs/adr/0041): a YYYY-MM-DD calendar date that exists, between `min` and
 * `max` (functions of today, so a long-running server moves with the calendar).
 */
export function calendarDate(texts: { invalid: string; tooEarly: string; tooLate: string }, min: () => string, max: () => string) {
  return singleLineText((s) => s
      .trim()
      .min(1, texts.invalid)
      .refine(isRealDate, texts.invalid)
      .refine((v) => v >= min(), texts.tooEarly)
      .refine((v) => v <= max(), texts.tooLate),
    texts.invalid,
  );
}

/** A birth date between 1900-01-01 and 7 years ago, as YYYY-MM-DD. */
export const birthDate = calendarDate(
  { invalid: MSG.birthDateRequired, tooEarly: MSG.birthDateTooEarly, tooLate: MSG.birthDateTooYoung },
  () => EARLIEST_BIRTH_DATE,
  () => latestBirthDate(),
);

export const email = singleLineText((s) => s
    .trim()
    .min(1, MSG.emailRequired)
    .max(EMAIL_MAX, MSG.emailInvalid)
    .pipe(z.email(MSG.emailInvalid))
    .transform((v) => v.toLowerCase()),
  MSG.emailRequired,
);

/** Letters of any alphabet (Polish ones included), spaces and hyphens: first names and surnames. */
export const PERSON_NAME_PATTERN = /^[\p{L}][\p{L} -]*$/u;
/** Digits, spaces and hyphens, optionally after a leading +. */
export const PHONE_PATTERN = /^[+\d][\d -]*$/;

/**
 * One rule per field (issue 13, docs/adr/0040): the nick, name, surname and phone rules below are
 * the only ones; registration, Google sign-up, profile edit and their forms all use them. The
 * nick's texts differ by form only because the spec gives each form its own words.
 */
export const NICK_TEXTS = {
  register: { short: MSG.nickLength, long: MSG.nickLength },
  profile: { short: MSG.nickTooShort, long: MSG.nickTooLong },
} as const;

export function nickRule(texts: { short: string; long: string } = NICK_TEXTS.register) {
  return singleLineText((s) => s.trim().min(NICK_MIN, texts.short).max(NICK_MAX, texts.long), texts.short);
}

function personName(required: string, letters: string, tooLong: string) {
  return singleLineText((s) => s.trim().min(1, required).max(NAME_MAX, tooLong).regex(PERSON_NAME_PATTERN, letters), required);
}

export const nickName = nickRule(NICK_TEXTS.register);
export const firstName = personName(MSG.nameRequired, MSG.nameLetters, MSG.nameTooLong);
export const surname = personName(MSG.surnameRequired, MSG.surnameLetters, MSG.surnameTooLong);

/** Optional phone number: empty becomes null. */
export const phoneNumber = singleLineText((s) => s.trim().max(PHONE_MAX, MSG.phoneTooLong).refine((v) => v === '' || PHONE_PATTERN.test(v), MSG.phoneInvalid),
  MSG.phoneInvalid,
)
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

export const password = singleLineText((s) => s.min(PASSWORD_MIN, MSG.passwordLength).max(PASSWORD_MAX, MSG.passwordLength).regex(PASSWORD_PATTERN, MSG.passwordRule),
  MSG.passwordRequired,
  { normalize: false },
);

/** A secret typed or pasted as is (a password to check, a token): the character rule, no normalising. */
export const secretText = (max: number, error?: string) => singleLineText((s) => s.max(max, error), error, { normalize: false });

/** Turns zod issues into the `{ field: message }` object the spec's client reads (first message per field). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
