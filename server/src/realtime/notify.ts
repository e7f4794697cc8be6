import type { FastifyInstance } from 'fastify';
import type { StatusNotice } from '../services/event-lifecycle';
import { userRoom } from './socket';

/** Sent after the transaction committed, with small payloads (one per affected person). */
export function sendStatusUpdates(app: FastifyInstance, notices: StatusNotice[] | null | undefined): void {
  for (const n of notices ?? []) app.io.to(userRoom(n.userId)).emit('statusUpdate', n.payload);
}
