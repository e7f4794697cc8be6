import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * What the logs may hold (docs/adr/0046): never a secret that grants access (session ids, XSRF
 * tokens, verification and reset tokens, links carrying them), never a whole e-mail address, never
 * the values bound to a database query. Call sites mask what they log on purpose; the serializers
 * below are the net under every request and error line.
 */

const REDACTED = '[redacted]';
const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/** `jan.kowalski@example.com` → `j***@example.com`: enough to tell people apart in an incident. */
export function maskEmail(email: string): string {
  return email.replace(EMAIL, '$1***@$2');
}

/** Path segments that follow one of these names are tokens (`/reset-password/<token>`...). */
const TOKEN_BEFORE = /^(reset-password|new-password|verify-email|verify|token|tokens)$/i;
/** Any segment or value as long as our 256-bit tokens (43 base64url characters) or longer; ids (UUIDs) are shorter. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{40,}$/;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * The URL as a log may show it: decoded the way the router decodes it (so `%72eset-password` is
 * recognised), token segments and `token` query values replaced, e-mails masked.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const rawPath = q === -1 ? url : url.slice(0, q);
  const segments = rawPath.split('/').map(safeDecode);
  const path = segments
    .map((seg, i) => {
      const name = (segments[i - 1] ?? '').split(';')[0];
      if (seg && (TOKEN_BEFORE.test(name) || TOKEN_LIKE.test(seg.split(';')[0]))) return REDACTED;
      return maskEmail(seg);
    })
    .join('/');
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = safeDecode(eq === -1 ? pair : pair.slice(0, eq));
      if (eq === -1) return maskEmail(key);
      const value = safeDecode(pair.slice(eq + 1).replace(/\+/g, ' '));
      if (/token|secret|password|code/i.test(key) || TOKEN_LIKE.test(value)) return `${key}=${REDACTED}`;
      return `${key}=${maskEmail(value)}`;
    })
    .join('&');
  return `${path}?${query}`;
}

const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*$/;

/** Drizzle puts the bound values into the message ("Failed query: …\nparams: a@b.c"); pg puts rows into `detail`. */
function scrubError(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== 'object' || depth > 4) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const message = typeof out.message === 'string' ? out.message : undefined;
  if (message !== undefined) {
    const clean = maskEmail(message.replace(PARAMS_IN_MESSAGE, `\nparams: ${REDACTED}`));
    out.message = clean;
    if (typeof out.stack === 'string') out.stack = maskEmail(out.stack.split(message).join(clean));
  }
  for (const key of ['params', 'parameters', 'values', 'detail']) if (key in out) out[key] = REDACTED;
  if (out.cause) out.cause = scrubError(out.cause, depth + 1);
  if (Array.isArray(out.errors)) out.errors = out.errors.map((e) => scrubError(e, depth + 1));
  return out;
}

/** pino's standard shape (type, message, stack, own fields, cause) without importing pino itself. */
function serializeError(err: unknown, depth: number): unknown {
  if (!(err instanceof Error) || depth > 4) return err;
  const out: Record<string, unknown> = { type: err.constructor?.name ?? 'Error', message: err.message, stack: err.stack };
  for (const [k, v] of Object.entries(err)) if (k !== 'cause' && typeof v !== 'function') out[k] = v;
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

export const logSerializers = {
  req(request: { method: string; url: string; hostname?: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
    return {
      method: request.method,
      // eslint-disable-next-line no-restricted-syntax -- the log shows what was asked, redacted
      url: redactUrl(request.url),
      host: request.host ?? request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err(err: Error) {
    return scrubError(serializeError(err, 0)) as { [key: string]: unknown; type: string; message: string; stack: string };
  },
};

/** The pino options of the app (and of tests, which pass a stream to read the lines back). */
export function loggerOptions(config: Config, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    serializers: logSerializers,
    redact: {
      paths: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      censor: REDACTED,
    },
    hooks: {
      // The message strings too: an e-mail that slips into a message is masked.
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? maskEmail(a) : a)) as Parameters<typeof method>);
      },
    },
    formatters: {
      log(object) {
        return maskEmailsIn(object, 0) as Record<string, unknown>;
      },
    },
  };
}

/** E-mails in the plain data of a log line (not in request/response/error objects, serialized above). */
function maskEmailsIn(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.includes('@') ? maskEmail(value) : value;
  if (!value || typeof value !== 'object' || depth > 3) return value;
  if (Array.isArray(value)) return value.map((v) => maskEmailsIn(v, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = k === 'req' || k === 'res' || k === 'err' ? v : maskEmailsIn(v, depth + 1);
  return out;
}
