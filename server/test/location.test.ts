import { EVENT_MSG } from '@contract/events';
import { LOCATION_MSG } from '@contract/location';
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
    expect(set.cookies.find((c) => c.name === 'user_location')?.httpOnly).toBe(true);
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

  it('refuses an unknown city and coordinates far from any town', async () => {
    const { client } = await signUp(t);
    expect((await client.post('/location/set-location', { City: 'Atlantyda' })).json().msg).toBe(EVENT_MSG.cityUnknown);
    expect((await client.post('/location/set-location', { latitude: 40.4, longitude: -3.7 })).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).get('/location/decrypt')).statusCode).toBe(401);
  });
});
