import { sql } from 'drizzle-orm';
import { REPORT_MSG } from '@contract/reports';
import type { Db } from '../db/database';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { findEvent } from '../repositories/events';
import { insertReport, isDuplicateReport, type NewReport } from '../repositories/reports';
import { findUserById } from '../repositories/users';

/**
 * Files a report about an existing person or game (or a bug). The same report twice is refused;
 * a per-reporter lock makes two identical requests sent at once count as one.
 */
export async function fileReport(db: Db, report: NewReport): Promise<string> {
  if (report.type === 'user' && report.reportedUserId === report.reporterId) throw new BadRequestError(REPORT_MSG.self);
  return db.transaction(async (tx) => {
    if (report.reportedUserId && !(await findUserById(tx, report.reportedUserId))) throw new NotFoundError(REPORT_MSG.userNotFound);
    if (report.reportedEventId && !(await findEvent(tx, report.reportedEventId))) throw new NotFoundError(REPORT_MSG.eventNotFound);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`report:${report.reporterId}`}))`);
    if (await isDuplicateReport(tx, report)) throw new ConflictError(REPORT_MSG.duplicate);
    return insertReport(tx, report);
  });
}
