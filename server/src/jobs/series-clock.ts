import type { FastifyInstance } from 'fastify';
import { runPeriodically } from './periodic';
import { ensureSeriesGames } from '../services/series';

/** Every few minutes is plenty: the games are made weeks ahead. */
export const SERIES_CLOCK_MS = 5 * 60_000;

/** Keeps every active weekly series filled a few weeks ahead (docs/adr/0092); safe in any number of processes. */
export function startSeriesClock(app: FastifyInstance, everyMs = SERIES_CLOCK_MS): void {
  runPeriodically(app, 'series clock', everyMs, () => ensureSeriesGames(app));
}
