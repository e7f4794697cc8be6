import { REPORT_TYPES, type ReportType } from '@contract/reports';

/** What a screen passes when it opens the report form (navigation state). */
export interface ReportTarget {
  type: ReportType;
  reportedUserId?: string;
  reportedUserNick?: string;
  reportedEventId?: string;
  reportedEventName?: string;
}

/** The navigation state, if it is one the form can use. */
export function readReportTarget(state: unknown): ReportTarget | null {
  const s = state as Partial<ReportTarget> | null;
  if (!s || !REPORT_TYPES.includes(s.type as ReportType)) return null;
  if (s.type === 'user' && !s.reportedUserId) return null;
  if (s.type === 'event' && !s.reportedEventId) return null;
  return s as ReportTarget;
}

export function reportSubject(t: ReportTarget & { eventName?: string; nickName?: string }): string | null {
  const nick = t.reportedUserNick ?? t.nickName;
  const event = t.reportedEventName ?? t.eventName;
  if (t.type === 'user') return nick ? `Zgłaszasz gracza ${nick}.` : null;
  if (t.type === 'event') return event ? `Zgłaszasz wydarzenie „${event}”.` : null;
  return 'Opisz, co nie działa i jak do tego doszło.';
}
