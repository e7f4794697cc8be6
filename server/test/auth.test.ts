import { loginBackoffMsg, MSG } from '@contract/messages';
import { BACKOFF_FREE } from '../src/lib/limits';
import { latestBirthDate } from '@contract/validation';
import { buildTestApp, lastMail, newUser, randomIp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('registration', () => {
  const rejected: [string, Record<string, unknown>, string, string][] = [
    ['a nick shorter than 3', { nickName: 'ab' }, 'nickName', MSG.nickLength],
    ['a nick longer than 20', { nickName: 'a'.repeat(21) }, 'nickName', MSG.nickLength],
    ['an empty name', { name: '' }, 'name', MSG.nameRequired],
    ['a name longer than 20', { name: 'a'.repeat(21) }, 'name', MSG.nameTooLong],
    ['an empty surname', { surname: ' ' }, 'surname', MSG.surnameRequired],
    ['a malformed email', { email: 'jan@' }, 'email', MSG.emailInvalid],
    ['a phone longer than 15', { phoneNumber: '1234567890123456' }, 'phoneNumber', MSG.phoneTooLong],
    ['a birth date before 1900', { age: '1899-12-31' }, 'age', MSG.birthDateTooEarly],
    ['a person younger than 7', { age: '2024-01-01' }, 'age', MSG.birthDateTooYoung],
    ['a missing birth date', { age: '' }, 'age', MSG.birthDateRequired],
    ['a password of 7 characters', { password: 'Ab1!xyz', passwordConfirm: 'Ab1!xyz' }, 'password', MSG.passwordLength],
    ['a password of 51 characters', { password: `Ab1!${'x'.repeat(47)}`, passwordConfirm: `Ab1!${'x'.repeat(47)}` }, 'password', MSG.passwordLength],
    ['a password without a digit', { password: 'Haslotest!', passwordConfirm: 'Haslotest!' }, 'password', MSG.passwordRule],
    ['a password with a space', { password: 'Haslo 123!', passwordConfirm: 'Haslo 123!' }, 'password', MSG.passwordRule],
    ['a confirmation that differs', { passwordConfirm: 'Haslo123?' }, 'passwordConfirm', MSG.passwordsDiffer],
  ];
  it.each(rejected)('refuses %s with the field message', async (_name, change, field, message) => {
    const client = new TestClient(t.app);
    const body = newUser(change);
    const res = await client.post('/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().msg).toContain(message);
    const login = await client.post('/auth/login', { email: body.email, password: body.password });
    expect([400, 401]).toContain(login.statusCode);
    const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [String(body.email).toLowerCase()]);
    expect(rows).toHaveLength(0);
  });

  it('accepts the edges: nick of 3 and 20, names of 20, phone of 15, born exactly 7 years ago, optional phone', async () => {
    for (const change of [
      { nickName: 'abc' },
      { nickName: `n${Date.now()}`.padEnd(20, 'x').slice(0, 20), name: 'a'.repeat(20), surname: 'Ż'.repeat(20) },
      { phoneNumber: '+48 600-100-200' },
      { age: latestBirthDate() },
      { age: '1900-01-01', phoneNumber: '' },
    ]) {
      const res = await new TestClient(t.app).post('/auth/register', newUser(change));
      expect(res.statusCode).toBe(201);
      expect(res.json().msg).toBe(MSG.registered);
    }
  });

  it('refuses a taken e-mail (any case) and a taken nick (any case)', async () => {
    const first = newUser();
    await new TestClient(t.app).post('/auth/register', first);
    const again = await new TestClient(t.app).post(
      '/auth/register',
      newUser({ email: first.email.toUpperCase(), nickName: first.nickName.toUpperCase() }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({ email: MSG.emailTaken, nickName: MSG.nickTaken });
  });

  it('answers 429 after 10 registrations from one address', async () => {
    const client = new TestClient(t.app);
    for (let i = 0; i < 10; i++) expect((await client.post('/auth/register', newUser())).statusCode).toBe(201);
    const blocked = await client.post('/auth/register', newUser());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().msg).toBe(MSG.tooManyRequests);
  });

  it('refuses a request without the XSRF header and creates nothing', async () => {
    const client = new TestClient(t.app);
    const body = newUser();
    const res = await client.request({ method: 'POST', url: '/auth/register', payload: body, xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(MSG.csrf);
    const retry = await client.post('/auth/register', body);
    expect(retry.statusCode).toBe(201);
  });
});

describe('verification and login', () => {
  it('refuses login before verification, then the mailed link verifies once and login works', async () => {
    const client = new TestClient(t.app);
    const body = newUser();
    await client.post('/auth/register', body);
    const before = await client.post('/auth/login', { email: body.email, password: body.password });
    expect(before.statusCode).toBe(403);
    expect(before.json().msg).toBe(MSG.verifyEmailFirst);

    const mail = lastMail(t.config, body.email);
    expect(mail.text).toContain(`Cześć ${body.nickName}!`);
    const link = new URL(mail.link);
    expect(link.origin).toBe('http://localhost:3000');
    const open = await client.request({ method: 'GET', url: link.pathname });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe('/login?status=success');
    const reuse = await client.request({ method: 'GET', url: link.pathname });
    expect(reuse.headers.location).toBe('/login?status=invalid');

    const login = await client.post('/auth/login', { email: body.email.toUpperCase(), password: body.password });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ msg: MSG.loggedIn, nickName: body.nickName, email: body.email, isActive: true, age: body.age });
    expect(login.json().password).toBeUndefined();
    expect(login.json().passwordHash).toBeUndefined();
    const cookie = login.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await client.get('/users/current-user');
    expect(me.json().user).toMatchObject({ _id: login.json()._id, userID: login.json()._id, role: 'user' });
    const stats = await client.get('/user-stats/current');
    expect(stats.json().stats).toEqual({ userID: login.json()._id, gamesPlayed: 0, eventsOrganized: 0, totalLikes: 0, points: 0, gamesTracked: 0, gamesAttended: 0 });
  });

  it('stores only a hash of the session id and gives a new one at each login', async () => {
    const { client, body, user } = await signUp(t);
    const first = client.cookies.get('sid')!;
    await client.post('/auth/login', { email: body.email, password: body.password });
    const second = client.cookies.get('sid')!;
    expect(second).not.toBe(first);
    const { rows } = await t.database.pool.query('SELECT id_hash FROM sessions WHERE user_id = $1', [user._id]);
    expect(rows.map((r) => r.id_hash)).not.toContain(second);
    expect(rows).toHaveLength(1);
  });

  it('answers 401 for a wrong password and for an unknown e-mail alike', async () => {
    const { body } = await signUp(t);
    const client = new TestClient(t.app, '10.0.0.9');
    const wrong = await client.post('/auth/login', { email: body.email, password: 'Zle123!!' });
    const unknown = await client.post('/auth/login', { email: 'nikt@example.com', password: 'Zle123!!' });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('slows wrong passwords for one e-mail down (back-off), from any address, without locking the owner out', async () => {
    const { body } = await signUp(t);
    for (let i = 0; i < BACKOFF_FREE; i++) {
      const res = await new TestClient(t.app, randomIp()).post('/auth/login', { email: body.email, password: 'Zle123!!' });
      expect(res.statusCode).toBe(401);
    }
    // One attempt passes the gate (and fails), the next must wait and is told for how long.
    expect((await new TestClient(t.app, randomIp()).post('/auth/login', { email: body.email, password: 'Zle123!!' })).statusCode).toBe(401);
    const blocked = await new TestClient(t.app, randomIp()).post('/auth/login', { email: body.email, password: body.password });
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(blocked.json().msg).toBe(loginBackoffMsg(wait));
    // The owner resets the password through the e-mail link: the back-off is gone at once.
    await new TestClient(t.app, randomIp()).post('/auth/forgot-password', { email: body.email });
    await t.app.ctx.background.idle();
    const token = new URL(lastMail(t.config, body.email).link).pathname.split('/').pop()!;
    expect((await new TestClient(t.app, randomIp()).post(`/auth/reset-password/${token}`, { password: 'NoweHaslo1!' })).statusCode).toBe(200);
    expect((await new TestClient(t.app, randomIp()).post('/auth/login', { email: body.email, password: 'NoweHaslo1!' })).statusCode).toBe(200);
  });

  it('counts the address limit before checking the password: parallel wrong passwords get at most the limit', async () => {
    const client = new TestClient(t.app, randomIp());
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => client.post('/auth/login', { email: `par${i}@example.com`, password: 'Zle123!!' })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(t.config.limits.loginFailures[0]);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - t.config.limits.loginFailures[0]);
  });

  it('parallel wrong passwords for one account get at most the free tries plus one', async () => {
    const { body } = await signUp(t);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => new TestClient(t.app, randomIp()).post('/auth/login', { email: body.email, password: 'Zle123!!' })),
    );
    expect(answers.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(BACKOFF_FREE + 1);
  });

  it('answers 429 after 10 wrong passwords from one address, whatever the e-mails', async () => {
    const client = new TestClient(t.app, '10.2.0.1');
    for (let i = 0; i < 10; i++) {
      expect((await client.post('/auth/login', { email: `x${i}@example.com`, password: 'Zle123!!' })).statusCode).toBe(401);
    }
    expect((await client.post('/auth/login', { email: 'y@example.com', password: 'Zle123!!' })).statusCode).toBe(429);
  });

  it('logs out: the session is deleted and the old cookie no longer works', async () => {
    const { client } = await signUp(t);
    const sid = client.cookies.get('sid')!;
    const out = await client.post('/auth/logout');
    expect(out.statusCode).toBe(200);
    expect((await client.get('/users/current-user')).json().user).toBeNull();
    client.cookies.set('sid', sid);
    expect((await client.get('/users/current-user')).json().user).toBeNull();
  });

  it('refuses logout without the XSRF header', async () => {
    const { client } = await signUp(t);
    const res = await client.request({ method: 'GET', url: '/auth/logout', xsrf: false });
    expect(res.statusCode).toBe(403);
    expect((await client.get('/users/current-user')).json().user).not.toBeNull();
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses', async () => {
    const { body } = await signUp(t);
    const known = await new TestClient(t.app, '10.3.0.1').post('/auth/forgot-password', { email: body.email });
    await t.app.ctx.background.idle();
    const unknown = await new TestClient(t.app, '10.3.0.2').post('/auth/forgot-password', { email: 'brak@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('a reset link works once, ends every session and the new password logs in', async () => {
    const { client, body } = await signUp(t);
    await new TestClient(t.app, '10.4.0.1').post('/auth/forgot-password', { email: body.email });
    await t.app.ctx.background.idle();
    const token = new URL(lastMail(t.config, body.email).link).pathname.split('/').pop()!;
    const anon = new TestClient(t.app, '10.4.0.2');

    const weak = await anon.post(`/auth/reset-password/${token}`, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    const ok = await anon.post(`/auth/reset-password/${token}`, { password: 'NoweHaslo1@' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().msg).toBe(MSG.resetDone);
    const again = await anon.post(`/auth/reset-password/${token}`, { password: 'InneHaslo1@' });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(MSG.resetInvalid);

    expect((await client.get('/users/current-user')).json().user).toBeNull();
    expect((await anon.post('/auth/login', { email: body.email, password: body.password })).statusCode).toBe(401);
    expect((await anon.post('/auth/login', { email: body.email, password: 'NoweHaslo1@' })).statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    const { body, user } = await signUp(t);
    await new TestClient(t.app, '10.5.0.1').post('/auth/forgot-password', { email: body.email });
    await t.app.ctx.background.idle();
    const token = new URL(lastMail(t.config, body.email).link).pathname.split('/').pop()!;
    await t.database.pool.query("UPDATE user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user._id]);
    const res = await new TestClient(t.app).post(`/auth/reset-password/${token}`, { password: 'NoweHaslo1@' });
    expect(res.statusCode).toBe(400);
  });

  it('asks for an e-mail on forgot-password', async () => {
    const res = await new TestClient(t.app).post('/auth/forgot-password', { email: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toBe(MSG.emailRequired);
  });
});
