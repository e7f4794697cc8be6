import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import { API_PREFIX, XSRF_COOKIE, XSRF_HEADER } from '@contract/constants';
import { MSG } from '@contract/messages';
import { ForbiddenError } from '../lib/errors';
import { randomToken, safeEqual } from '../lib/tokens';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET routes that change state and so need the header too (the spec makes logout a GET). */
const UNSAFE_GETS = new Set([`${API_PREFIX}/auth/logout`]);

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
  // Google sign-in: a custom Firebase auth domain serves the sign-in iframe; the Auth emulator
  // (development and tests only) serves both the iframe and the API over plain http.
  const { FIREBASE_AUTH_DOMAIN, FIREBASE_AUTH_EMULATOR_HOST } = app.ctx.config;
  const emulator = FIREBASE_AUTH_EMULATOR_HOST ? [`http://${FIREBASE_AUTH_EMULATOR_HOST}`] : [];
  const authDomain = FIREBASE_AUTH_DOMAIN ? [`https://${FIREBASE_AUTH_DOMAIN}`] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://apis.google.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:', ...emulator],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'https://*.firebaseapp.com', 'https://accounts.google.com', ...authDomain, ...emulator],
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
    const path = request.url.split('?')[0];
    if (!path.startsWith(`${API_PREFIX}/`)) return;
    if (!UNSAFE.has(request.method) && !UNSAFE_GETS.has(path)) return;
    const header = request.headers[XSRF_HEADER.toLowerCase()];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
      request.log.warn({ path, method: request.method }, 'XSRF check failed');
      throw new ForbiddenError(MSG.csrf);
    }
  });
}
