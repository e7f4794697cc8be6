import type { FastifyInstance } from 'fastify';
import { runPeriodically } from './periodic';
import { warsawToUtc, utcToWarsaw } from '@contract/time';
import { nearbyDigestMail } from '../mail/templates';
import { claimDigests, takeDigest } from '../repositories/nearby';
import { pruneNotifications } from '../repositories/notification-records';
import { getPreferences } from '../repositories/notifications';
import { claimDueReminders } from '../repositories/reminders';
import { findUserById } from '../repositories/users';
import { dispatchNotifications } from '../services/notification-dispatch';
import { reminderDraft } from '../services/notification-texts';

export const NOTIFICATION_CLOCK_MS = 30_000;
/** The daily digest of new games nearby goes out from this Warsaw hour on (an evening to plan tomorrow). */
export const DIGEST_HOUR = '18:00';

/** The latest digest moment at or before `now`: today's DIGEST_HOUR in Warsaw, or yesterday's. */
export function lastDigestMoment(now: Date): Date {
  const today = warsawToUtc(utcToWarsaw(now).date, DIGEST_HOUR);
  if (today.getTime() <= now.getTime()) return today;
  return warsawToUtc(utcToWarsaw(now.getTime() - 24 * 3600_000).date, DIGEST_HOUR);
}

/**
 * One run of the notification job (docs/adr/0085): claims the reminders due at `now` and sends
 * them (push where subscribed, else e-mail, and in-app), then the daily digests that are due. Every
 * claim is made in the database, so any number of processes may run it at the same moment.
 */
export async function tickNotifications(app: FastifyInstance, now: Date = new Date()): Promise<{ reminders: number; digests: number }> {
  const db = app.ctx.database.db;
  let reminders = 0;
  for (;;) {
    const claimed = await claimDueReminders(db, now);
    if (claimed.length) {
      const drafts = claimed.map((c) => reminderDraft(c.userId, { id: c.eventId, ...c }, c.offset, now));
      reminders += (await dispatchNotifications(app, drafts, now)).length;
    }
    if (claimed.length < 500) break;
  }
  let digests = 0;
  for (const userId of await claimDigests(db, now, lastDigestMoment(now))) {
    const [prefs, user] = await Promise.all([getPreferences(db, userId), findUserById(db, userId)]);
    const mailed = Boolean(user && prefs.emailNotifications);
    const games = await takeDigest(db, userId, mailed);
    if (!mailed || !games.length) continue;
    const base = app.ctx.config.PUBLIC_URL;
    const withUrls = games.map((g) => ({ body: g.body, link: `${base}${g.link}` }));
    try {
      await app.ctx.mailer.send(nearbyDigestMail(user!.email, user!.nickName, withUrls, `${base}/dashboard/settings-event`));
      digests += 1;
    } catch (err) {
      app.log.error({ err }, 'nearby digest not sent');
    }
  }
  return { reminders, digests };
}

/** Runs the job every NOTIFICATION_CLOCK_MS; `clock` is injectable (tests move time by calling tickNotifications). */
export function startNotificationClock(app: FastifyInstance, everyMs = NOTIFICATION_CLOCK_MS, clock: () => Date = () => new Date()): void {
  runPeriodically(app, 'notification clock', everyMs, () => tickNotifications(app, clock()));
  // Old notifications and reminder claims go once an hour (per process; the deletes are idempotent),
  // never at start-up: nothing there is urgent, and a restart should not begin with a table scan.
  runPeriodically(app, 'notification pruning', PRUNE_EVERY_MS, () => pruneNotifications(app.ctx.database.db, clock()), { atStart: false });
}

/** How often old notifications are pruned (docs/adr/0085). */
export const PRUNE_EVERY_MS = 3600_000;
