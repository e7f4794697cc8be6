/**
 * The zod-free half of contract/text.ts: which characters a typed text may hold (docs/adr/0040).
 * The chat box checks a message with these before sending; contract/text.ts builds every text
 * field's schema on them.
 */

export const TEXT_MSG = {
  forbidden: 'Tekst zawiera niedozwolone znaki (znaki sterujące lub niewidoczne). Usuń je i spróbuj ponownie.',
  notText: 'To pole musi być tekstem',
} as const;

/**
 * Characters no typed text may hold: C0 controls and DEL/C1 (\t and \r too; multi-line texts keep
 * \n), format characters (zero-width spaces and joiners, bidi overrides and isolates, BOM, soft
 * hyphen, tags), lone surrogates, noncharacters, line/paragraph separators, and the blank "letters"
 * (Hangul fillers, braille blank) that look like nothing.
 */
const FORBIDDEN_SINGLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]/u;
const FORBIDDEN_MULTI = /[\p{Cf}\p{Cs}\p{Zl}\p{Zp}\p{Noncharacter_Code_Point}\u115F\u1160\u3164\uFFA0\u2800]|(?![\n])\p{Cc}/u;
/** An emoji ZWJ sequence (👨‍👩‍👧): the one place a joiner is kept, in multi-line texts (chat, descriptions). */
const EMOJI_ZWJ = /(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic})/gu;

/** True when the text holds no forbidden character. */
export function isCleanText(value: string, multiLine = false): boolean {
  if (!multiLine) return !FORBIDDEN_SINGLE.test(value);
  return !FORBIDDEN_MULTI.test(value.replace(/\r\n/g, '\n').replace(EMOJI_ZWJ, ''));
}

/** The stored form of a clean text: NFKC (so "ｎｉｃｋ" and "nick" are one nick), CRLF as LF. */
export function normalizeText(value: string, multiLine = false): string {
  const v = multiLine ? value.replace(/\r\n/g, '\n') : value;
  return v.normalize('NFKC');
}
