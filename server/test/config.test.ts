import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../src/config';

/** Development generates missing secrets into DATA_DIR: each check gets its own. */
const tmpDir = () => mkdtempSync(path.join(os.tmpdir(), 'graj-config-'));
const VAPID = webpush.generateVAPIDKeys();
const PROD_VAPID = { VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey };

describe('configuration', () => {
  it('uses the embedded defaults', () => {
    const c = loadConfig({ COOKIE_SECRET: 'x'.repeat(32), DATA_DIR: tmpDir() });
    expect(c).toMatchObject({ PORT: 3000, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:3000', secureCookies: false });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL/],
    [{ PUBLIC_URL: 'nope' }, /^Invalid configuration: PUBLIC_URL/],
    [{ COOKIE_SECRET: 'short' }, /^Invalid configuration: COOKIE_SECRET/],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'https://graj.example' }, /COOKIE_SECRET is required in production/],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://graj.example', COOKIE_SECRET: 'x'.repeat(32) },
      /^Invalid configuration: SMTP_URL is required in production$/,
    ],
    [
      {
        NODE_ENV: 'production', PUBLIC_URL: 'https://graj.example', COOKIE_SECRET: 'x'.repeat(32), SMTP_URL: 'smtps://u:p@smtp.example',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      },
      /FIREBASE_AUTH_EMULATOR_HOST must not be set in production/,
    ],
    [
      { NODE_ENV: 'production', PUBLIC_URL: 'https://graj.example', COOKIE_SECRET: 'x'.repeat(32), SMTP_URL: 'smtps://u:p@smtp.example' },
      /^Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required in production$/,
    ],
    [{ VAPID_PUBLIC_KEY: 'abc' }, /^Invalid configuration: VAPID_PUBLIC_KEY/],
    [{ VAPID_PUBLIC_KEY: VAPID.publicKey, COOKIE_SECRET: 'x'.repeat(32) }, /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together/],
    [{ VAPID_SUBJECT: 'ftp://x' }, /^Invalid configuration: VAPID_SUBJECT/],
  ])('stops on a wrong value with one clear line: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('starts in production with SMTP, COOKIE_SECRET and PUBLIC_URL', () => {
    const env = {
      NODE_ENV: 'production', PUBLIC_URL: 'https://graj.example', COOKIE_SECRET: 'x'.repeat(32), SMTP_URL: 'smtps://u:p@smtp.example', ...PROD_VAPID,
    };
    expect(loadConfig(env)).toMatchObject({
      NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@smtp.example', vapid: { ...VAPID, subject: 'https://graj.example' },
    });
  });

  it('generates a VAPID key pair once into DATA_DIR in development and keeps it', () => {
    const dir = tmpDir();
    const first = loadConfig({ COOKIE_SECRET: 'x'.repeat(32), DATA_DIR: dir, MAIL_FROM: 'Graj <kontakt@graj.example>' }).vapid;
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.subject).toBe('mailto:kontakt@graj.example');
    expect(loadConfig({ COOKIE_SECRET: 'x'.repeat(32), DATA_DIR: dir }).vapid.privateKey).toBe(first.privateKey);
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'));
    expect(stored).toMatchObject({ VAPID_PUBLIC_KEY: first.publicKey, VAPID_PRIVATE_KEY: first.privateKey });
  });

  it('uses secure cookies behind HTTPS', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://graj.example/', COOKIE_SECRET: 'x'.repeat(32), DATA_DIR: tmpDir() })).toMatchObject({
      secureCookies: true,
      PUBLIC_URL: 'https://graj.example',
    });
  });
});
