import type { Redis } from 'ioredis';
import type { Server as SocketServer } from 'socket.io';
import type { BackgroundTasks } from './lib/background';
import type { Config } from './config';
import type { Database } from './db/database';
import type { RateLimiter } from './lib/rate-limiter';
import type { ResultCache } from './lib/result-cache';
import type { SharedJson } from './lib/shared-json';
import type { CookieSealer } from './lib/sealed-cookie';
import type { Mailer } from './mail/mailer';
import type { PushChannel } from './push/channel';
import type { UserRow } from './repositories/users';
import type { SearchIndex } from './search/search-index';

/** What every plugin and route may use; built once in app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  sealer: CookieSealer;
  redis: Redis | null;
  /** Public search and map answers, shared by identical requests for a moment; cleared by every write. */
  searchCache: ResultCache<SharedJson>;
  /** The games search and the map may show, in memory, kept in step with the database (ADR 96). */
  searchIndex: SearchIndex;
  /** Work answered before it is done (forgot-password mail); awaited at shutdown. */
  background: BackgroundTasks;
  /** Web Push to a person's subscribed devices (ADR 88); the notifications dispatcher's push channel. */
  push: PushChannel;
}

declare module 'fastify' {
  /** Per-route options read by the app's hooks (always from the matched route, never from the URL). */
  interface FastifyContextConfig {
    /** A GET that changes state and so needs the XSRF header like POST does (the logout alias). */
    csrf?: boolean;
    /** A POST that only reads (search): a success does not clear the search cache. */
    readOnly?: boolean;
    /** The answer does not depend on the session and may be cached (it sets its own Cache-Control). */
    cacheable?: boolean;
  }
  interface FastifyInstance {
    ctx: AppContext;
    io: SocketServer;
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    user: UserRow | null;
    sessionToken: string | null;
  }
}
