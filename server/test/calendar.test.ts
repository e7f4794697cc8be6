import ICAL from 'ical.js';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';
import { createEvent, eventBody } from './event-fixtures';
import { foldLine } from '../src/calendar/ics';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Parses an iCalendar text with ical.js (an independent RFC 5545 parser) and resolves its time zones. */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return { cal, events: cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

const gameUrl = (id: string) => `${t.config.PUBLIC_URL}/dashboard/event/${id}`;

describe("a game's .ics", () => {
  it('downloads a valid calendar that matches the game, in Europe/Warsaw', async () => {
    const { client } = await signUp(t);
    const game = await createEvent(client, {
      eventName: 'Siatkówka; plaża, wieczór',
      gameType: 'volleyball',
      eventDescription: 'Linia pierwsza\nLinia druga, z przecinkiem; i średnikiem \\ ukośnik',
    });
    const res = await client.get(`/football-events/${game._id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="siatkowka-plaza-wieczor.ics"');
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    const { cal, events } = parse(res.body);
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Warsaw');
    expect(events).toHaveLength(1);
    const [ev] = events;
    expect(ev.uid).toBe(`${game._id}@localhost:3000`);
    expect(ev.summary).toBe('Siatkówka; plaża, wieczór');
    expect(ev.location).toBe('Marszałkowska 10, 00-001 Warszawa');
    expect(ev.description).toContain('Linia pierwsza\nLinia druga, z przecinkiem; i średnikiem \\ ukośnik');
    expect(ev.description).toContain(gameUrl(game._id));
    expect(ev.startDate.zone.tzid).toBe('Europe/Warsaw');
    expect(ev.startDate.toString()).toMatch(/T18:30:00$/);
    expect(ev.startDate.toJSDate().toISOString()).toBe(new Date(game.startDateTime).toISOString());
    expect(ev.endDate.toJSDate().getTime() - ev.startDate.toJSDate().getTime()).toBe(90 * 60_000);
    expect(ev.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    expect(ev.component.getFirstPropertyValue('status')).toBe('CONFIRMED');

    // The same game gives the same UID every time.
    const again = parse((await client.get(`/football-events/${game._id}/calendar.ics`)).body);
    expect(again.events[0].uid).toBe(ev.uid);
  });

  it('needs a session, and a cancelled game is gone for everyone but its organiser', async () => {
    const organiser = await signUp(t);
    const other = await signUp(t);
    const game = await createEvent(organiser.client);
    expect((await new TestClient(t.app).get(`/football-events/${game._id}/calendar.ics`)).statusCode).toBe(401);
    await organiser.client.delete(`/football-events/${game._id}`);
    expect((await other.client.get(`/football-events/${game._id}/calendar.ics`)).statusCode).toBe(404);
    expect((await organiser.client.get(`/football-events/${game._id}/calendar.ics`)).statusCode).toBe(200);
  });

  it('folds long lines without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'ż'.repeat(100)}`);
    expect(folded.split('\r\n ').every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'ż'.repeat(100)}`);
  });
});

describe('the personal calendar feed', () => {
  it('lists the games a person organises or is accepted in, and follows changes', async () => {
    const me = await signUp(t);
    const organiser = await signUp(t);
    const mine = await createEvent(me.client, { eventName: 'Moja gra' });
    const joined = await createEvent(organiser.client, { eventName: 'Gra, do której mnie przyjęto' });
    const pending = await createEvent(organiser.client, { eventName: 'Gra, na którą czekam' });
    await me.client.post(`/status/events/${joined._id}/join`);
    await organiser.client.patch(`/status/events/${joined._id}/users/${me.user._id}/status`, { status: 'accepted' });
    await me.client.post(`/status/events/${pending._id}/join`);

    expect((await me.client.get('/calendar/feed')).json()).toEqual({ active: false, createdAt: null });
    const created = await me.client.post('/calendar/feed');
    expect(created.statusCode).toBe(200);
    expect(created.json().msg).toBe('Utworzono link do kalendarza');
    const url = new URL(created.json().url);
    expect(url.origin).toBe(t.config.PUBLIC_URL);
    expect((await me.client.get('/calendar/feed')).json().active).toBe(true);

    // A calendar app has no session: the secret link alone opens the feed.
    const app = new TestClient(t.app);
    const read = async () => {
      const res = await app.request({ method: 'GET', url: url.pathname });
      expect(res.statusCode).toBe(200);
      return parse(res.body).events;
    };
    let feed = await read();
    expect(feed.map((e) => e.summary).sort()).toEqual(['Gra, do której mnie przyjęto', 'Moja gra']);
    expect(feed.find((e) => e.summary === 'Moja gra')!.uid).toBe(`${mine._id}@localhost:3000`);

    // The organiser moves the game to 20:00 and renames it; the feed shows it at once.
    const moved = await organiser.client.patch(
      `/football-events/${joined._id}`,
      eventBody({ eventName: 'Gra przeniesiona', startHour: '20:00' }),
    );
    expect(moved.statusCode).toBe(200);
    feed = await read();
    const changed = feed.find((e) => e.uid === `${joined._id}@localhost:3000`)!;
    expect(changed.summary).toBe('Gra przeniesiona');
    expect(changed.startDate.toString()).toMatch(/T20:00:00$/);
    expect(changed.startDate.toJSDate().toISOString()).toBe(new Date(moved.json().event.startDateTime).toISOString());

    // Cancelled: still listed, marked so calendar apps show it cancelled.
    await organiser.client.delete(`/football-events/${joined._id}`);
    feed = await read();
    expect(feed.find((e) => e.uid === changed.uid)!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('a new link revokes the old one; turning it off revokes it too; only the hash is stored', async () => {
    const me = await signUp(t);
    const first = new URL((await me.client.post('/calendar/feed')).json().url);
    const second = await me.client.post('/calendar/feed');
    expect(second.json().msg).toBe('Utworzono nowy link do kalendarza. Poprzedni link przestał działać.');
    const anon = new TestClient(t.app);
    expect((await anon.request({ method: 'GET', url: first.pathname })).statusCode).toBe(404);
    const secondPath = new URL(second.json().url).pathname;
    expect((await anon.request({ method: 'GET', url: secondPath })).statusCode).toBe(200);
    const token = secondPath.split('/').pop()!;
    const stored = await t.database.pool.query('SELECT token_hash FROM calendar_feeds WHERE user_id = $1', [me.user._id]);
    expect((stored as { rows: { token_hash: string }[] }).rows[0].token_hash).not.toContain(token);

    expect((await me.client.delete('/calendar/feed')).json().msg).toBe('Link do kalendarza został wyłączony');
    expect((await anon.request({ method: 'GET', url: secondPath })).statusCode).toBe(404);
    expect((await me.client.delete('/calendar/feed')).statusCode).toBe(404);
  });
});
