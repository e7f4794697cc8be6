import { build, startClocks } from './app';
import { ConfigError, loadConfig } from './config';
import { secureDataDir } from './lib/data-dir';
import { consoleGuardLog, installProcessGuards, type GuardLog } from './lib/process-guards';

let guardLog: GuardLog = consoleGuardLog;
/** Set once the app is listening: a fatal error then closes it gracefully. */
let fatalShutdown: ((reason: string) => void) | null = null;
installProcessGuards(
  process,
  () => guardLog,
  () => (fatalShutdown ? fatalShutdown('uncaughtException') : process.exit(1)),
);

async function main() {
  // A stop signal while still starting: exit at once; the 'exit' hooks release the DATA_DIR lock.
  const early = (signal: NodeJS.Signals) => process.exit(signal === 'SIGINT' ? 130 : 143);
  process.once('SIGTERM', early);
  process.once('SIGINT', early);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  secureDataDir(config.DATA_DIR);
  const app = await build({ config, eventClock: false });
  // The search index is read before the first person searches, not while they wait (ADR 96).
  await app.ctx.searchIndex.current().catch((err) => app.log.warn({ err }, 'search index not loaded: the first search loads it'));
  // The clocks start once it is read: at a million games the load keeps the process busy for most
  // of a minute, and a job's transaction started meanwhile would wait past its time limits.
  startClocks(app);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Graj Razem działa na ${config.PUBLIC_URL} (baza: ${app.ctx.database.engine})`);

  guardLog = app.log;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const code = signal === 'uncaughtException' ? 1 : 0;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(code);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.off('SIGTERM', early);
  process.off('SIGINT', early);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  fatalShutdown = (reason) => void shutdown(reason);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
