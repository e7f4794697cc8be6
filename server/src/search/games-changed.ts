import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import type { AppContext } from '../context';

/** The server-side event other processes receive (through the Redis adapter) when games changed. */
const GAMES_CHANGED = 'gamesChanged';

/** Shared search answers are dropped and the search index reads the changes before its next answer. */
function changedHere(ctx: Pick<AppContext, 'searchCache' | 'searchIndex'>): void {
  ctx.searchCache.clear();
  ctx.searchIndex.wrote();
}

/**
 * This process changed games (a write request, the event clock, the series job), after the commit:
 * its own next search and map answer read the changes first, and with Redis every other process is
 * told to do the same (ADR 96). Told before any `eventChanged` this process sends about the change
 * (one Redis connection keeps their order), so a screen that refetches on that news, through
 * whichever process, finds the change. Never throws.
 */
export function gamesChanged(app: Pick<FastifyInstance, 'ctx' | 'io' | 'log'>): void {
  changedHere(app.ctx);
  if (!app.ctx.redis || !app.io) return;
  try {
    app.io.serverSideEmit(GAMES_CHANGED);
  } catch (err) {
    app.log.warn({ err }, 'telling other processes that games changed failed');
  }
}

/** Wires the cross-process half: another process changed games. */
export function listenForGamesChanged(io: Server, ctx: Pick<AppContext, 'searchCache' | 'searchIndex'>): void {
  io.on(GAMES_CHANGED, () => changedHere(ctx));
}
