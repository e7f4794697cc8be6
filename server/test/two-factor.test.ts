import { TWO_FACTOR_MSG } from '@contract/two-factor';
import { describeUserAgent } from '../src/lib/user-agent';
import { currentCode } from '../src/services/two-factor';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const q = async (text: string, values: unknown[] = []) => (await t.database.pool.query(text, values)).rows;
const SESSION_COOKIE = 'sid';

/** The next code's step must be later than the last used one: stands in for 30 s passing. */
const letTimePass = (userId: string) => q('UPDATE user_totp SET last_step = last_step - 10 WHERE user_id = $1', [userId]);

async function withTotp() {
  const person = await signUp(t);
  const setup = await person.client.post('/auth/totp/setup', { password: person.body.password });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await person.client.post('/auth/totp/enable', { code: currentCode(secret) });
  expect(enabled.statusCode).toBe(200);
  await letTimePass(person.user._id);
  return { ...person, secret, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
}

async function passwordStep(email: string, password: string) {
  const client = new TestClient(t.app);
  const res = await client.post('/auth/login', { email, password });
  return { client, res, loginToken: (res.json() as { loginToken?: string }).loginToken };
}

describe('setting up two-factor sign-in', () => {
  it('asks for the password first: a session alone cannot switch it on and lock the owner out', async () => {
    const { client, user } = await signUp(t);
    const none = await client.post('/auth/totp/setup');
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ msg: TWO_FACTOR_MSG.setupPasswordRequired, errors: { password: TWO_FACTOR_MSG.setupPasswordRequired } });
    const wrong = await client.post('/auth/totp/setup', { password: 'Nie-to-haslo1!' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ msg: TWO_FACTOR_MSG.setupWrongPassword, errors: { password: TWO_FACTOR_MSG.setupWrongPassword } });
    expect(await q('SELECT 1 FROM user_totp WHERE user_id = $1', [user._id])).toEqual([]);
    expect((await client.post('/auth/totp/setup', { password: 'x', extra: 1 })).statusCode).toBe(400);
  });

  it('shows a QR code and the secret, turns on only with a right code, and gives 10 recovery codes once', async () => {
    const { client, user, body } = await signUp(t);
    expect((await client.get('/auth/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, hasPassword: true });
    const setup = (await client.post('/auth/totp/setup', { password: body.password })).json() as { secret: string; otpauthUrl: string; qrDataUrl: string };
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Graj%20Razem:/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);

    const wrong = await client.post('/auth/totp/enable', { code: currentCode(setup.secret) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().errors).toEqual({ code: TWO_FACTOR_MSG.codeInvalid });
    expect((await client.get('/auth/totp')).json().enabled).toBe(false);

    const on = await client.post('/auth/totp/enable', { code: currentCode(setup.secret) });
    expect(on.statusCode).toBe(200);
    const codes = on.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await client.get('/auth/totp')).json()).toEqual({ enabled: true, recoveryCodesLeft: 10, hasPassword: true });
    // A second setup while on is refused, so the secret cannot be swapped with a session alone.
    expect((await client.post('/auth/totp/setup', { password: body.password })).statusCode).toBe(409);

    // At rest: the secret sealed, the recovery codes hashed.
    const [row] = await q('SELECT secret_sealed FROM user_totp WHERE user_id = $1', [user._id]);
    expect(row.secret_sealed).not.toContain(setup.secret);
    const stored = (await q('SELECT code_hash FROM totp_recovery_codes WHERE user_id = $1', [user._id])).map((r) => r.code_hash as string);
    expect(stored).toHaveLength(10);
    for (const c of codes) expect(stored.some((h) => h.includes(c.replace('-', '')))).toBe(false);

    // The own-data export says it is on, without the secret or the codes.
    const exported = await client.get('/users/current-user/export');
    expect(exported.json().twoFactor).toEqual({ enabledAt: expect.any(String), recoveryCodesUnused: 10 });
    expect(exported.body).not.toContain(setup.secret);
    for (const c of codes) expect(exported.body).not.toContain(c);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('gives no session after the password alone, and one after the code', async () => {
    const { body, secret, user } = await withTotp();
    const { client, res, loginToken } = await passwordStep(body.email, body.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ secondStep: true, loginToken: expect.any(String), msg: TWO_FACTOR_MSG.secondStepRequired });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await client.get('/users/current-user')).json()).toEqual({ user: null });
    expect((await client.get('/auth/sessions')).statusCode).toBe(401);

    const wrong = await client.post('/auth/login/second-step', { loginToken, code: 'abcde-fghjk' });
    expect(wrong.statusCode).toBe(401);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    const ok = await client.post('/auth/login/second-step', { loginToken, code: currentCode(secret) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()._id).toBe(user._id);
    expect((await client.get('/users/current-user')).json().user._id).toBe(user._id);

    // The pending token is single use: even with another valid code it is gone.
    await letTimePass(user._id);
    const again = await new TestClient(t.app).post('/auth/login/second-step', { loginToken, code: currentCode(secret) });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(TWO_FACTOR_MSG.loginExpired);
  });

  it('refuses a code used again within its time step', async () => {
    const { body, secret } = await withTotp();
    const code = currentCode(secret);
    const first = await passwordStep(body.email, body.password);
    expect((await first.client.post('/auth/login/second-step', { loginToken: first.loginToken, code })).statusCode).toBe(200);
    const second = await passwordStep(body.email, body.password);
    const replay = await second.client.post('/auth/login/second-step', { loginToken: second.loginToken, code });
    expect(replay.statusCode).toBe(401);
    expect(second.client.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('takes a recovery code exactly once', async () => {
    const { body, recoveryCodes, client: owner } = await withTotp();
    const first = await passwordStep(body.email, body.password);
    const ok = await first.client.post('/auth/login/second-step', { loginToken: first.loginToken, code: recoveryCodes[3].toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect((await owner.get('/auth/totp')).json().recoveryCodesLeft).toBe(9);
    const second = await passwordStep(body.email, body.password);
    const reused = await second.client.post('/auth/login/second-step', { loginToken: second.loginToken, code: recoveryCodes[3] });
    expect(reused.statusCode).toBe(401);
    expect((await second.client.get('/users/current-user')).json()).toEqual({ user: null });
  });

  it('limits wrong codes per pending login', async () => {
    const { body, secret } = await withTotp();
    const { client, loginToken } = await passwordStep(body.email, body.password);
    for (let i = 0; i < 5; i++) {
      expect((await client.post('/auth/login/second-step', { loginToken, code: 'zzzzz-zzzzz' })).statusCode).toBe(401);
    }
    // Even the right code now waits: the password has to be given again.
    expect((await client.post('/auth/login/second-step', { loginToken, code: currentCode(secret) })).statusCode).toBe(429);
  });

  it('refuses a malformed code or token with a Polish message', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/auth/login/second-step', { loginToken: 'x'.repeat(30), code: '12\u000034' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(TWO_FACTOR_MSG.codeInvalid);
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs a current code', async () => {
    const { client, body, secret } = await withTotp();
    expect((await client.post('/auth/totp/disable', {})).statusCode).toBe(400);
    const wrong = await client.post('/auth/totp/disable', { code: 'qqqqq-qqqqq' });
    expect(wrong.statusCode).toBe(403);
    expect((await client.get('/auth/totp')).json().enabled).toBe(true);
    const off = await client.post('/auth/totp/disable', { code: currentCode(secret) });
    expect(off.statusCode).toBe(200);
    expect((await client.get('/auth/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, hasPassword: true });
    // The password alone signs in again.
    const { res, client: fresh } = await passwordStep(body.email, body.password);
    expect(res.json().secondStep).toBeUndefined();
    expect(fresh.cookies.has(SESSION_COOKIE)).toBe(true);
  });
});

describe('deleting an account with two-factor sign-in on', () => {
  it('asks for the code besides the password', async () => {
    const { client, body, secret, user } = await withTotp();
    const noCode = await client.delete('/users/current-user/delete', { password: body.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toEqual({ code: TWO_FACTOR_MSG.codeRequired });
    const wrong = await client.delete('/users/current-user/delete', { password: body.password, code: 'abcde-abcde' });
    expect(wrong.statusCode).toBe(403);
    expect((await q('SELECT id FROM users WHERE id = $1', [user._id]))).toHaveLength(1);
    const ok = await client.delete('/users/current-user/delete', { password: body.password, code: currentCode(secret) });
    expect(ok.statusCode).toBe(200);
    expect(await q('SELECT * FROM user_totp WHERE user_id = $1', [user._id])).toHaveLength(0);
    expect(await q('SELECT * FROM totp_recovery_codes WHERE user_id = $1', [user._id])).toHaveLength(0);
  });
});

describe('the sessions screen', () => {
  it('lists the sessions with browser and system and ends only the others', async () => {
    const { client, body } = await signUp(t);
    const phone = new TestClient(t.app);
    const ua = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    await phone.request({ method: 'POST', url: '/auth/login', payload: { email: body.email, password: body.password }, headers: { 'user-agent': ua } });
    const third = new TestClient(t.app);
    await third.post('/auth/login', { email: body.email, password: body.password });

    const list = (await client.get('/auth/sessions')).json().sessions as { id: string; browser: string; os: string; current: boolean }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list).toContainEqual(expect.objectContaining({ browser: 'Chrome 126', os: 'Android 14', current: false }));
    // Ids are not the stored hashes.
    const hashes = (await q('SELECT id_hash FROM sessions')).map((r) => r.id_hash as string);
    for (const s of list) expect(hashes.some((h) => h.startsWith(s.id))).toBe(false);

    // One session by its id.
    const phoneId = list.find((s) => s.os === 'Android 14')!.id;
    expect((await client.delete(`/auth/sessions/${phoneId}`)).statusCode).toBe(200);
    expect((await phone.get('/users/current-user')).json()).toEqual({ user: null });
    expect((await client.delete(`/auth/sessions/${phoneId}`)).statusCode).toBe(404);

    // All the others.
    expect((await client.post('/auth/sessions/logout-others')).statusCode).toBe(200);
    expect((await third.get('/users/current-user')).json()).toEqual({ user: null });
    expect((await client.get('/users/current-user')).json().user).not.toBeNull();
    expect((await client.get('/auth/sessions')).json().sessions).toHaveLength(1);
  });

  it("cannot end another person's session", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const bId = ((await b.client.get('/auth/sessions')).json().sessions as { id: string }[])[0].id;
    expect((await a.client.delete(`/auth/sessions/${bId}`)).statusCode).toBe(404);
    expect((await b.client.get('/users/current-user')).json().user).not.toBeNull();
  });
});

describe('describeUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge 126', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari 17', 'macOS'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128', 'Linux'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1', 'Chrome 126', 'iOS'],
    [null, 'Nieznana przeglądarka', 'Nieznany system'],
  ])('%s', (ua, browser, os) => {
    expect(describeUserAgent(ua)).toEqual({ browser, os });
  });
});
