import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('uses the embedded defaults', () => {
    const c = loadConfig({ COOKIE_SECRET: 'x'.repeat(32) });
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
  ])('stops on a wrong value with one clear line: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('starts in production with SMTP, COOKIE_SECRET and PUBLIC_URL', () => {
    const env = { NODE_ENV: 'production', PUBLIC_URL: 'https://graj.example', COOKIE_SECRET: 'x'.repeat(32), SMTP_URL: 'smtps://u:p@smtp.example' };
    expect(loadConfig(env)).toMatchObject({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@smtp.example' });
  });

  it('uses secure cookies behind HTTPS', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://graj.example/', COOKIE_SECRET: 'x'.repeat(32) })).toMatchObject({
      secureCookies: true,
      PUBLIC_URL: 'https://graj.example',
    });
  });
});
