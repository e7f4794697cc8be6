import type { FastifyInstance } from 'fastify';

/**
 * Runs `tick` every `everyMs` and, unless `atStart` is false, once when the app is ready; never two
 * at once in this process (a slow run makes the next one wait for the following beat); closing the
 * app waits for a run in progress. A failed run is logged and the next beat tries again.
 */
export function runPeriodically(
  app: FastifyInstance, label: string, everyMs: number, tick: () => Promise<unknown>, { atStart = true }: { atStart?: boolean } = {},
): void {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = tick()
      .catch((err) => app.log.error({ err }, `${label} failed`))
      .finally(() => (running = null));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  if (atStart) app.addHook('onReady', async () => run());
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
