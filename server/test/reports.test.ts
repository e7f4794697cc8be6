import { REPORT_LIMIT, REPORT_MSG } from '@contract/reports';
import { createEvent } from './event-fixtures';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rows = async (reporterId: string) =>
  (await t.database.pool.query('SELECT type, message, reported_user_id, reported_event_id FROM reports WHERE reporter_id = $1', [reporterId])).rows;

describe('reports', () => {
  it('files a report about a user, an event and a bug, keeping only the target the type needs', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const event = await createEvent(other.client);
    const user = await me.client.post('/reports', { type: 'user', message: '  Obraża innych graczy na czacie  ', reportedUserId: other.user._id, reportedEventId: event._id });
    expect(user.statusCode).toBe(201);
    expect(user.json().msg).toBe('Raport został wysłany pomyślnie');
    expect((await me.client.post('/reports', { type: 'event', message: 'To wydarzenie to spam', reportedEventId: event._id })).statusCode).toBe(201);
    expect((await me.client.post('/reports', { type: 'bug', message: 'Mapa się nie ładuje', reportedUserId: other.user._id })).statusCode).toBe(201);
    expect(await rows(me.user._id)).toEqual(
      expect.arrayContaining([
        { type: 'user', message: 'Obraża innych graczy na czacie', reported_user_id: other.user._id, reported_event_id: null },
        { type: 'event', message: 'To wydarzenie to spam', reported_user_id: null, reported_event_id: event._id },
        { type: 'bug', message: 'Mapa się nie ładuje', reported_user_id: null, reported_event_id: null },
      ]),
    );
  });

  it.each([
    ['a report without a type', { message: 'Wiadomość bez typu' }, REPORT_MSG.typeRequired],
    ['an unknown type', { type: 'spam', message: 'Nieznany typ zgłoszenia' }, REPORT_MSG.typeRequired],
    ['9 characters', { type: 'bug', message: 'za krótka' }, REPORT_MSG.tooShort],
    ['a message of spaces', { type: 'bug', message: '         x          ' }, REPORT_MSG.tooShort],
    ['501 characters', { type: 'bug', message: 'x'.repeat(501) }, REPORT_MSG.tooLong],
    ['a user report without the user', { type: 'user', message: 'Brakuje zgłaszanego gracza' }, REPORT_MSG.userRequired],
    ['an event report with a malformed event id', { type: 'event', message: 'Brakuje zgłaszanego wydarzenia', reportedEventId: 'abc' }, REPORT_MSG.eventRequired],
  ])('refuses %s with its message', async (_label, body, message) => {
    const me = await signUp(t);
    const res = await me.client.post('/reports', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(message);
    expect(await rows(me.user._id)).toEqual([]);
  });

  it('accepts exactly 10 and 500 characters', async () => {
    const me = await signUp(t);
    expect((await me.client.post('/reports', { type: 'bug', message: 'x'.repeat(10) })).statusCode).toBe(201);
    expect((await me.client.post('/reports', { type: 'bug', message: 'y'.repeat(500) })).statusCode).toBe(201);
  });

  it('refuses a target that does not exist, and oneself', async () => {
    const me = await signUp(t);
    const ghost = '00000000-0000-4000-8000-000000000000';
    const user = await me.client.post('/reports', { type: 'user', message: 'Nie ma takiego gracza', reportedUserId: ghost });
    expect(user.statusCode).toBe(404);
    expect(user.json().msg).toBe(REPORT_MSG.userNotFound);
    const event = await me.client.post('/reports', { type: 'event', message: 'Nie ma takiego meczu', reportedEventId: ghost });
    expect(event.json().msg).toBe(REPORT_MSG.eventNotFound);
    const self = await me.client.post('/reports', { type: 'user', message: 'Zgłaszam samego siebie', reportedUserId: me.user._id });
    expect(self.json().msg).toBe(REPORT_MSG.self);
    expect(await rows(me.user._id)).toEqual([]);
  });

  it('refuses the same report twice, even sent at once', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const body = { type: 'user', message: 'Nie przyszedł na mecz', reportedUserId: other.user._id };
    const answers = await Promise.all([me.client.post('/reports', body), me.client.post('/reports', body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().msg).toBe(REPORT_MSG.duplicate);
    expect((await me.client.post('/reports', { ...body, message: 'Znowu nie przyszedł na mecz' })).statusCode).toBe(201);
  });

  it('limits how many reports one person sends', async () => {
    const me = await signUp(t);
    const [max] = REPORT_LIMIT;
    for (let i = 0; i < max; i += 1) {
      expect((await me.client.post('/reports', { type: 'bug', message: `Błąd numer ${i} w aplikacji` })).statusCode).toBe(201);
    }
    const over = await me.client.post('/reports', { type: 'bug', message: 'Jeszcze jeden błąd w aplikacji' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('needs a session and the XSRF header', async () => {
    expect((await new TestClient(t.app).post('/reports', { type: 'bug', message: 'Anonimowe zgłoszenie' })).statusCode).toBe(401);
    const me = await signUp(t);
    const forged = await me.client.request({ method: 'POST', url: '/reports', payload: { type: 'bug', message: 'Bez nagłówka XSRF' }, xsrf: false });
    expect(forged.statusCode).toBe(403);
  });
});
