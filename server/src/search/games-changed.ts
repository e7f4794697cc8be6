import type { AppContext } from '../context';

/**
 * This process changed games (a write request, the event clock, the series job): shared search
 * answers are dropped and the search index reads the changes before its next answer (ADR 96).
 */
export function gamesChanged(ctx: Pick<AppContext, 'searchCache' | 'searchIndex'>): void {
  ctx.searchCache.clear();
  ctx.searchIndex.wrote();
}
