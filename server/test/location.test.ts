import { EVENT_MSG } from '@contract/events';
import { LOCATION_MSG } from '@contract/location';
import { LOCATION_COOKIE } from '../src/routes/location';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('saved location', () => {
  it('is empty at first, reverse-geocodes browser coordinates to the nearest town, and can be cleared', async () => {
    const { client } = await signUp(t);
    expect((await client.get('/location/decrypt')).json()).toEqual({ latitude: null, longitude: null, City: null, region: null, Country: null });
    const set = await client.post('/location/set-location', { latitude: 50.0614, longitude: 19.9366 });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ City: 'Kraków', region: 'małopolskie', Country: 'Poland', latitude: 50.0614 });
    expect((await client.get('/location/decrypt')).json().City).toBe('Kraków');
    expect((await client.delete('/location/clear')).json().msg).toBe(LOCATION_MSG.cleared);
    expect((await client.get('/location/decrypt')).json().City).toBeNull();
  });

  it('geocodes a city chosen by hand', async () => {
    const { client } = await signUp(t);
    const res = await client.post('/location/set-location', { City: 'Gdańsk', region: 'pomorskie', Country: 'Poland' });
    expect(res.json()).toMatchObject({ City: 'Gdańsk', region: 'pomorskie' });
    expect(res.json().latitude).toBeCloseTo(54.35, 1);
  });

  it('refuses an unknown city and coordinates far from any town, keeping what was saved', async () => {
    const { client } = await signUp(t);
    await client.post('/location/set-location', { City: 'Gdańsk', region: 'pomorskie' });
    expect((await client.post('/location/set-location', { City: 'Atlantyda' })).json().msg).toBe(EVENT_MSG.cityUnknown);
    expect((await client.post('/location/set-location', { latitude: 40.4, longitude: -3.7 })).statusCode).toBe(400);
    expect((await client.get('/location/decrypt')).json().City).toBe('Gdańsk');
  });
});

describe('a location belongs to the person (docs/adr/0075)', () => {
  const decrypt = async (client: TestClient) => (await client.get('/location/decrypt')).json();

  it("is stored with the account, not in the browser: the next person on the same browser does not get it", async () => {
    const anna = await signUp(t);
    const bartek = await signUp(t);
    const browser = new TestClient(t.app);
    await browser.post('/auth/login', { email: anna.body.email, password: anna.body.password });
    const set = await browser.post('/location/set-location', { City: 'Gdańsk', region: 'pomorskie' });
    expect(set.cookies.find((c) => c.name === LOCATION_COOKIE)).toBeUndefined();
    expect((await decrypt(browser)).City).toBe('Gdańsk');
    await browser.get('/auth/logout');

    await browser.post('/auth/login', { email: bartek.body.email, password: bartek.body.password });
    expect((await decrypt(browser)).City).toBeNull();
    await browser.post('/location/set-location', { City: 'Kraków' });
    await browser.get('/auth/logout');

    // Each finds their own again, in this browser or any other.
    await browser.post('/auth/login', { email: anna.body.email, password: anna.body.password });
    expect((await decrypt(browser)).City).toBe('Gdańsk');
    expect((await decrypt(bartek.client)).City).toBe('Kraków');
  });

  it("keeps a visitor's location in the encrypted cookie, which a signed-in person neither sees nor keeps", async () => {
    const browser = new TestClient(t.app);
    const set = await browser.post('/location/set-location', { City: 'Poznań' });
    expect(set.statusCode).toBe(200);
    const cookie = set.cookies.find((c) => c.name === LOCATION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).not.toContain('Pozna');
    expect((await decrypt(browser)).City).toBe('Poznań');

    const person = await signUp(t);
    await browser.post('/auth/login', { email: person.body.email, password: person.body.password });
    const read = await browser.get('/location/decrypt');
    expect(read.json().City).toBeNull();
    expect(read.cookies.find((c) => c.name === LOCATION_COOKIE)?.value).toBe('');
    expect(browser.cookies.has(LOCATION_COOKIE)).toBe(false);
  });

  it('a visitor can clear theirs', async () => {
    const browser = new TestClient(t.app);
    await browser.post('/location/set-location', { City: 'Poznań' });
    expect((await browser.delete('/location/clear')).json().msg).toBe(LOCATION_MSG.cleared);
    expect((await decrypt(browser)).City).toBeNull();
  });

  it('goes with a deleted account', async () => {
    const { client, user, body } = await signUp(t);
    await client.post('/location/set-location', { City: 'Gdańsk', region: 'pomorskie' });
    expect((await client.delete('/users/current-user/delete', { password: body.password })).statusCode).toBe(200);
    const rows = await t.database.pool.query('SELECT count(*)::int AS n FROM saved_locations WHERE user_id = $1', [user._id]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('needs the XSRF header to change', async () => {
    const { client } = await signUp(t);
    const forged = await client.request({ method: 'POST', url: '/location/set-location', payload: { City: 'Gdańsk' }, xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect((await decrypt(client)).City).toBeNull();
  });
});
