import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '@contract/constants';
import { MSG } from '@contract/messages';
import { ForbiddenError } from '../lib/errors';
import { googleConfig } from '../lib/google-auth';
import { randomToken, safeEqual } from '../lib/tokens';

/** Methods that never change state; every other one (POST, PUT, PATCH, DELETE, anything unknown) is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a request must carry the double-submit header. Decided on the method and the matched
 * route's own config, never on the URL string: the router decodes `%61`, `%74`... while a raw string
 * comparison would not (issue 14, docs/adr/0045). A GET that changes state (the spec's logout
 * alias) says so with `config: { csrf: true }`.
 */
export function needsXsrf(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === true;
}

/** The path as the router sees it (percent-decoded); a malformed escape stays as it is. */
export function decodedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** An API request: its matched route is under the prefix, or (unmatched) its decoded path is. */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  // eslint-disable-next-line no-restricted-syntax -- only when no route matched, decoded like the router does
  const path = route ?? decodedPath(request.url);
  return path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);
}

export function xsrfCookieName(secure: boolean): string {
  return secure ? `__Host-${XSRF_COOKIE}` : XSRF_COOKIE;
}

export function issueXsrfCookie(app: FastifyInstance, reply: FastifyReply): string {
  const token = randomToken();
  reply.setCookie(xsrfCookieName(app.ctx.config.secureCookies), token, {
    path: '/',
    sameSite: 'lax',
    secure: app.ctx.config.secureCookies,
    httpOnly: false,
  });
  return token;
}

/** Helmet with a Content-Security-Policy the SPA (MapLibre workers, Firebase popup, map tiles) works under. */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const secure = app.ctx.config.secureCookies;
  // Only the hosts the app really uses (docs/adr/0047): the map's style/tile origins, and Google's
  // only when Google sign-in is configured. A custom Firebase auth domain serves the sign-in iframe;
  // the Auth emulator (development and tests only) serves both the iframe and the API over plain http.
  const { config } = app.ctx;
  const google = googleConfig(config);
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST ? [`http://${config.FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  const firebaseFrames = google ? [`https://${google.authDomain}`, 'https://accounts.google.com', ...emulator] : [];
  const firebaseApis = google ? ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', ...emulator] : [];
  // 'self' covers same-origin WebSockets in current browsers; the public origin's ws(s) is listed for older ones.
  const socketOrigin = config.PUBLIC_URL.replace(/^http/, 'ws');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(google ? ['https://apis.google.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.mapOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", socketOrigin, ...config.mapOrigins, ...firebaseApis],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", ...firebaseFrames],
        mediaSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: secure ? { maxAge: 31536000, includeSubDomains: true } : false,
  });

  const cookieName = xsrfCookieName(secure);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[cookieName];
    if (!cookie) issueXsrfCookie(app, reply);
    if (!needsXsrf(request)) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      request.log.warn({ route: request.routeOptions.url ?? null, method: request.method }, 'XSRF check failed');
      throw new ForbiddenError(MSG.csrf);
    }
  });
}
