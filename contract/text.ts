import { z } from 'zod';
import { TEXT_MSG, isCleanText, normalizeText } from './plain/text';

// The character rule and messages live in a zod-free module (docs/adr/0035); all of it is here too.
export * from './plain/text';

export type TextKind = 'single' | 'multi';

/**
 * Every text field of the contract is built here (docs/adr/0040), and registered, so a test can
 * walk the request schemas and find a text field that skipped the rule.
 */
export const textFields = z.registry<{ text: TextKind }>();

export interface TextOptions {
  /** Passwords and tokens are checked but kept as typed (a password is compared, never shown). */
  normalize?: boolean;
}

type Rules<T> = (text: z.ZodString) => T;

function text<T extends z.ZodType<unknown, string>>(kind: TextKind, rules: Rules<T> | undefined, error: string | undefined, opts: TextOptions) {
  const multi = kind === 'multi';
  const keep = opts.normalize === false;
  // Checks on one string schema, no pipe: a refused field does not hide the other fields' errors
  // or the object's own rules (a repeated password).
  const base = z
    .string({ error: error ?? TEXT_MSG.notText })
    .refine((v) => isCleanText(v, multi), { message: TEXT_MSG.forbidden, abort: true })
    .overwrite((v) => (keep ? v : normalizeText(v, multi)));
  const schema = (rules ? rules(base) : base) as T;
  textFields.add(schema, { text: kind });
  return schema;
}

/**
 * One line of text (names, nicks, titles, addresses, search words): no control, format or
 * invisible characters; NFKC-normalised; then the field's own `rules`, given as a function that
 * extends the checked string (`(s) => s.trim().max(20)`).
 * `error` is the message for a missing value or a non-string.
 */
export function singleLineText<T extends z.ZodType<unknown, string> = z.ZodString>(rules?: Rules<T>, error?: string, opts: TextOptions = {}) {
  return text('single', rules, error, opts);
}

/** Like singleLineText, but line breaks are kept (CRLF becomes LF) and emoji joiners too. */
export function multiLineText<T extends z.ZodType<unknown, string> = z.ZodString>(rules?: Rules<T>, error?: string, opts: TextOptions = {}) {
  return text('multi', rules, error, opts);
}
