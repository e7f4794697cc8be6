import { EVENT_MSG } from '@contract/events';
import { warsawToUtc } from '@contract/time';
import { createEvent, eventBody } from './event-fixtures';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
let organiser: TestClient;
let stranger: TestClient;
beforeAll(async () => {
  t = await buildTestApp({}, {});
  organiser = (await signUp(t)).client;
  stranger = (await signUp(t)).client;
});
afterAll(() => t.close());

describe('creating a game', () => {
  it('stores every field and derives times, address and the town coordinates', async () => {
    const body = eventBody();
    const res = await organiser.post('/football-events', body);
    expect(res.statusCode).toBe(201);
    const { msg, event } = res.json();
    expect(msg).toBe(EVENT_MSG.created);
    expect(event).toMatchObject({
      eventName: 'Gierka na Orliku', gameType: 'football', duration: 90, fieldType: 'field', level: 'beginner',
      playerCount: 4, price: 15, paymentMethod: 'Na miejscu', eventStatus: 'upcoming', isPrivate: false, region: 'mazowieckie',
      addressString: 'Marszałkowska 10, 00-001 Warszawa',
    });
    expect(event.startDateTime).toBe(warsawToUtc(body.startDate, '18:30').toISOString());
    expect(Date.parse(event.endDateTime) - Date.parse(event.startDateTime)).toBe(90 * 60_000);
    const [lon, lat] = event.geolocation.coordinates;
    expect(lat).toBeCloseTo(52.23, 1);
    expect(lon).toBeCloseTo(21.01, 1);
  });

  it('lets the pin on the map win over the town centre', async () => {
    const event = await createEvent(organiser, { latitude: 52.1, longitude: 21.2 });
    expect((event as unknown as { geolocation: { coordinates: number[] } }).geolocation.coordinates).toEqual([21.2, 52.1]);
  });

  it('clears the payment method when the game is free', async () => {
    const event = await createEvent(organiser, { price: 0, paymentMethod: 'BLIK' });
    expect((event as unknown as { paymentMethod: string | null }).paymentMethod).toBeNull();
  });

  const rejected: [string, Record<string, unknown>, string, string][] = [
    ['a postal code without a dash', { address: { ...eventBody().address, postalCode: '00001' } }, 'address.postalCode', EVENT_MSG.postalCode],
    ['a postal code with letters', { address: { ...eventBody().address, postalCode: 'AB-123' } }, 'address.postalCode', EVENT_MSG.postalCode],
    ['a city with digits', { address: { ...eventBody().address, city: 'Warszawa2' } }, 'address.city', EVENT_MSG.cityDigits],
    ['a street with digits', { address: { ...eventBody().address, street: '3 Maja' } }, 'address.street', EVENT_MSG.streetDigits],
    ['a street number with letters', { address: { ...eventBody().address, addressNumber: '10a' } }, 'address.addressNumber', EVENT_MSG.addressNumber],
    ['a name of 2 characters', { eventName: 'ab' }, 'eventName', EVENT_MSG.nameLength],
    ['a duration of 10 minutes', { duration: 10 }, 'duration', EVENT_MSG.duration],
    ['a negative player count', { playerCount: -1 }, 'playerCount', EVENT_MSG.players],
    ['a negative price', { price: -5 }, 'price', EVENT_MSG.price],
    ['an hour of 25:00', { startHour: '25:00' }, 'startHour', EVENT_MSG.hour],
    ['a start in the past', { startDate: '2020-01-01' }, 'startDate', EVENT_MSG.inPast],
    ['an unknown town', { address: { ...eventBody().address, city: 'Atlantyda' } }, 'address.city', EVENT_MSG.cityUnknown],
    ['a pin outside Poland', { latitude: 48.1, longitude: 11.5 }, 'latitude', EVENT_MSG.pinOutside],
    ['an unknown game type', { gameType: 'chess' }, 'gameType', ''],
  ];
  it.each(rejected)('refuses %s', async (_n, change, field, message) => {
    const before = (await t.database.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n;
    const res = await organiser.post('/football-events', eventBody(change));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    if (message) expect(res.json().errors[field]).toBe(message);
    expect((await t.database.pool.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(before);
  });

  it("accepts the spec's other spellings of game types", async () => {
    const event = await createEvent(organiser, { gameType: 'table tennis' });
    expect((event as unknown as { gameType: string }).gameType).toBe('tableTennis');
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).post('/football-events', eventBody())).statusCode).toBe(401);
  });
});

describe('owner permissions', () => {
  it('lets only the owner edit or delete', async () => {
    const event = await createEvent(organiser);
    const edit = await stranger.patch(`/football-events/${event._id}`, eventBody({ eventName: 'Przejęte' }));
    expect(edit.statusCode).toBe(403);
    expect(edit.json().msg).toBe(EVENT_MSG.notOwner);
    expect((await stranger.delete(`/football-events/${event._id}`)).statusCode).toBe(403);
    const own = await organiser.patch(`/football-events/${event._id}`, eventBody({ eventName: 'Nowa nazwa', duration: 120 }));
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ msg: EVENT_MSG.updated, event: { eventName: 'Nowa nazwa', duration: 120 } });
  });

  it('answers the missing-event message for an unknown or malformed id', async () => {
    const unknown = await organiser.get('/football-events/3f1c1a52-8a2b-4c3d-9e4f-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe(EVENT_MSG.notFound);
    expect((await organiser.get('/football-events/not-an-id')).statusCode).toBe(400);
  });

  it('delete cancels the game: gone for others, off the map and search, still listed for the owner', async () => {
    const event = await createEvent(organiser, { eventName: 'Do usunięcia' });
    await stranger.post(`/status/events/${event._id}/join`);
    expect((await organiser.delete(`/football-events/${event._id}`)).statusCode).toBe(200);
    expect((await stranger.get(`/football-events/${event._id}`)).statusCode).toBe(404);
    const search = await stranger.post('/football-events/search', { City: 'Warszawa', region: 'mazowieckie', distance: 50, limit: 100 });
    expect(search.json().events.map((e: { _id: string }) => e._id)).not.toContain(event._id);
    const map = await stranger.get('/football-events');
    expect(map.json().events.map((e: { _id: string }) => e._id)).not.toContain(event._id);
    const mine = await organiser.get('/status/my-events');
    expect(mine.json().ownedEvents.find((e: { _id: string }) => e._id === event._id).eventStatus).toBe('cancelled');
    const theirs = await stranger.get('/status/my-events');
    expect(theirs.json().userEvents.find((r: { eventID: { _id: string } }) => r.eventID._id === event._id)).toMatchObject({
      readBy: false,
      eventID: { eventStatus: 'cancelled' },
    });
  });
});

describe('private games', () => {
  it('never appear in search or on the map but open by their link', async () => {
    const event = await createEvent(organiser, { isPrivate: true, eventName: 'Prywatna gra' });
    const search = await stranger.post('/football-events/search', { latitude: 52.2297, longitude: 21.0122, distance: 50, limit: 100 });
    expect(search.json().events.map((e: { _id: string }) => e._id)).not.toContain(event._id);
    expect((await stranger.get('/football-events')).json().events.map((e: { _id: string }) => e._id)).not.toContain(event._id);
    const byLink = await stranger.get(`/football-events/${event._id}`);
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json().event.isPrivate).toBe(true);
  });
});
