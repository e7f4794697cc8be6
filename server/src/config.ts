import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `musi być adresem URL (${protocols.join(' ')})`);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  REDIS_PREFIX: z.string().default('graj:'),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().default('Graj Razem <no-reply@localhost>'),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  COOKIE_SECRET: z.string().min(32, 'musi mieć co najmniej 32 znaki').optional(),
  TRUST_PROXY: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long identical searches share one answer (0 turns the cache off). */
  SEARCH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * How old the search index's last look at changes may be when a search arrives (ADR 96): other
   * processes' changes show up within about this; this process's own at once. 0 looks every time.
   */
  SEARCH_INDEX_SYNC_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  /** The SPA's online map styles (read by Vite at build time; the server reads them for its CSP). */
  VITE_MAP_STYLE_DARK: url(['https:', 'http:']).optional(),
  VITE_MAP_STYLE_LIGHT: url(['https:', 'http:']).optional(),
  /** Further origins a custom map style loads tiles, glyphs or sprites from, comma-separated. */
  MAP_HOSTS: z
    .string()
    .refine((v) => v.split(',').every((o) => /^https?:\/\/[A-Za-z0-9.-]+(:\d+)?$/.test(o.trim())), 'musi być listą originów (https://host), rozdzielonych przecinkami')
    .optional(),
  /** PostgreSQL connect/query/statement timeout: an unreachable or frozen database answers 503 after it. */
  DB_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(1500),
  /** The whole request (headers and body) must arrive within this; slow or stalled bodies are cut. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Web Push (ADR 88): the server's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it). */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'musi być kluczem publicznym P-256 w base64url (87 znaków)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'musi być kluczem prywatnym P-256 w base64url (43 znaki)').optional(),
  /** Who push services may contact about this sender: mailto: or https:; defaults to MAIL_FROM's address. */
  VAPID_SUBJECT: url(['mailto:', 'https:']).optional(),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Omit<Env, 'COOKIE_SECRET' | 'PUBLIC_URL' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'> {
  PUBLIC_URL: string;
  COOKIE_SECRET: string;
  secureCookies: boolean;
  /** Rate limits: [max attempts, window in ms]. Tests may lower or raise them. */
  limits: { loginFailures: [number, number]; register: [number, number]; forgotPassword: [number, number] };
  /** Origins the map loads from: the CSP's connect-src and img-src list exactly these besides 'self'. */
  mapOrigins: string[];
  /** Session expiry (ASVS 7.3): idle and absolute, in ms. */
  session: { idleMs: number; absoluteMs: number };
  /** Web Push sender identity (ADR 88). */
  vapid: VapidKeys;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export class ConfigError extends Error {}

/** Secrets missing in development are generated once and kept in DATA_DIR; production requires them. */
function devSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets[name]) {
    secrets[name] = randomBytes(32).toString('base64url');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

/** A development VAPID key pair, generated once next to the other secrets (the pair must stay together). */
function devVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets.VAPID_PUBLIC_KEY || !secrets.VAPID_PRIVATE_KEY) {
    const keys = webpush.generateVAPIDKeys();
    secrets.VAPID_PUBLIC_KEY = keys.publicKey;
    secrets.VAPID_PRIVATE_KEY = keys.privateKey;
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return { publicKey: secrets.VAPID_PUBLIC_KEY, privateKey: secrets.VAPID_PRIVATE_KEY };
}

function vapidKeys(env: Env, dataDir: string, publicUrl: string): VapidKeys {
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY))
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  const pair =
    env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : devVapidKeys(dataDir);
  const mail = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  const subject = env.VAPID_SUBJECT ?? (publicUrl.startsWith('https:') ? publicUrl : `mailto:${mail}`);
  return { ...pair, subject };
}

/** The SPA's defaults (src/config/env.ts): OpenFreeMap serves styles, tiles, glyphs and sprites from one host. */
const DEFAULT_MAP_STYLES = ['https://tiles.openfreemap.org/styles/dark', 'https://tiles.openfreemap.org/styles/liberty'];

function mapOrigins(env: Env): string[] {
  const styles = [env.VITE_MAP_STYLE_DARK ?? DEFAULT_MAP_STYLES[0], env.VITE_MAP_STYLE_LIGHT ?? DEFAULT_MAP_STYLES[1]];
  const extra = env.MAP_HOSTS ? env.MAP_HOSTS.split(',').map((o) => o.trim()) : [];
  return [...new Set([...styles.map((s) => new URL(s).origin), ...extra.map((o) => new URL(o).origin)])];
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${String(issue.path[0])} ${issue.message}`);
  }
  const env = parsed.data;
  const prod = env.NODE_ENV === 'production';
  if (prod && !env.COOKIE_SECRET) throw new ConfigError('Invalid configuration: COOKIE_SECRET is required in production');
  if (prod && !env.PUBLIC_URL) throw new ConfigError('Invalid configuration: PUBLIC_URL is required in production');
  // Without SMTP the mails (and their tokens) would only sit in DATA_DIR/outbox: never in production.
  if (prod && !env.SMTP_URL) throw new ConfigError('Invalid configuration: SMTP_URL is required in production');
  if (prod && env.FIREBASE_AUTH_EMULATOR_HOST)
    throw new ConfigError('Invalid configuration: FIREBASE_AUTH_EMULATOR_HOST must not be set in production');
  if (prod && (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY))
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production');
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    COOKIE_SECRET: env.COOKIE_SECRET ?? devSecret(dataDir, 'COOKIE_SECRET'),
    secureCookies: publicUrl.startsWith('https:'),
    mapOrigins: mapOrigins(env),
    vapid: vapidKeys(env, dataDir, publicUrl),
    limits: { loginFailures: [10, 60_000], register: [10, 15 * 60_000], forgotPassword: [5, 15 * 60_000] },
    session: { idleMs: 7 * 24 * 3600_000, absoluteMs: 30 * 24 * 3600_000 },
    ...overrides,
  };
}
