import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@contract/constants';
import { loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/database';
import { BackgroundTasks } from './lib/background';
import { loggerOptions } from './lib/log';
import { MemoryRateLimiter, RedisRateLimiter } from './lib/rate-limiter';
import { ResultCache } from './lib/result-cache';
import { CookieSealer } from './lib/sealed-cookie';
import { createMailer } from './mail/mailer';
import { createPushChannel, type PushChannel } from './push/channel';
import { registerAuth } from './plugins/auth';
import { registerWriteLimits } from './plugins/write-limits';
import { registerErrorHandler } from './plugins/errors';
import { isApiRequest, registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { attachSocket } from './realtime/socket';
import { accountRoutes } from './routes/account';
import { authRoutes } from './routes/auth';
import { eventRoutes } from './routes/events';
import { statusRoutes } from './routes/status';
import { seriesRoutes } from './routes/series';
import { healthRoutes } from './routes/health';
import { locationRoutes } from './routes/location';
import { chatRoutes } from './routes/chat';
import { notificationRoutes } from './routes/notifications';
import { oauthRoutes } from './routes/oauth';
import { twoFactorRoutes } from './routes/two-factor';
import { reportRoutes } from './routes/reports';
import { pushRoutes } from './routes/push';
import { calendarRoutes } from './routes/calendar';
import { shareRoutes } from './routes/share';
import { userRoutes } from './routes/users';
import { userStatsRoutes } from './routes/user-stats';
import { startEventClock } from './jobs/event-clock';
import { startNotificationClock } from './jobs/notification-clock';
import { startSeriesClock } from './jobs/series-clock';
import { gamesChanged } from './search/games-changed';
import { SearchIndex } from './search/search-index';

export interface BuildOptions {
  config?: Config;
  /** An already open database (tests share one per suite). */
  database?: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (tests enumerate them). */
  onRoute?: (route: RouteOptions) => void;
  distDir?: string;
  /** The periodic jobs: upcoming → live → completed, reminders and digests, weekly series (tests drive them by hand). */
  eventClock?: boolean;
  /**
   * The web push channel (docs/adr/0085, 0088): `{ isSubscribed(userId), send(userId, message) }`;
   * by default the real one (VAPID, the people's subscribed devices). Tests pass a recording one.
   */
  push?: PushChannel;
}

/** Builds the whole app without listening, so tests can drive it with inject(). */
export async function build(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = opts.config ?? loadConfig();
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config, opts.logStream),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Slow clients (ADR 60): the request line, headers and body must arrive within REQUEST_TIMEOUT_MS
    // (headers within 10 s of it), checked every second; a stalled socket is closed after 2 minutes.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: { headersTimeout: Math.min(10_000, config.REQUEST_TIMEOUT_MS), connectionsCheckingInterval: 1000 },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas are checked in development and tests (contract drift fails loudly there);
  // in production the already-typed answers are just stringified, which is several times faster
  // for the large lists of search and the map.
  app.setSerializerCompiler(config.NODE_ENV === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler);

  const ownsDatabase = !opts.database;
  const database =
    opts.database ??
    (await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'pglite'), timeoutMs: config.DB_TIMEOUT_MS }));
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 }) : null;
  if (redis) await redis.connect();
  const ctx: AppContext = {
    config,
    database,
    redis,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      outboxDir: path.join(config.DATA_DIR, 'outbox'),
      log: app.log,
      // Only a developer's own machine prints links (README); tests and production never do.
      logLinks: config.NODE_ENV === 'development',
    }),
    limiter: redis ? new RedisRateLimiter(redis, config.REDIS_PREFIX, app.log) : new MemoryRateLimiter(),
    sealer: new CookieSealer(config.COOKIE_SECRET),
    searchCache: new ResultCache(config.SEARCH_CACHE_MS),
    searchIndex: new SearchIndex(database.pool, config.SEARCH_INDEX_SYNC_MS),
    background: new BackgroundTasks(app.log),
    push: opts.push ?? createPushChannel(database.db, config.vapid, app.log),
  };
  app.decorate('ctx', ctx);
  // Any successful write may change what a search shows (a new game, an edit, a cancellation...);
  // routes that only read through a POST (search) say so with `config: { readOnly: true }`. Said
  // before the answer leaves, so the writer's next search already finds their change.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    if (request.routeOptions.config?.readOnly) return;
    gamesChanged(app);
  });
  // Answers that depend on the session must not be kept by browsers or proxies (ASVS 14.3.2):
  // every API answer is `no-store` unless its route is explicitly cacheable (avatar pictures) and
  // the answer is a success that set its own Cache-Control (errors are never kept).
  app.addHook('onSend', async (request, reply) => {
    if (!isApiRequest(request)) return;
    if (request.routeOptions.config?.cacheable && reply.statusCode < 400 && reply.hasHeader('Cache-Control')) return;
    reply.header('Cache-Control', 'no-store');
  });
  app.addHook('preClose', async () => {
    await new Promise<void>((resolve) => (app.io ? app.io.close(() => resolve()) : resolve()));
  });
  app.addHook('onClose', async () => {
    await ctx.background.idle();
    ctx.mailer.close();
    if (redis) await redis.quit().catch(() => undefined);
    if (ownsDatabase) await database.close();
  });

  // external plugins → app plugins → routes (fastify/demo's order)
  await app.register(cookie);
  registerErrorHandler(app);
  await registerSecurity(app);
  await registerAuth(app);
  registerWriteLimits(app);
  app.decorate('io', attachSocket(app));
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(eventRoutes);
      await api.register(statusRoutes);
      await api.register(seriesRoutes);
      await api.register(locationRoutes);
      await api.register(chatRoutes);
      await api.register(notificationRoutes);
      await api.register(oauthRoutes);
      await api.register(twoFactorRoutes);
      await api.register(userRoutes);
      await api.register(userStatsRoutes);
      await api.register(reportRoutes);
      await api.register(pushRoutes);
      await api.register(calendarRoutes);
    },
    { prefix: API_PREFIX },
  );
  await app.register(shareRoutes);
  await registerSpa(app, opts.distDir);
  if (opts.eventClock !== false) startClocks(app);
  return app;
}

/** The periodic jobs: games by time, reminders and digests, series. */
export function startClocks(app: FastifyInstance): void {
  startEventClock(app);
  startNotificationClock(app);
  startSeriesClock(app);
}
