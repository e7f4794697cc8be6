import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUser } from '@contract/auth';
import { MSG } from '@contract/messages';
import { TWO_FACTOR_MSG } from '@contract/two-factor';
import { singleLineText } from '@contract/text';
import { ageInYears } from '@contract/time';
import {
  AVATAR_MAX_BYTES, USER_MSG, deleteAccountBody, deleteAccountResponse, publicUser, checkProfileChanges, updateProfileRequest, userIdParams,
} from '@contract/users';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../lib/errors';
import { normalizeAvatar } from '../lib/images';
import { enforceLimit } from '../lib/limits';
import { endSession } from '../plugins/auth';
import { cutSessionSockets } from '../realtime/session-end';
import { sendChatNotices } from '../realtime/chat-notify';
import { sendStatusUpdates } from '../realtime/notify';
import { sendEventChanged } from '../realtime/event-changed';
import { userRoom } from '../realtime/socket';
import { findAvatar, replaceAvatar } from '../repositories/avatars';
import { isLiked, updateProfile } from '../repositories/profiles';
import { findUserById, getStats, isNickTaken, isUniqueViolation, toSessionUser, avatarUrlOf } from '../repositories/users';
import { deleteAccount } from '../services/account-deletion';
import { reauthenticator } from '../services/reauthenticate';
import { TwoFactor } from '../services/two-factor';
import { exportUserData } from '../repositories/data-export';

const YEAR_S = 365 * 24 * 3600;
/** Re-encoding costs CPU: uploads per person per window. */
const AVATAR_UPLOAD_LIMIT: [number, number] = [20, 10 * 60_000];
/** The export reads every table of the person: downloads per person per window. */
const EXPORT_LIMIT: [number, number] = [10, 10 * 60_000];
const DELETE_TEXTS = {
  passwordRequired: USER_MSG.deletePasswordRequired, wrongPassword: USER_MSG.deleteWrongPassword,
  googleRequired: USER_MSG.deleteGoogleRequired, googleStale: USER_MSG.deleteGoogleStale,
};

/** A too large or non-image upload gets the avatar texts rather than the generic ones. */
function avatarUploadErrors(err: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, USER_MSG.avatarTooLarge);
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_TYPE') throw new HttpError(415, USER_MSG.avatarNotImage);
  throw err;
}

/** Profiles: another player's page, editing and deleting one's own account, and avatars. */
export async function userRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, limiter, config } = app.ctx;
  const db = database.db;
  const twoFactor = new TwoFactor(config.COOKIE_SECRET);
  const reauthenticateFirstFactor = reauthenticator(app);

  /** The account's owner (ADR 55), and with two-factor sign-in on, the code as well (ADR 57). */
  async function reauthenticate(userId: string, body: { password?: string; idToken?: string; code?: string }): Promise<void> {
    await reauthenticateFirstFactor(userId, body, DELETE_TEXTS);
    // With two-factor sign-in on, the code is due as well (a TOTP code of an unused step, or a recovery code).
    if (await twoFactor.isEnabled(db, userId)) {
      if (!body.code?.trim()) throw new BadRequestError(TWO_FACTOR_MSG.codeRequired, { code: TWO_FACTOR_MSG.codeRequired });
      if (!(await twoFactor.useCode(db, userId, body.code))) {
        throw new HttpError(403, TWO_FACTOR_MSG.codeInvalid, { code: TWO_FACTOR_MSG.codeInvalid });
      }
    }
  }

  // Avatars arrive as the raw image; the type is decided by its bytes, not by this header.
  for (const type of [/^image\//, 'application/octet-stream']) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_req, body, done) => done(null, body));
  }

  app.get(
    '/users/:id',
    { preHandler: app.requireUser, schema: { params: userIdParams, response: { 200: z.object({ user: publicUser }) } } },
    async (request) => {
      const user = await findUserById(db, request.params.id);
      if (!user || !user.isActive) throw new NotFoundError(USER_MSG.userNotFound);
      const [userStats, liked] = await Promise.all([getStats(db, user.id), isLiked(db, request.user!.id, user.id)]);
      // Others see an age in years, never the birth date; one's own profile keeps the date (docs/adr/0078).
      const own = user.id === request.user!.id;
      return {
        user: {
          _id: user.id, nickName: user.nickName, name: user.name, surname: user.surname,
          avatarUrl: avatarUrlOf(user.id, user.avatarVersion), age: ageInYears(user.birthDate), ...(own ? { birthDate: user.birthDate } : {}),
          userStats, isLikedByCurrentUser: liked,
        },
      };
    },
  );

  app.patch(
    '/users/current-user/update-user',
    { preHandler: app.requireUser, schema: { body: updateProfileRequest, response: { 200: z.object({ msg: z.string(), user: sessionUser }) } } },
    async (request) => {
      const me = request.user!;
      const current = await findUserById(db, me.id);
      if (!current) throw new NotFoundError(USER_MSG.userNotFound);
      // Only what changed is checked and saved: a value stored under an older rule stays savable.
      const stored = toSessionUser(current);
      const { changes, errors } = checkProfileChanges(request.body, stored);
      if (Object.keys(errors).length) throw new BadRequestError([...new Set(Object.values(errors))].join(', '), errors);
      // Everything sent equals what is stored: nothing to write, and nothing wrong either.
      if (!Object.keys(changes).length) return { msg: USER_MSG.profileUpdated, user: stored };
      const { age, ...names } = changes;
      if (names.nickName && (await isNickTaken(db, names.nickName, me.id))) {
        throw new ConflictError(MSG.nickTaken, { nickName: MSG.nickTaken });
      }
      try {
        const user = await updateProfile(db, me.id, { ...names, ...(age !== undefined ? { birthDate: age } : {}) });
        return { msg: USER_MSG.profileUpdated, user: toSessionUser(user) };
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(MSG.nickTaken, { nickName: MSG.nickTaken });
        throw err;
      }
    },
  );

  // "Pobierz moje dane": everything stored about the person, as a JSON file (ADR 56).
  app.get('/users/current-user/export', { preHandler: app.requireUser }, async (request, reply) => {
    const me = request.user!.id;
    await enforceLimit(limiter, `export:user:${me}`, EXPORT_LIMIT);
    const data = await exportUserData(db, me);
    if (!data) throw new NotFoundError(USER_MSG.userNotFound);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="graj-razem-moje-dane-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/users/current-user/delete',
    { preHandler: app.requireUser, schema: { body: deleteAccountBody.nullish(), response: { 200: deleteAccountResponse } } },
    async (request, reply) => {
      const me = request.user!.id;
      await reauthenticate(me, request.body ?? {});
      const outcome = await deleteAccount(db, me);
      if (!outcome) throw new NotFoundError(USER_MSG.userNotFound);
      await endSession(app, request, reply);
      sendStatusUpdates(app, outcome.statusNotices);
      sendChatNotices(app, outcome.chatNotices);
      // The other players of those games see the line-up change on their open screens (docs/adr/0070).
      for (const game of outcome.lineUpChanged) await sendEventChanged(app, game, 'updated');
      for (const { userId, roomId } of outcome.removedFromRooms) {
        app.io.to(userRoom(userId)).emit('removedFromChatRoom', { targetUserId: userId, roomId });
        app.io.in(roomId).socketsLeave(roomId);
      }
      cutSessionSockets(app, outcome.endedSessions);
      app.io.in(userRoom(me)).disconnectSockets(true);
      request.log.info({ userId: me }, 'account deleted');
      return { msg: USER_MSG.deleted, avatarUrlToDelete: outcome.avatarUrlToDelete };
    },
  );

  app.put(
    '/users/current-user/avatar',
    {
      preHandler: app.requireUser,
      errorHandler: avatarUploadErrors,
      schema: { response: { 200: z.object({ msg: z.string(), avatarUrl: z.string(), user: sessionUser }) } },
    },
    async (request) => {
      const me = request.user!.id;
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, USER_MSG.avatarNotImage);
      if (!request.body.length) throw new BadRequestError(USER_MSG.avatarNotImage);
      await enforceLimit(limiter, `avatar:user:${me}`, AVATAR_UPLOAD_LIMIT);
      const jpeg = await normalizeAvatar(request.body);
      await db.transaction((tx) => replaceAvatar(tx, me, jpeg));
      const user = toSessionUser((await findUserById(db, me))!);
      return { msg: USER_MSG.avatarSaved, avatarUrl: user.avatarUrl!, user };
    },
  );

  // A face is personal data and every screen showing one is for signed-in people: avatars need a
  // session and only the browser may keep them (docs/adr/0078). A deleted account's is gone (404).
  app.get(
    '/users/:id/avatar',
    // Private cache only (the picture needs a session): it keeps its own Cache-Control instead of no-store.
    { preHandler: app.requireUser, config: { cacheable: true }, schema: { params: userIdParams, querystring: z.object({ v: singleLineText((s) => s.max(12)).optional() }) } },
    async (request, reply) => {
      const avatar = await findAvatar(db, request.params.id);
      if (!avatar) throw new NotFoundError(USER_MSG.userNotFound);
      const etag = `"avatar-${avatar.version}"`;
      // The versioned URL never changes its picture; any other address must ask again.
      const current = request.query.v === String(avatar.version);
      reply
        .header('Content-Type', avatar.mime)
        .header('ETag', etag)
        .header('Last-Modified', avatar.updatedAt.toUTCString())
        .header('Cache-Control', current ? `private, max-age=${YEAR_S}, immutable` : 'private, no-cache');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((t) => t.trim() === etag)) return reply.status(304).send();
      return reply.send(avatar.data);
    },
  );
}
