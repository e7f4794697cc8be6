import { Writable } from 'node:stream';
import { XSRF_COOKIE } from '@contract/constants';
import { MSG } from '@contract/messages';
import { maskEmail, redactUrl } from '../src/lib/log';
import { buildTestApp, lastMail, signUp, TestClient, type TestApp } from './helpers';

/**
 * Issue 14 finding 5 and issue 19 item 7: the log of a whole account's life (sign-up, verification,
 * failed and good logins, a reset, links opened, a database error) holds no token, no link, no
 * whole e-mail address, no password and no value bound to a query.
 */

let t: TestApp;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: sink });
});
afterAll(() => t.close());

describe('what the log may hold', () => {
  it('masks e-mails and redacts token segments and token query values', () => {
    expect(maskEmail('jan.kowalski@example.com')).toBe('j***@example.com');
    expect(maskEmail('login jan@example.com failed')).toBe('login j***@example.com failed');
    const token = 'A'.repeat(43);
    expect(redactUrl(`/api/v1/auth/reset-password/${token}`)).toBe('/api/v1/auth/reset-password/[redacted]');
    expect(redactUrl(`/reset-password/abc`)).toBe('/reset-password/[redacted]');
    expect(redactUrl(`/new-password/abc?x=1`)).toBe('/new-password/[redacted]?x=1');
    expect(redactUrl(`/api/v1/auth/verify-emai%6C/${token}`)).toBe('/api/v1/auth/verify-email/[redacted]');
    expect(redactUrl(`/x?token=abc&email=jan%40example.com&v=3`)).toBe('/x?token=[redacted]&email=j***@example.com&v=3');
    expect(redactUrl(`/anything/${token}`)).toBe('/anything/[redacted]');
    // Ids stay readable: they are not secrets and incidents need them.
    expect(redactUrl('/api/v1/users/0b9c3f6e-8d1a-4c55-9d43-2f8a6f1e0c11')).toBe('/api/v1/users/0b9c3f6e-8d1a-4c55-9d43-2f8a6f1e0c11');
  });

  it('after a whole account life, holds no token, link, address, password or query value', async () => {
    const { client, body } = await signUp(t);
    const verifyToken = new URL(lastMail(t.config, body.email).link).pathname.split('/').pop()!;

    const stranger = new TestClient(t.app);
    await stranger.post('/auth/login', { email: body.email, password: 'ZleHaslo1!' });
    await stranger.post('/auth/login', { email: 'nieznany.gracz@example.com', password: 'ZleHaslo1!' });

    await stranger.post('/auth/forgot-password', { email: body.email });
    await t.app.ctx.background.idle();
    const resetToken = new URL(lastMail(t.config, body.email).link).pathname.split('/').pop()!;
    await stranger.request({ method: 'GET', url: `http://localhost/reset-password/${resetToken}` });
    await stranger.request({ method: 'GET', url: `http://localhost/api/v1/auth/verify-email/${verifyToken}?token=${resetToken}` });
    const reset = await stranger.post(`/auth/reset-password/${resetToken}`, { password: 'NoweHaslo1@' });
    expect(reset.statusCode).toBe(200);

    // A database failure on a query bound to the e-mail (the shape of "PostgreSQL is down").
    const pool = t.database.pool as unknown as { query: (...args: unknown[]) => unknown };
    const spy = jest.spyOn(pool, 'query').mockImplementationOnce(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432')));
    const failed = await stranger.post('/auth/login', { email: body.email, password: 'NoweHaslo1@' });
    spy.mockRestore();
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ msg: MSG.serverError });

    const log = lines.join('');
    const secrets = {
      verifyToken,
      resetToken,
      email: body.email,
      unknownEmail: 'nieznany.gracz@example.com',
      oldPassword: body.password,
      newPassword: 'NoweHaslo1@',
      session: [...client.cookies].find(([k]) => k.endsWith('sid'))?.[1] ?? '',
      xsrf: client.cookies.get(XSRF_COOKIE)!,
    };
    for (const [name, value] of Object.entries(secrets)) {
      expect(value.length).toBeGreaterThan(8);
      if (log.includes(value)) throw new Error(`the log holds the ${name}: ${lines.find((l) => l.includes(value))}`);
    }
    expect(log).not.toMatch(/https?:\/\/[^\s"]*(verify-email|reset-password)\/[A-Za-z0-9_-]{20,}/);
    // ...while still saying what happened, with the address masked and the failed query named.
    expect(log).toContain(maskEmail(body.email));
    expect(log).toContain('bad-credentials');
    expect(log).toContain('/reset-password/[redacted]');
    expect(log).toContain('Failed query');
    expect(log).toContain('params: [redacted]');
    expect(log).toMatch(/"to":"g\*\*\*@example\.com"/);
  });
});

describe('forgot-password answers before it looks anything up or sends', () => {
  it('answers while the mail is still being sent, and the mail then arrives', async () => {
    const { body } = await signUp(t);
    const mailer = t.app.ctx.mailer;
    const send = mailer.send;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started = 0;
    let sent = 0;
    mailer.send = async (m) => {
      started += 1;
      await gate;
      await send(m);
      sent += 1;
    };
    try {
      const known = await new TestClient(t.app).post('/auth/forgot-password', { email: body.email });
      const unknown = await new TestClient(t.app).post('/auth/forgot-password', { email: 'nikt.taki@example.com' });
      // Both answered while the known address's mail is held back: the answer did not wait for it.
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ msg: MSG.forgotSent });
      expect(unknown.json()).toEqual(known.json());
      expect(sent).toBe(0);
      release();
      await t.app.ctx.background.idle();
      expect(started).toBe(1);
      expect(sent).toBe(1);
      expect(lastMail(t.config, body.email).link).toMatch(/\/reset-password\//);
    } finally {
      mailer.send = send;
    }
  });

  it('a failing mail server is logged, not thrown at the person', async () => {
    const { body } = await signUp(t);
    const mailer = t.app.ctx.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error(`SMTP refused ${body.email}`);
    };
    try {
      const res = await new TestClient(t.app).post('/auth/forgot-password', { email: body.email });
      expect(res.statusCode).toBe(200);
      await t.app.ctx.background.idle();
      const line = lines.find((l) => l.includes('background task failed'));
      expect(line).toContain(maskEmail(body.email));
      expect(line).not.toContain(body.email);
    } finally {
      mailer.send = send;
    }
  });
});
