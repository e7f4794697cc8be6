import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { ReportType } from '@contract/reports';
import type { Executor } from '../db/database';
import { reports } from '../db/schema';

export interface NewReport {
  reporterId: string;
  type: ReportType;
  message: string;
  reportedUserId: string | null;
  reportedEventId: string | null;
}

const same = <T>(column: Parameters<typeof eq>[0], value: T | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/** True when this person already sent exactly this report (same type, target and text). */
export async function isDuplicateReport(ex: Executor, r: NewReport): Promise<boolean> {
  const rows = await ex
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, r.reporterId),
        eq(reports.type, r.type),
        eq(reports.message, r.message),
        same(reports.reportedUserId, r.reportedUserId),
        same(reports.reportedEventId, r.reportedEventId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertReport(ex: Executor, r: NewReport): Promise<string> {
  const [row] = await ex.insert(reports).values(r).returning({ id: reports.id });
  return row.id;
}
