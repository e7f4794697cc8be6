import { z } from 'zod';
import { multiLineText, singleLineText } from './text';

export const REPORT_TYPES = ['user', 'event', 'bug'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_MIN = 10;
export const REPORT_MAX = 500;
/** Above this many characters the form warns that the limit is near (spec section 9). */
export const REPORT_WARN_AT = 450;
/** Reports per person: [max, window in ms]. */
export const REPORT_LIMIT: [number, number] = [10, 60 * 60_000];

export const REPORT_TITLES: Record<ReportType, string> = {
  user: 'Zgłoszenie użytkownika',
  event: 'Zgłoszenie wydarzenia',
  bug: 'Zgłoszenie błędu',
};

export const REPORT_MSG = {
  typeRequired: 'Brak typu raportu',
  tooShort: 'Wiadomość musi mieć co najmniej 10 znaków',
  tooLong: 'Wiadomość może mieć najwyżej 500 znaków',
  userRequired: 'Brak ID zgłaszanego użytkownika',
  eventRequired: 'Brak ID zgłaszanego wydarzenia',
  userNotFound: 'Nie znaleziono zgłaszanego użytkownika',
  eventNotFound: 'Nie znaleziono zgłaszanego wydarzenia',
  self: 'Nie możesz zgłosić samego siebie',
  duplicate: 'To zgłoszenie zostało już wysłane',
  sent: 'Raport został wysłany pomyślnie',
  failed: 'Wystąpił błąd podczas wysyłania raportu',
  noState: 'Brak danych do zgłoszenia. Przekierowuję do dashboard...',
} as const;

export function charactersLeftWarning(length: number): string | null {
  return length > REPORT_WARN_AT ? `Zbliżasz się do limitu znaków (${REPORT_MAX - length} pozostało)` : null;
}

const id = (message: string) => z.uuid({ error: message });

/** POST /reports: the target id the type needs; the other one is ignored. */
export const reportBody = z
  .object({
    type: z.enum(REPORT_TYPES, { error: REPORT_MSG.typeRequired }),
    message: multiLineText((s) => s.trim().min(REPORT_MIN, REPORT_MSG.tooShort).max(REPORT_MAX, REPORT_MSG.tooLong), REPORT_MSG.tooShort),
    reportedUserId: singleLineText((s) => s.max(100)).optional().nullable(),
    reportedEventId: singleLineText((s) => s.max(100)).optional().nullable(),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'user' && !id(REPORT_MSG.userRequired).safeParse(b.reportedUserId).success)
      ctx.addIssue({ code: 'custom', path: ['reportedUserId'], message: REPORT_MSG.userRequired });
    if (b.type === 'event' && !id(REPORT_MSG.eventRequired).safeParse(b.reportedEventId).success)
      ctx.addIssue({ code: 'custom', path: ['reportedEventId'], message: REPORT_MSG.eventRequired });
  })
  .transform((b) => ({
    type: b.type,
    message: b.message,
    reportedUserId: b.type === 'user' ? b.reportedUserId! : null,
    reportedEventId: b.type === 'event' ? b.reportedEventId! : null,
  }));
export type ReportBody = z.input<typeof reportBody>;
