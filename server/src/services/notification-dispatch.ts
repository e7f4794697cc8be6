import type { FastifyInstance } from 'fastify';
import { isEventMuted, isRoomMuted, type NotificationKind, type NotificationPreferences } from '@contract/notifications';
import { notificationMail } from '../mail/templates';
import { userRoom } from '../realtime/socket';
import { getPreferences } from '../repositories/notifications';
import {
  insertNotification, setChannels, toNotificationDto, type NotificationDraft, type NotificationRow,
} from '../repositories/notification-records';
import { findUserById } from '../repositories/users';

/**
 * Channel dispatch (docs/adr/0085): the one way a notification reaches a person. Given drafts, it
 * applies the person's switches and mutes, stores what is left (in-app), tells their open tabs
 * (socket `notification`), and sends it by push where subscribed, else by e-mail, as the kind allows.
 */

type Delivery = 'pushElseEmail' | 'pushOnly';

/** Which topic switch governs a kind, and how far it may travel beyond the app. */
const RULES: Record<NotificationKind, { topic: keyof NotificationPreferences; delivery: Delivery }> = {
  statusChange: { topic: 'eventStatusUpdates', delivery: 'pushElseEmail' },
  joinRequest: { topic: 'eventStatusUpdates', delivery: 'pushElseEmail' },
  playerLeft: { topic: 'eventStatusUpdates', delivery: 'pushElseEmail' },
  eventChanged: { topic: 'eventStatusUpdates', delivery: 'pushElseEmail' },
  eventCancelled: { topic: 'eventStatusUpdates', delivery: 'pushElseEmail' },
  reminder: { topic: 'eventReminders', delivery: 'pushElseEmail' },
  // New games nearby reach the inbox by e-mail only as the daily digest (docs/adr/0086).
  nearbyGame: { topic: 'newEventInArea', delivery: 'pushOnly' },
  // A chat message by e-mail, one per message, would flood the inbox: push or the app only.
  chatMessage: { topic: 'chatMessages', delivery: 'pushOnly' },
};

/** Whether the person wants this at all: its topic switch on, its game and chat room not muted. */
export function wants(prefs: NotificationPreferences, d: Pick<NotificationDraft, 'kind' | 'eventId' | 'roomId'>, now: Date): boolean {
  if (!prefs[RULES[d.kind].topic]) return false;
  if (d.eventId && isEventMuted(prefs, d.eventId)) return false;
  if (d.roomId && isRoomMuted(prefs, d.roomId, now.getTime())) return false;
  return true;
}

/** The outside channel for a person: push when they allow it and a device is subscribed, else e-mail if the kind allows. */
export async function outsideChannel(app: FastifyInstance, prefs: NotificationPreferences, userId: string, kind: NotificationKind) {
  const push = app.ctx.push;
  if (push && prefs.pushNotifications && (await push.isSubscribed(userId))) return 'push' as const;
  if (RULES[kind].delivery === 'pushElseEmail' && prefs.emailNotifications) return 'email' as const;
  return null;
}

/** Tells the person's open tabs, on every process (through the adapter). */
export function emitNotification(app: FastifyInstance, row: NotificationRow): void {
  app.io.to(userRoom(row.userId)).emit('notification', { notification: toNotificationDto(row) });
}

/** Sends one stored notification by push or e-mail; answers the channel that worked, or null. */
export async function sendOutside(app: FastifyInstance, row: NotificationRow, channel: 'push' | 'email'): Promise<boolean> {
  try {
    if (channel === 'push') {
      await app.ctx.push.send(row.userId, { title: row.title, body: row.body, url: row.link, tag: `${row.kind}:${row.eventId ?? row.id}` });
    } else {
      const user = await findUserById(app.ctx.database.db, row.userId);
      if (!user) return false;
      const link = `${app.ctx.config.PUBLIC_URL}${row.link}`;
      await app.ctx.mailer.send(notificationMail(user.email, user.nickName, row.title, row.body, link));
    }
    return true;
  } catch (err) {
    app.log.error({ err, channel, kind: row.kind }, 'notification not sent');
    return false;
  }
}

/**
 * Stores and sends each draft the person wants. Answers the stored rows (with the channels they
 * actually went out on). Failures of one channel are logged, never thrown: the record stays.
 */
export async function dispatchNotifications(app: FastifyInstance, drafts: NotificationDraft[], now: Date = new Date()): Promise<NotificationRow[]> {
  const db = app.ctx.database.db;
  const stored: NotificationRow[] = [];
  const prefsOf = new Map<string, NotificationPreferences>();
  for (const d of drafts) {
    let prefs = prefsOf.get(d.userId);
    if (!prefs) prefsOf.set(d.userId, (prefs = await getPreferences(db, d.userId)));
    if (!wants(prefs, d, now)) continue;
    const outside = await outsideChannel(app, prefs, d.userId, d.kind);
    let row = await insertNotification(db, d, ['inApp'], now);
    emitNotification(app, row);
    if (outside && (await sendOutside(app, row, outside))) {
      const channels = ['inApp', outside];
      await setChannels(db, row.id, channels);
      row = { ...row, channels };
    }
    stored.push(row);
  }
  return stored;
}

/** Dispatch after the response, logged on failure, awaited at shutdown (and by tests through background.idle()). */
export function dispatchLater(app: FastifyInstance, label: string, drafts: () => Promise<NotificationDraft[]> | NotificationDraft[]): void {
  app.ctx.background.run(label, async () => {
    await dispatchNotifications(app, await drafts());
  });
}
