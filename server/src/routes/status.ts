import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userStats as userStatsSchema } from '@contract/auth';
import { EVENT_MSG, PARTICIPATION_STATUSES, hasStarted, isFinishedStatus, statusRecordDto, waitlistPositionText, type EventDto } from '@contract/events';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors';
import { sendChatNotices } from '../realtime/chat-notify';
import { sendStatusUpdates } from '../realtime/notify';
import { sendEventChanged } from '../realtime/event-changed';
import { findEvent, findOwnedEvents, flagOwnerUnread, toEventDto, type EventWithOwner } from '../repositories/events';
import {
  deleteParticipation, findParticipation, insertInterest, listForEvent, listForUser, setParticipationStatus,
} from '../repositories/participations';
import { isRegular } from '../repositories/series';
import { avatarUrlOf, getStats } from '../repositories/users';
import { syncGroupMembership } from '../services/chat-rooms';
import { readGameNews } from '../services/notification-reads';
import { completeEvent, organiserNotice, type StatusNotice } from '../services/event-lifecycle';
import { attendanceEditableUntil, setAttendance } from '../services/attendance';
import { countByStatus, isFull, joinsWaitlist, settleWaitlist, waitlistPosition } from '../services/waitlist';
import { idParams } from './events';

const msg = z.object({ msg: z.string() });
const participant = z.object({ _id: z.string(), nickName: z.string(), name: z.string(), surname: z.string(), avatarUrl: z.string().nullable() });

/** A change the organiser made to a player's participation: news for that player. */
function notice(event: EventWithOwner, userId: string, status: StatusNotice['payload']['status'], recordId: string | null): StatusNotice {
  return { userId, payload: { eventId: event.id, eventName: event.eventName, userId, status, eventStatus: event.status, recordId, readBy: false } };
}

export async function statusRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  app.addHook('preHandler', app.requireUser);

  async function visibleEvent(id: string, userId: string) {
    const event = await findEvent(db, id);
    if (!event || (event.status === 'cancelled' && event.ownerId !== userId)) throw new NotFoundError(EVENT_MSG.notFound);
    return event;
  }

  async function ownedEvent(id: string, userId: string) {
    const event = await findEvent(db, id);
    if (!event || event.status === 'cancelled') throw new NotFoundError(EVENT_MSG.notFound);
    if (event.ownerId !== userId) throw new ForbiddenError(EVENT_MSG.notOwner);
    return event;
  }

  app.get(
    '/status/my-events',
    {
      schema: {
        response: {
          200: z.object({ userEvents: z.array(statusRecordDto), ownedEvents: z.array(z.custom<EventDto>()), ownedUnread: z.array(z.string()) }),
        },
      },
    },
    async (request) => {
      const me = request.user!.id;
      const [records, owned] = await Promise.all([listForUser(db, me), findOwnedEvents(db, me)]);
      const events = new Map<string, EventWithOwner>();
      for (const r of records) {
        const e = await findEvent(db, r.eventId);
        if (e) events.set(e.id, e);
      }
      const userEvents = records
        .filter((r) => events.has(r.eventId))
        .map((r) => ({
          _id: r.id,
          eventID: toEventDto(events.get(r.eventId)!, { isParticipating: r.status === 'accepted' }),
          userID: r.userId,
          status: r.status,
          readBy: r.readBy,
          updatedAt: r.updatedAt.toISOString(),
        }))
        .sort((a, b) => a.eventID.startDateTime.localeCompare(b.eventID.startDateTime));
      // The organiser's games with news they have not seen ('New' on their cards).
      const ownedUnread = owned.filter((e) => e.ownerUnreadSince !== null && e.status !== 'cancelled').map((e) => e.id);
      return { userEvents, ownedEvents: owned.map((e) => toEventDto(e)), ownedUnread };
    },
  );

  app.get(
    '/status/events/:id/my-status',
    {
      schema: {
        params: idParams,
        response: {
          200: z.object({
            status: z.string().nullable(), readBy: z.boolean(), waitlistPosition: z.number().int().nullable(),
            /** A regular of the game's weekly series (docs/adr/0092): the game page offers leaving the series. */
            isRegular: z.boolean().optional(),
          }),
        },
      },
    },
    async (request) => {
      const event = await visibleEvent(request.params.id, request.user!.id);
      if (event.ownerId === request.user!.id) return { status: 'owner', readBy: event.ownerUnreadSince === null, waitlistPosition: null };
      const record = await findParticipation(db, event.id, request.user!.id);
      const position = record?.status === 'waitlisted' ? await waitlistPosition(db, event.id, record.userId) : null;
      // Only a series' game answers whether the person is one of its regulars.
      const regular = event.seriesId ? { isRegular: await isRegular(db, event.seriesId, request.user!.id) } : {};
      return { status: record?.status ?? null, readBy: record?.readBy ?? true, waitlistPosition: position, ...regular };
    },
  );

  app.post(
    '/status/events/:id/join',
    {
      schema: {
        params: idParams,
        response: { 201: z.object({ msg: z.string(), status: z.string(), waitlistPosition: z.number().int().nullable() }) },
      },
    },
    async (request, reply) => {
      const me = request.user!.id;
      const event = await visibleEvent(request.params.id, me);
      if (event.ownerId === me) throw new ConflictError(EVENT_MSG.ownEvent);
      // The request and the organiser's unseen news are one write; under the game's lock, so the
      // choice between a request and the waitlist sees every other join and leave (docs/adr/0090).
      const created = await db.transaction(async (tx) => {
        const locked = await findEvent(tx, event.id, { forUpdate: true });
        if (!locked || isFinishedStatus(locked.status) || locked.endAt.getTime() <= Date.now()) throw new ConflictError(EVENT_MSG.finished);
        const queue = joinsWaitlist(locked, await countByStatus(tx, event.id));
        if (queue && hasStarted(locked.startAt)) {
          if (await findParticipation(tx, event.id, me)) return undefined;
          throw new ConflictError(EVENT_MSG.waitlistClosed);
        }
        const row = await insertInterest(tx, event.id, me, queue ? 'waitlisted' : 'interested');
        if (row) await flagOwnerUnread(tx, event.id);
        return row && { row, position: queue ? await waitlistPosition(tx, event.id, me) : null };
      });
      if (!created) {
        const existing = await findParticipation(db, event.id, me);
        throw new ConflictError(existing?.status === 'rejected' ? EVENT_MSG.rejected : EVENT_MSG.alreadyHasStatus);
      }
      const status = created.row.status === 'waitlisted' ? 'waitlisted' : 'interested';
      sendStatusUpdates(app, [organiserNotice(event, me, status, true)]);
      const msg = created.position ? `${EVENT_MSG.waitlisted}. ${waitlistPositionText(created.position)}.` : EVENT_MSG.joined;
      return reply.status(201).send({ msg, status, waitlistPosition: created.position });
    },
  );

  app.delete('/status/events/:id/leave', { schema: { params: idParams, response: { 200: msg } } }, async (request) => {
    const me = request.user!.id;
    const event = await visibleEvent(request.params.id, me);
    // Under the game's lock: a place freed by leaving goes to the first on the waitlist (docs/adr/0090).
    const outcome = await db.transaction(async (tx) => {
      const locked = await findEvent(tx, event.id, { forUpdate: true });
      const record = await findParticipation(tx, event.id, me);
      const canLeave = locked && record && ['interested', 'accepted', 'waitlisted'].includes(record.status) && !isFinishedStatus(locked.status);
      if (!canLeave) throw new ConflictError(EVENT_MSG.cannotLeave);
      // An accepted player leaving is news for the organiser; taking back a request is not.
      const news = record.status === 'accepted';
      await deleteParticipation(tx, record.id);
      if (news) await flagOwnerUnread(tx, event.id);
      // Leaving the game is leaving its group chat, in the same transaction.
      const chat = await syncGroupMembership(tx, event, me, null);
      const settled = await settleWaitlist(tx, event.id);
      return { was: record.status, news, chat, settled };
    });
    sendStatusUpdates(app, [organiserNotice(event, me, null, outcome.news), ...outcome.settled.notices]);
    sendChatNotices(app, [...outcome.chat, ...outcome.settled.chat]);
    // An accepted player leaving changes the line-up the others see; one leaving the waitlist, the places in it.
    if (outcome.was === 'accepted' || outcome.was === 'waitlisted' || outcome.settled.lineUpChanged) await sendEventChanged(app, event, 'updated');
    return { msg: EVENT_MSG.left };
  });

  app.get(
    '/status/events/:id/users',
    {
      schema: {
        params: idParams,
        response: {
          200: z.object({
            usersByStatus: z.object({
              interested: z.array(participant), accepted: z.array(participant), rejected: z.array(participant),
              /** In arrival order: the first is offered the next free place (docs/adr/0090). */
              waitlisted: z.array(participant),
            }),
            eventUsers: z.array(
              z.object({
                _id: z.string(), userID: participant, status: z.enum(PARTICIPATION_STATUSES), readBy: z.boolean(),
                /** A played game's check-in (organiser only; docs/adr/0091). */
                attended: z.boolean().optional(),
              }),
            ),
            /** Until when the organiser may change the check-in of this completed game. */
            attendanceEditableUntil: z.string().nullable(),
            userStats: z.array(userStatsSchema),
            total: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const me = request.user!.id;
      const event = await visibleEvent(request.params.id, me);
      const isOwner = event.ownerId === me;
      // Only the organiser sees who asked and who was turned away; everyone sees the accepted players.
      const rows = (await listForEvent(db, event.id)).filter((r) => isOwner || r.record.status === 'accepted' || r.record.status === 'finished');
      const person = (u: (typeof rows)[number]['user']) => ({
        _id: u._id, nickName: u.nickName, name: u.name, surname: u.surname, avatarUrl: avatarUrlOf(u._id, u.avatarVersion),
      });
      const people = rows.map((r) => person(r.user));
      const byStatus = (s: string) => rows.filter((r) => r.record.status === s).map((r) => person(r.user));
      const ids = [event.ownerId, ...people.map((p) => p._id)];
      const stats = await Promise.all(ids.map((id) => getStats(db, id)));
      return {
        usersByStatus: {
          interested: byStatus('interested'),
          // After the game, the players who were accepted are 'finished': still the game's line-up.
          accepted: [...byStatus('accepted'), ...byStatus('finished')],
          rejected: byStatus('rejected'),
          waitlisted: byStatus('waitlisted'),
        },
        eventUsers: rows.map((r) => ({
          _id: r.record.id, userID: person(r.user), status: r.record.status, readBy: r.record.readBy,
          ...(isOwner && r.record.status === 'finished' ? { attended: r.record.attended } : {}),
        })),
        attendanceEditableUntil: isOwner ? (attendanceEditableUntil(event)?.toISOString() ?? null) : null,
        userStats: stats,
        total: rows.length,
      };
    },
  );

  app.patch(
    '/status/events/:id/users/:userId/status',
    {
      schema: {
        params: idParams.extend({ userId: z.uuid({ error: EVENT_MSG.noParticipant }) }),
        body: z.object({ status: z.enum(['accepted', 'rejected']) }),
        response: { 200: z.object({ msg: z.string(), status: z.string() }) },
      },
    },
    async (request) => {
      const event = await ownedEvent(request.params.id, request.user!.id);
      // Under the game's lock: the places are counted, and a place freed goes to the waitlist (docs/adr/0090).
      const { record, updated, chat, settled } = await db.transaction(async (tx) => {
        const locked = await findEvent(tx, event.id, { forUpdate: true });
        if (!locked || isFinishedStatus(locked.status)) throw new ConflictError(EVENT_MSG.finished);
        const current = await findParticipation(tx, event.id, request.params.userId);
        if (!current || current.status === 'finished') throw new NotFoundError(EVENT_MSG.noParticipant);
        const accepting = request.body.status === 'accepted' && current.status !== 'accepted';
        if (accepting && isFull(locked, await countByStatus(tx, event.id))) throw new ConflictError(EVENT_MSG.full);
        const row = await setParticipationStatus(tx, current.id, request.body.status);
        // Accepted players are in the game's group chat; a rejected one is taken out, in the same transaction.
        const membership = await syncGroupMembership(tx, event, current.userId, row.status);
        return { record: current, updated: row, chat: membership, settled: await settleWaitlist(tx, event.id) };
      });
      sendStatusUpdates(app, [notice(event, record.userId, updated.status, updated.id), ...settled.notices]);
      sendChatNotices(app, [...chat, ...settled.chat]);
      // Accepting or turning away an accepted player changes the line-up everyone in the game sees.
      const lineUp = (record.status === 'accepted') !== (updated.status === 'accepted') || settled.lineUpChanged;
      if (lineUp || record.status === 'waitlisted') await sendEventChanged(app, event, 'updated');
      return { msg: EVENT_MSG.statusChanged, status: updated.status };
    },
  );

  app.patch(
    '/status/events/:id/users/:userId/attendance',
    {
      schema: {
        params: idParams.extend({ userId: z.uuid({ error: EVENT_MSG.noParticipant }) }),
        body: z.object({ attended: z.boolean() }),
        response: { 200: msg },
      },
    },
    async (request) => {
      // Only the organiser checks players in (a completed game is still theirs to see).
      const event = await findEvent(db, request.params.id);
      if (!event || event.status === 'cancelled') throw new NotFoundError(EVENT_MSG.notFound);
      if (event.ownerId !== request.user!.id) throw new ForbiddenError(EVENT_MSG.notOwner);
      const changed = await setAttendance(db, event.id, request.params.userId, request.body.attended);
      // The player's games played and points moved: their profile and the ranking refetch.
      if (changed) await sendEventChanged(app, event, 'attendance');
      return { msg: EVENT_MSG.attendanceSaved };
    },
  );

  app.patch('/status/events/:id/finish', { schema: { params: idParams, response: { 200: msg } } }, async (request) => {
    const event = await ownedEvent(request.params.id, request.user!.id);
    const outcome = await completeEvent(db, event.id);
    if (outcome.kind === 'notStarted') throw new ConflictError(EVENT_MSG.finishBeforeStart);
    if (outcome.kind === 'alreadyFinished') throw new ConflictError(EVENT_MSG.finished);
    sendStatusUpdates(app, outcome.notices);
    await sendEventChanged(app, event, 'completed');
    return { msg: EVENT_MSG.completed };
  });

  app.patch('/status/events/:id/mark-read', { schema: { params: idParams, response: { 200: msg } } }, async (request) => {
    // The organiser reads their game's news; a player their own record.
    await readGameNews(app, request.user!.id, request.params.id);
    return { msg: 'OK' };
  });
}
