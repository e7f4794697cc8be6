import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_MSG, roomId } from '@contract/chat';
import { EVENT_MSG } from '@contract/events';
import {
  MUTE_MAX_MS, NOTIFICATION_MSG, muteChatBody, notificationDto, notificationListQuery, notificationListResponse, preferencesResponse,
  unreadNotificationsResponse, updatePreferencesBody,
} from '@contract/notifications';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors';
import { isMember } from '../repositories/chat';
import { findEvent, findOwnerUnread, toEventDto } from '../repositories/events';
import { listNotifications, markEventStatusRead, toNotificationDto } from '../repositories/notification-records';
import { readAllNotifications, readNotification } from '../services/notification-reads';
import {
  getPreferences, markRecordRead, muteEvent, muteRoom, unmuteEvent, unmuteRoom, unreadRecords, updateSwitches,
} from '../repositories/notifications';

const eventParams = z.object({ eventId: z.uuid({ error: EVENT_MSG.notFound }) });
const roomParams = z.object({ roomId });
const recordParams = z.object({ id: z.uuid({ error: NOTIFICATION_MSG.noRecord }) });
const ok = z.object({ msg: z.string() });

/** Spec section 7, "Notifications": the person's switches, mutes and unseen status changes. */
export async function notificationRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  app.addHook('preHandler', app.requireUser);

  const preferencesOf = async (userId: string) => ({ preferences: await getPreferences(db, userId) });

  app.get('/notifications/preferences', { schema: { response: { 200: preferencesResponse } } }, async (request) =>
    preferencesOf(request.user!.id),
  );

  app.put(
    '/notifications/preferences',
    { schema: { body: updatePreferencesBody, response: { 200: preferencesResponse } } },
    async (request) => {
      await updateSwitches(db, request.user!.id, request.body);
      return preferencesOf(request.user!.id);
    },
  );

  app.get('/notifications/unread', { schema: { response: { 200: unreadNotificationsResponse } } }, async (request) => {
    const records = await unreadRecords(db, request.user!.id);
    const unreadNotifications = [];
    for (const r of records) {
      const event = await findEvent(db, r.eventId);
      if (!event) continue;
      unreadNotifications.push({
        _id: r.id,
        eventID: toEventDto(event, { isParticipating: r.status === 'accepted' }),
        userID: r.userId,
        status: r.status,
        readBy: r.readBy,
        updatedAt: r.updatedAt.toISOString(),
      });
    }
    const organiserNotifications = (await findOwnerUnread(db, request.user!.id))
      .filter((e) => e.status !== 'cancelled')
      .map((e) => ({ eventID: toEventDto(e), since: e.ownerUnreadSince!.toISOString() }));
    return { unreadNotifications, organiserNotifications };
  });

  app.post(
    '/notifications/mute-chat/:roomId',
    { schema: { params: roomParams, body: muteChatBody, response: { 200: preferencesResponse } } },
    async (request) => {
      const me = request.user!.id;
      if (!(await isMember(db, request.params.roomId, me))) throw new ForbiddenError(CHAT_MSG.notMember);
      const until = request.body.muteExpiresAt ? new Date(request.body.muteExpiresAt) : null;
      if (until && until.getTime() <= Date.now()) throw new BadRequestError(NOTIFICATION_MSG.muteInPast);
      if (until && until.getTime() > Date.now() + MUTE_MAX_MS) throw new BadRequestError(NOTIFICATION_MSG.muteTooLong);
      await muteRoom(db, me, request.params.roomId, until);
      return preferencesOf(me);
    },
  );

  app.delete('/notifications/mute-chat/:roomId', { schema: { params: roomParams, response: { 200: preferencesResponse } } }, async (request) => {
    await unmuteRoom(db, request.user!.id, request.params.roomId);
    return preferencesOf(request.user!.id);
  });

  app.post('/notifications/mute-event/:eventId', { schema: { params: eventParams, response: { 200: preferencesResponse } } }, async (request) => {
    const event = await findEvent(db, request.params.eventId);
    if (!event) throw new NotFoundError(EVENT_MSG.notFound);
    await muteEvent(db, request.user!.id, event.id);
    return preferencesOf(request.user!.id);
  });

  app.delete('/notifications/mute-event/:eventId', { schema: { params: eventParams, response: { 200: preferencesResponse } } }, async (request) => {
    await unmuteEvent(db, request.user!.id, request.params.eventId);
    return preferencesOf(request.user!.id);
  });

  app.patch('/notifications/mark-read/:id', { schema: { params: recordParams, response: { 200: ok } } }, async (request) => {
    const eventId = await markRecordRead(db, request.user!.id, request.params.id);
    if (!eventId) throw new NotFoundError(NOTIFICATION_MSG.noRecord);
    await markEventStatusRead(db, request.user!.id, eventId);
    return { msg: 'OK' };
  });

  // The stored notifications (docs/adr/0085): the bell's latest and the full, paged list.
  app.get('/notifications', { schema: { querystring: notificationListQuery, response: { 200: notificationListResponse } } }, async (request) => {
    const { page, limit, unreadOnly } = request.query;
    const { rows, total, unread, unreadOther } = await listNotifications(db, request.user!.id, { page, limit, unreadOnly: unreadOnly === 'true' });
    return { notifications: rows.map(toNotificationDto), total, unread, unreadOther, page, pages: Math.max(1, Math.ceil(total / limit)) };
  });

  app.patch(
    '/notifications/:id/read',
    { schema: { params: recordParams, response: { 200: z.object({ notification: notificationDto }) } } },
    async (request) => {
      const row = await readNotification(app, request.user!.id, request.params.id);
      if (!row) throw new NotFoundError(NOTIFICATION_MSG.noRecord);
      return { notification: toNotificationDto(row) };
    },
  );

  app.post('/notifications/read-all', { schema: { response: { 200: z.object({ marked: z.number().int() }) } } }, async (request) => ({
    marked: await readAllNotifications(app, request.user!.id),
  }));
}
