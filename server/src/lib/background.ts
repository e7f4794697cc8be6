import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (forgot-password's lookup and mail, so known and
 * unknown addresses answer along the same path). Failures are logged, never thrown at nobody;
 * `idle()` lets shutdown (and tests) wait for what is still running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  run(label: string, task: () => Promise<void>): void {
    const p: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => this.log.error({ err, task: label }, 'background task failed'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}
