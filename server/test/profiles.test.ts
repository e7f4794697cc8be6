import { MSG } from '@contract/messages';
import { ageInYears } from '@contract/time';
import { USER_MSG } from '@contract/users';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const valid = { nickName: 'Nowy_Nick', name: 'Łukasz', surname: 'Żółć-Nowak', age: '1990-02-03' };

describe("another player's profile", () => {
  it('shows the public fields, statistics and whether I like them, never the e-mail', async () => {
    const me = await signUp(t);
    const other = await signUp(t, { name: 'Anna', surname: 'Zięba' });
    const res = await me.client.get(`/users/${other.user._id}`);
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toEqual({
      _id: other.user._id, nickName: other.body.nickName, name: 'Anna', surname: 'Zięba', avatarUrl: null, age: ageInYears('1995-04-12'),
      userStats: { userID: other.user._id, gamesPlayed: 0, eventsOrganized: 0, totalLikes: 0, points: 0, gamesTracked: 0, gamesAttended: 0 },
      isLikedByCurrentUser: false,
    });
    expect(res.body).not.toContain(other.body.email);
  });

  it("never shows another player's birth date: an age in years, or nothing without a date", async () => {
    const me = await signUp(t);
    const other = await signUp(t, { age: '2000-01-01' });
    const res = await me.client.get(`/users/${other.user._id}`);
    expect(res.body).not.toContain('2000-01-01');
    expect(res.json().user).not.toHaveProperty('birthDate');
    expect(res.json().user.age).toBe(ageInYears('2000-01-01'));
    expect(res.json().user.age).toBeGreaterThanOrEqual(25);
    await t.database.pool.query('UPDATE users SET birth_date = NULL WHERE id = $1', [other.user._id]);
    expect((await me.client.get(`/users/${other.user._id}`)).json().user.age).toBeNull();
  });

  it('keeps the birth date on my own profile', async () => {
    const me = await signUp(t, { age: '1990-02-03' });
    const { user } = (await me.client.get(`/users/${me.user._id}`)).json();
    expect(user).toMatchObject({ birthDate: '1990-02-03', age: ageInYears('1990-02-03') });
    expect((await me.client.get('/users/current-user')).json().user.age).toBe('1990-02-03');
  });

  it('answers 404 for an unknown id and 400 for a malformed one, and needs a session', async () => {
    const me = await signUp(t);
    const unknown = await me.client.get('/users/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(USER_MSG.userNotFound);
    expect((await me.client.get('/users/nie-ma-takiego')).statusCode).toBe(400);
    expect((await new TestClient(t.app).get(`/users/${me.user._id}`)).statusCode).toBe(401);
  });
});

describe('profile edit', () => {
  it('saves nick, names (Polish letters, spaces, hyphens) and birth date, and answers the session user', async () => {
    const me = await signUp(t);
    const res = await me.client.patch('/users/current-user/update-user', { ...valid, nickName: `${valid.nickName}1` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: USER_MSG.profileUpdated, user: { nickName: 'Nowy_Nick1', name: 'Łukasz', surname: 'Żółć-Nowak', age: '1990-02-03' } });
    expect((await me.client.get('/users/current-user')).json().user.nickName).toBe('Nowy_Nick1');
  });

  it.each([
    [{ nickName: 'ab' }, 'nickName', USER_MSG.nickTooShort],
    [{ nickName: 'a'.repeat(21) }, 'nickName', USER_MSG.nickTooLong],
    [{ name: 'Jan2' }, 'name', USER_MSG.nameLetters],
    [{ surname: 'Nowak!' }, 'surname', USER_MSG.surnameLetters],
    [{ name: '   ' }, 'name', USER_MSG.nameRequired],
    [{ surname: '' }, 'surname', USER_MSG.surnameRequired],
    [{ age: '1899-12-31' }, 'age', MSG.birthDateTooEarly],
    [{ age: `${new Date().getFullYear() - 3}-01-01` }, 'age', MSG.birthDateTooYoung],
  ])('refuses %j with its message and changes nothing', async (change, field, message) => {
    const me = await signUp(t);
    const res = await me.client.patch('/users/current-user/update-user', change);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    const after = (await me.client.get('/users/current-user')).json().user;
    expect(after).toMatchObject({ nickName: me.body.nickName, name: 'Jan', surname: 'Kowalski', age: '1995-04-12' });
  });

  it('refuses an empty change', async () => {
    const me = await signUp(t);
    const res = await me.client.patch('/users/current-user/update-user', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(USER_MSG.nothingToUpdate);
  });

  it("refuses another person's nick whatever its case, but keeps one's own", async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const taken = await me.client.patch('/users/current-user/update-user', { nickName: other.body.nickName.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.nickName).toBe(MSG.nickTaken);
    const same = await me.client.patch('/users/current-user/update-user', { nickName: me.body.nickName.toUpperCase() });
    expect(same.statusCode).toBe(200);
  });

  it('only ever changes the signed-in person, whatever ids the body carries', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const res = await me.client.patch('/users/current-user/update-user', { name: 'Hacker', _id: other.user._id, userID: other.user._id, email: 'x@y.pl' });
    expect(res.statusCode).toBe(200);
    expect((await other.client.get('/users/current-user')).json().user).toMatchObject({ name: 'Jan', email: other.body.email });
    expect((await me.client.get('/users/current-user')).json().user).toMatchObject({ name: 'Hacker', email: me.body.email });
  });

  it('needs a session and the XSRF header', async () => {
    expect((await new TestClient(t.app).patch('/users/current-user/update-user', valid)).statusCode).toBe(401);
    const me = await signUp(t);
    const res = await me.client.request({ method: 'PATCH', url: '/users/current-user/update-user', payload: { name: 'Ewa' }, xsrf: false });
    expect(res.statusCode).toBe(403);
  });
});
