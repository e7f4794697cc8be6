import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';
import { createEvent } from './event-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The Open Graph tags as a crawler reads them: property → content, entities decoded. */
function ogTags(html: string): Record<string, string> {
  const decode = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta property="(og:[a-z_]+)" content="([^"]*)">/g)) tags[m[1]] = decode(m[2]);
  return tags;
}
const refreshTarget = (html: string) => /<meta http-equiv="refresh" content="0; url=([^"]*)">/.exec(html)?.[1].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

describe('share links', () => {
  it("a public game's page carries the Open Graph preview and sends a visitor to the login, then the game", async () => {
    const { client } = await signUp(t);
    const game = await createEvent(client, { eventName: 'Piłka w Parku', startHour: '18:30', playerCount: 6 });
    // A crawler has no session.
    const res = await new TestClient(t.app).request({ method: 'GET', url: `http://localhost:3000/g/${game._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const og = ogTags(res.body);
    expect(og['og:title']).toBe('Piłka w Parku');
    expect(og['og:url']).toBe(`${t.config.PUBLIC_URL}/g/${game._id}`);
    expect(og['og:type']).toBe('website');
    expect(og['og:image']).toBe(`${t.config.PUBLIC_URL}/icons/icon-512.png`);
    const day = new Intl.DateTimeFormat('pl-PL', { timeZone: 'Europe/Warsaw', day: 'numeric', month: 'long' }).format(new Date(game.startDateTime));
    expect(og['og:description']).toContain(day);
    expect(og['og:description']).toContain('18:30');
    expect(og['og:description']).toContain('Marszałkowska 10, 00-001 Warszawa');
    expect(og['og:description']).toContain('Szukani gracze: 6');
    expect(refreshTarget(res.body)).toBe(`/login?next=${encodeURIComponent(`/dashboard/event/${game._id}`)}`);
    // The signed-in organiser goes straight to the game.
    const own = await client.request({ method: 'GET', url: `http://localhost:3000/g/${game._id}` });
    expect(refreshTarget(own.body)).toBe(`/dashboard/event/${game._id}`);
  });

  it("a private game's preview names the game and leaks nothing else", async () => {
    const { client } = await signUp(t);
    const game = await createEvent(client, {
      eventName: 'Tajny mecz', isPrivate: true, eventDescription: 'Kod do bramy 1234', playerCount: 7,
      address: { city: 'Kraków', street: 'Floriańska', addressNumber: '3', postalCode: '31-019' },
    });
    const res = await new TestClient(t.app).request({ method: 'GET', url: `http://localhost:3000/g/${game._id}` });
    expect(res.statusCode).toBe(200);
    expect(ogTags(res.body)['og:title']).toBe('Tajny mecz');
    for (const secret of ['Kraków', 'Krak&#243;w', 'Floriańska', '31-019', '1234', 'Szukani', '7', 'Piłka nożna', 'listopad', 'grudnia', ':']) {
      expect(ogTags(res.body)['og:description']).not.toContain(secret);
    }
    for (const secret of ['Krak', 'Floria', '31-019', 'Kod do bramy', 'Szukani', 'Piłka nożna']) expect(res.body).not.toContain(secret);
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow">');
  });

  it('escapes everything it puts into the page', async () => {
    const { client } = await signUp(t);
    const game = await createEvent(client, { eventName: '"><script>alert(1)</script>' });
    const res = await new TestClient(t.app).request({ method: 'GET', url: `http://localhost:3000/g/${game._id}` });
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('"><');
    expect(ogTags(res.body)['og:title']).toBe('"><script>alert(1)</script>');
  });

  it('a cancelled, unknown or malformed game gives a Polish 404 page without details', async () => {
    const { client } = await signUp(t);
    const game = await createEvent(client, { eventName: 'Odwołana gra' });
    await client.delete(`/football-events/${game._id}`);
    for (const id of [game._id, '00000000-0000-4000-8000-000000000000', 'nie-ma-takiej']) {
      const res = await new TestClient(t.app).request({ method: 'GET', url: `http://localhost:3000/g/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Nie znaleziono gry');
      expect(res.body).not.toContain('Odwołana gra');
    }
  });
});
