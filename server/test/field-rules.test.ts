import { EVENT_MSG, latestGameDate } from '@contract/events';
import { MSG } from '@contract/messages';
import { utcToWarsaw } from '@contract/time';
import { USER_MSG } from '@contract/users';
import { eventBody } from './event-fixtures';
import { buildTestApp, newUser, signUp, TestClient, type TestApp } from './helpers';

/** One rule per field (issue 13) and one real-date rule (issue 14), docs/adr/0040 and 0041. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const oauthBody = (overrides: Record<string, unknown>) => ({
  nick: `g${Date.now().toString(36).slice(-6)}`, birthDate: '1990-01-01', email: 'google@example.com', name: 'Jan', surname: 'Nowak',
  googleIdToken: 'x'.repeat(40), ...overrides,
});

describe('name, surname, nick and phone: the same rule at registration, Google sign-up and profile edit', () => {
  it.each([
    [{ name: 'Jan2' }, 'name', USER_MSG.nameLetters],
    [{ surname: 'K0walski' }, 'surname', USER_MSG.surnameLetters],
    [{ name: '' }, 'name', USER_MSG.nameRequired],
    [{ name: 'J'.repeat(21) }, 'name', MSG.nameTooLong],
  ])('registration refuses %o', async (change, field, message) => {
    const res = await new TestClient(t.app).post('/auth/register', newUser(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('registration refuses a phone number with letters and takes a Polish name with a hyphen', async () => {
    const bad = await new TestClient(t.app).post('/auth/register', newUser({ phoneNumber: '600abc200' }));
    expect(bad.json().errors.phoneNumber).toBe(MSG.phoneInvalid);
    const ok = await new TestClient(t.app).post('/auth/register', newUser({ name: 'Zdzisława', surname: 'Nowak-Żółć' }));
    expect(ok.statusCode).toBe(201);
  });

  it.each([
    [{ name: 'Jan2' }, 'name', USER_MSG.nameLetters],
    [{ surname: 'K0walski' }, 'surname', USER_MSG.surnameLetters],
    [{ nick: 'ab' }, 'nick', MSG.nickLength],
  ])('Google sign-up refuses %o', async (change, field, message) => {
    const res = await new TestClient(t.app).post('/auth/complete-oauth', oauthBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it.each([
    [{ name: 'Jan2' }, 'name', USER_MSG.nameLetters],
    [{ surname: 'K0walski' }, 'surname', USER_MSG.surnameLetters],
    [{ nickName: 'ab' }, 'nickName', USER_MSG.nickTooShort],
    [{ nickName: 'a'.repeat(21) }, 'nickName', USER_MSG.nickTooLong],
  ])('profile edit refuses a changed %o', async (change, field, message) => {
    const me = await signUp(t);
    const res = await me.client.patch('/users/current-user/update-user', change);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });
});

describe('an account made under older rules', () => {
  async function legacy() {
    const me = await signUp(t);
    await t.database.pool.query("UPDATE users SET name = 'Jan2', surname = 'K0walski' WHERE id = $1", [me.user._id]);
    return me;
  }

  it('saves a new nick when only the nick is sent', async () => {
    const me = await legacy();
    const nick = `nowy${Date.now().toString(36).slice(-6)}`;
    const res = await me.client.patch('/users/current-user/update-user', { nickName: nick });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ nickName: nick, name: 'Jan2', surname: 'K0walski' });
  });

  it('saves a new nick when the unchanged stored values are sent along (the spec client sends all four)', async () => {
    const me = await legacy();
    const nick = `inny${Date.now().toString(36).slice(-6)}`;
    const res = await me.client.patch('/users/current-user/update-user', {
      nickName: nick, name: 'Jan2', surname: 'K0walski', age: me.body.age,
    });
    expect(res.statusCode).toBe(200);
    const { rows } = await t.database.pool.query('SELECT nick_name, name, surname FROM users WHERE id = $1', [me.user._id]);
    expect(rows[0]).toEqual({ nick_name: nick, name: 'Jan2', surname: 'K0walski' });
  });

  it('still cannot change a field to a value the rule refuses, and can fix it', async () => {
    const me = await legacy();
    const bad = await me.client.patch('/users/current-user/update-user', { name: 'Jan3' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toBe(USER_MSG.nameLetters);
    const fixed = await me.client.patch('/users/current-user/update-user', { name: 'Jan', surname: 'K0walski' });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().user).toMatchObject({ name: 'Jan', surname: 'K0walski' });
  });
});

describe('dates are real calendar dates', () => {
  const tomorrow = () => utcToWarsaw(Date.now() + 24 * 3600_000).date;

  it.each(['2027-02-31', '2026-13-01', '2026-00-10', '2026-4-1', '9999-12-31', '20261-01-01', ' '])(
    'a game on %p is refused with a Polish message',
    async (startDate) => {
      const { client } = await signUp(t);
      const res = await client.post('/football-events', eventBody({ startDate }));
      expect(res.statusCode).toBe(400);
      expect([EVENT_MSG.date, EVENT_MSG.tooFarAhead]).toContain(res.json().errors.startDate);
    },
  );

  it('a game more than a year ahead is refused; one a year ahead is accepted', async () => {
    const { client } = await signUp(t);
    const last = latestGameDate();
    const [y, m, d] = last.split('-').map(Number);
    const after = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    const far = await client.post('/football-events', eventBody({ startDate: after }));
    expect(far.statusCode).toBe(400);
    expect(far.json().errors.startDate).toBe(EVENT_MSG.tooFarAhead);
    expect((await client.post('/football-events', eventBody({ startDate: last }))).statusCode).toBe(201);
    expect((await client.post('/football-events', eventBody({ startDate: tomorrow() }))).statusCode).toBe(201);
  });

  it.each(['24:00', '7:30', '18:60', '18:30:00', '1830'])('a game at %p is refused', async (startHour) => {
    const { client } = await signUp(t);
    const res = await client.post('/football-events', eventBody({ startHour }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.startHour).toBe(EVENT_MSG.hour);
  });

  it('an edit moving a game to 31 February is refused and the game keeps its date', async () => {
    const { client } = await signUp(t);
    const created = await client.post('/football-events', eventBody());
    const event = created.json().event as { _id: string; startDate: string };
    const res = await client.patch(`/football-events/${event._id}`, eventBody({ startDate: '2027-02-31' }));
    expect(res.statusCode).toBe(400);
    expect((await client.get(`/football-events/${event._id}`)).json().event.startDate).toBe(event.startDate);
  });

  it.each(['2001-02-29', '1990-02-30', '9999-12-31'])('a birth date %p is refused at registration and in the profile', async (age) => {
    const reg = await new TestClient(t.app).post('/auth/register', newUser({ age }));
    expect(reg.statusCode).toBe(400);
    expect([MSG.birthDateRequired, MSG.birthDateTooYoung]).toContain(reg.json().errors.age);
    const me = await signUp(t);
    const edit = await me.client.patch('/users/current-user/update-user', { age });
    expect(edit.statusCode).toBe(400);
    expect([MSG.birthDateRequired, MSG.birthDateTooYoung]).toContain(edit.json().errors.age);
  });
});
