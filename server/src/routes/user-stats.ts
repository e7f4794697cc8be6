import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userStats } from '@contract/auth';
import {
  USER_MSG, leaderboardEntry, leaderboardQuery, likeResponse, multipleStatsBody, targetUserBody,
} from '@contract/users';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { addLike, leaderboard, removeLike, statsOf } from '../repositories/profiles';
import { findUserById, getStats } from '../repositories/users';

/** Statistics, the ranking and likes. */
export async function userStatsRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  app.addHook('preHandler', app.requireUser);

  app.post(
    '/user-stats/multiple',
    { schema: { body: multipleStatsBody, response: { 200: z.object({ stats: z.array(userStats) }) } } },
    async (request) => ({ stats: await statsOf(db, [...new Set(request.body.userIds)]) }),
  );

  app.get(
    '/user-stats/leaderboard',
    { schema: { querystring: leaderboardQuery, response: { 200: z.object({ leaderboard: z.array(leaderboardEntry) }) } } },
    async (request) => ({ leaderboard: await leaderboard(db, request.query.sortBy, request.query.limit) }),
  );

  /** The like (or unlike) and the target's total move together or not at all. */
  async function changeLike(likerId: string, targetId: string, like: boolean) {
    if (likerId === targetId) throw new BadRequestError(USER_MSG.cannotLikeSelf);
    return db.transaction(async (tx) => {
      const target = await findUserById(tx, targetId);
      if (!target || !target.isActive) throw new NotFoundError(USER_MSG.userNotFound);
      const changed = like ? await addLike(tx, likerId, targetId) : await removeLike(tx, likerId, targetId);
      if (!changed) throw new ConflictError(like ? USER_MSG.alreadyLiked : USER_MSG.notLiked);
      return { msg: like ? USER_MSG.liked : USER_MSG.unliked, isLikedByCurrentUser: like, userStats: await getStats(tx, targetId) };
    });
  }

  app.post('/user-stats/like', { schema: { body: targetUserBody, response: { 200: likeResponse } } }, async (request) =>
    changeLike(request.user!.id, request.body.targetUserId, true),
  );

  app.delete('/user-stats/like', { schema: { body: targetUserBody, response: { 200: likeResponse } } }, async (request) =>
    changeLike(request.user!.id, request.body.targetUserId, false),
  );
}
