import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUser } from '@contract/auth';
import { MSG } from '@contract/messages';
import { ageInYears } from '@contract/time';
import {
  AVATAR_MAX_BYTES, USER_MSG, deleteAccountResponse, publicUser, updateProfileBody, userIdParams,
} from '@contract/users';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../lib/errors';
import { normalizeAvatar } from '../lib/images';
import { enforceLimit } from '../lib/limits';
import { endSession } from '../plugins/auth';
import { sendStatusUpdates } from '../realtime/notify';
import { userRoom } from '../realtime/socket';
import { findAvatar, replaceAvatar } from '../repositories/avatars';
import { isLiked, updateProfile } from '../repositories/profiles';
import { findUserById, getStats, isNickTaken, isUniqueViolation, toSessionUser, avatarUrlOf } from '../repositories/users';
import { deleteAccount } from '../services/account-deletion';

const YEAR_S = 365 * 24 * 3600;
/** Re-encoding costs CPU: uploads per person per window. */
const AVATAR_UPLOAD_LIMIT: [number, number] = [20, 10 * 60_000];

/** A too large or non-image upload gets the avatar texts rather than the generic ones. */
function avatarUploadErrors(err: FastifyError, _request: FastifyRequest, _reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, USER_MSG.avatarTooLarge);
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_TYPE') throw new HttpError(415, USER_MSG.avatarNotImage);
  throw err;
}

/** Profiles: another player's page, editing and deleting one's own account, and avatars. */
export async function userRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, limiter } = app.ctx;
  const db = database.db;

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
    { preHandler: app.requireUser, schema: { body: updateProfileBody, response: { 200: z.object({ msg: z.string(), user: sessionUser }) } } },
    async (request) => {
      const me = request.user!;
      const { age, ...names } = request.body;
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

  app.delete(
    '/users/current-user/delete',
    { preHandler: app.requireUser, schema: { response: { 200: deleteAccountResponse } } },
    async (request, reply) => {
      const me = request.user!.id;
      const outcome = await deleteAccount(db, me);
      if (!outcome) throw new NotFoundError(USER_MSG.userNotFound);
      await endSession(app, request, reply);
      sendStatusUpdates(app, outcome.statusNotices);
      for (const { userId, roomId } of outcome.removedFromRooms) {
        app.io.to(userRoom(userId)).emit('removedFromChatRoom', { targetUserId: userId, roomId });
        app.io.in(roomId).socketsLeave(roomId);
      }
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
    { preHandler: app.requireUser, schema: { params: userIdParams, querystring: z.object({ v: z.string().max(12).optional() }) } },
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
