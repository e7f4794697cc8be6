import { MSG } from '@contract/messages';
import { TWO_FACTOR_MSG } from '@contract/two-factor';
import { OAUTH_MSG } from '@contract/users';
import { emulatorGoogleToken, startAuthEmulator, type AuthEmulator } from '../../scripts/firebase-emulator';
import { findUserByEmail } from '../src/repositories/users';
import { buildTestApp, newUser, signUp, TestClient, type TestApp } from './helpers';

// Real Firebase ID tokens from the Firebase Auth emulator, verified by firebase-admin.
let emulator: AuthEmulator;
let t: TestApp;
beforeAll(async () => {
  emulator = await startAuthEmulator();
  t = await buildTestApp({ FIREBASE_PROJECT_ID: emulator.projectId, FIREBASE_API_KEY: 'fake-api-key', FIREBASE_AUTH_EMULATOR_HOST: emulator.host });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await emulator?.stop();
});

let n = 0;
function googlePerson() {
  n += 1;
  return { sub: `google-sub-${Date.now()}-${n}`, email: `gmail${Date.now().toString(36)}${n}@example.com`, name: 'Ola Nowak' };
}
const token = (p: { sub: string; email: string }) => emulatorGoogleToken(emulator.host, p);
const completion = (p: { email: string }, googleIdToken: string, extra: Record<string, unknown> = {}) => ({
  nick: `ola${Date.now().toString(36).slice(-5)}${n}`, birthDate: '2001-06-15', email: p.email, name: 'Ola', surname: 'Nowak',
  googleIdToken, avatarUrl: 'https://lh3.googleusercontent.com/a/photo.jpg', ...extra,
});

describe('Google sign-in through Firebase', () => {
  it('tells the SPA how to reach Firebase', async () => {
    const res = await new TestClient(t.app).get('/auth/providers');
    expect(res.json()).toEqual({
      google: { apiKey: 'fake-api-key', authDomain: `${emulator.projectId}.firebaseapp.com`, projectId: emulator.projectId, emulatorHost: emulator.host },
    });
  });

  it('sends a new person to finish on /register-oauth, then signs them in', async () => {
    const person = googlePerson();
    const client = new TestClient(t.app);
    const idToken = await token(person);
    const first = await client.post('/auth/login-oauth', { email: person.email, googleIdToken: idToken });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ registered: false, email: person.email });
    expect((await client.get('/users/current-user')).json().user).toBeNull();

    const done = await client.post('/auth/complete-oauth', completion(person, idToken));
    expect(done.statusCode).toBe(201);
    expect(done.json().msg).toBe('Rejestracja zakończona! Możesz się zalogować.');

    const login = await client.post('/auth/login-oauth', { email: person.email.toUpperCase(), googleIdToken: await token(person) });
    expect(login.json()).toMatchObject({ registered: true, msg: MSG.loggedIn, email: person.email, name: 'Ola', surname: 'Nowak', isActive: true, age: '2001-06-15' });
    expect((await client.get('/users/current-user')).json().user.email).toBe(person.email);
  });

  it('links an existing account with the same address and signs it in', async () => {
    const existing = await signUp(t);
    const person = { sub: `google-sub-linked-${Date.now()}`, email: existing.body.email };
    const client = new TestClient(t.app);
    const res = await client.post('/auth/login-oauth', { email: person.email, googleIdToken: await token(person) });
    expect(res.json()).toMatchObject({ registered: true, userID: existing.user._id });
    // The Google identity is now taken: it cannot register a second account.
    const again = await client.post('/auth/complete-oauth', completion(person, await token(person)));
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe(OAUTH_MSG.googleTaken);
  });

  it('does not link a never-verified sign-up of the address: it is dropped and the Google person registers anew (pre-hijack)', async () => {
    const attacker = new TestClient(t.app);
    const victim = { sub: `google-sub-victim-${Date.now()}`, email: `ofiara${Date.now().toString(36)}@example.com` };
    const signUpBody = newUser({ email: victim.email, nickName: `zly${Date.now().toString(36).slice(-6)}` });
    expect((await attacker.post('/auth/register', signUpBody)).statusCode).toBe(201);
    const client = new TestClient(t.app);
    const first = await client.post('/auth/login-oauth', { email: victim.email, googleIdToken: await token(victim) });
    expect(first.json()).toEqual({ registered: false, email: victim.email });
    // The unverified sign-up is gone: its password no longer signs anybody in, its nick is free.
    expect(await findUserByEmail(t.app.ctx.database.db, victim.email)).toBeUndefined();
    const done = await client.post('/auth/complete-oauth', completion(victim, await token(victim), { nick: signUpBody.nickName }));
    expect(done.statusCode).toBe(201);
    const login = await client.post('/auth/login-oauth', { email: victim.email, googleIdToken: await token(victim) });
    expect(login.json()).toMatchObject({ registered: true, nickName: signUpBody.nickName, name: 'Ola' });
    const withPassword = await attacker.post('/auth/login', { email: victim.email, password: signUpBody.password });
    expect(withPassword.statusCode).toBe(401);
  });

  it('checks the completion form like the page does', async () => {
    const person = googlePerson();
    const client = new TestClient(t.app);
    const idToken = await token(person);
    const empty = await client.post('/auth/complete-oauth', completion(person, idToken, { nick: '', birthDate: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ nick: OAUTH_MSG.fillAll, birthDate: OAUTH_MSG.fillAll });
    const young = await client.post('/auth/complete-oauth', completion(person, idToken, { birthDate: `${new Date().getFullYear() - 5}-01-01` }));
    expect(young.json().errors.birthDate).toBe(MSG.birthDateTooYoung);
    const taken = await signUp(t);
    const nick = await client.post('/auth/complete-oauth', completion(person, idToken, { nick: taken.body.nickName }));
    expect(nick.statusCode).toBe(409);
    expect(nick.json().msg).toBe(MSG.nickTaken);
    const letters = await client.post('/auth/complete-oauth', completion(person, idToken, { surname: 'N0wak' }));
    expect(letters.json().errors.surname).toBe('Nazwisko może zawierać tylko litery!');
    expect((await client.post('/auth/login-oauth', { email: person.email, googleIdToken: idToken })).json().registered).toBe(false);
  });

  it('refuses forged tokens, tokens of another address and non-Google sign-ins', async () => {
    const person = googlePerson();
    const client = new TestClient(t.app);
    const forged = await client.post('/auth/login-oauth', { email: person.email, googleIdToken: 'x'.repeat(40) });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().msg).toBe(OAUTH_MSG.invalidToken);
    const other = await client.post('/auth/login-oauth', { email: 'ktos.inny@example.com', googleIdToken: await token(person) });
    expect(other.json().msg).toBe(OAUTH_MSG.emailMismatch);
    const signUpRes = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `haslo.${person.email}`, password: 'haslo123', returnSecureToken: true }),
    });
    const passwordToken = ((await signUpRes.json()) as { idToken: string }).idToken;
    const password = await client.post('/auth/login-oauth', { email: `haslo.${person.email}`, googleIdToken: passwordToken });
    expect(password.statusCode).toBe(401);
    expect(password.json().msg).toBe(OAUTH_MSG.invalidToken);
    const completeForged = await client.post('/auth/complete-oauth', completion(person, 'y'.repeat(40)));
    expect(completeForged.statusCode).toBe(401);
  });

  it('a Google-only account switches two-factor sign-in on only after a fresh Google sign-in of its own', async () => {
    const person = googlePerson();
    const client = new TestClient(t.app);
    const idToken = await token(person);
    await client.post('/auth/login-oauth', { email: person.email, googleIdToken: idToken });
    expect((await client.post('/auth/complete-oauth', completion(person, idToken))).statusCode).toBe(201);
    expect((await client.post('/auth/login-oauth', { email: person.email, googleIdToken: await token(person) })).statusCode).toBe(200);
    expect((await client.get('/auth/totp')).json()).toMatchObject({ enabled: false, hasPassword: false });

    const none = await client.post('/auth/totp/setup', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(TWO_FACTOR_MSG.setupGoogleRequired);
    const someoneElse = await client.post('/auth/totp/setup', { idToken: await token(googlePerson()) });
    expect(someoneElse.statusCode).toBe(403);
    expect(someoneElse.json().msg).toBe(TWO_FACTOR_MSG.setupGoogleRequired);
    const own = await client.post('/auth/totp/setup', { idToken: await token(person) });
    expect(own.statusCode).toBe(200);
    expect(own.json().otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
  });

  it('is switched off without Firebase configuration', async () => {
    const plain = await buildTestApp();
    try {
      const client = new TestClient(plain.app);
      expect((await client.get('/auth/providers')).json()).toEqual({ google: null });
      const res = await client.post('/auth/login-oauth', { email: 'a@example.com', googleIdToken: 'z'.repeat(40) });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe(OAUTH_MSG.notConfigured);
    } finally {
      await plain.close();
    }
  });
});
