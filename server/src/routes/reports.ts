import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_LIMIT, REPORT_MSG, reportBody } from '@contract/reports';
import { enforceLimit } from '../lib/limits';
import { fileReport } from '../services/reporting';

export async function reportRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { database, limiter } = app.ctx;

  app.post(
    '/reports',
    { preHandler: app.requireUser, schema: { body: reportBody, response: { 201: z.object({ msg: z.string(), reportId: z.string() }) } } },
    async (request, reply) => {
      const me = request.user!.id;
      await enforceLimit(limiter, `reports:user:${me}`, REPORT_LIMIT);
      const reportId = await fileReport(database.db, { reporterId: me, ...request.body });
      request.log.info({ reportId, type: request.body.type }, 'report filed');
      return reply.status(201).send({ msg: REPORT_MSG.sent, reportId });
    },
  );
}
