import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { utcToWarsaw } from '../contract/time';
import { audit, type Finding } from './axe';
import { apiCall, signUpAndLogIn, type Person } from './flows';
import { launchBrowser, snap, startServer, type RunningServer } from './harness';
import { smallTouchTargets, type SmallTarget } from './touch';

// Issue 18: every screen, signed out and in, with its dialogs and menus open, at two sizes, has no
// serious or critical axe violation; the moderate ones go to e2e/artifacts/a11y-moderate.jsonl.

let server: RunningServer;
let browser: Browser;

const SIZES = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const organiser: Person = {
  nickName: 'dostepna_ania', name: 'Anna', surname: 'Dostępna', email: 'ania.a11y@example.com', password: 'Dostep2024!', birth: '1990-04-12',
};
const player: Person = {
  nickName: 'klawisz_piotr', name: 'Piotr', surname: 'Klawiszowy', email: 'piotr.a11y@example.com', password: 'Klawisz2024!', birth: '1995-10-03',
};
const GAME = 'Środowa siatkówka dla wszystkich';
const tomorrow = utcToWarsaw(Date.now() + 24 * 3600_000).date;

let owner: Page;
let guest: Page;
let eventId: string;
let guestId: string;


function game(eventName: string, street: string, latitude: number, longitude: number) {
  return {
    eventName, gameType: 'volleyball', startDate: tomorrow, startHour: '18:00', duration: 90, eventDescription: 'Gramy rekreacyjnie, każdy mile widziany.',
    address: { city: 'Warszawa', street, addressNumber: '10', postalCode: '00-001' },
    fieldType: 'hall', playerCount: 6, level: 'beginner', price: 10, latitude, longitude,
  };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  owner = await signUpAndLogIn(browser, server, organiser);
  guest = await signUpAndLogIn(browser, server, player);
  // Seeded through the API: two games close together (a cluster and a pin), a request accepted, a chat.
  const created = await apiCall(owner, 'POST', '/football-events', game(GAME, 'Marszałkowska', 52.2297, 21.0122));
  expect(created.status).toBe(201);
  eventId = created.json.event._id;
  expect((await apiCall(owner, 'POST', '/football-events', game('Czwartkowy basket', 'Hoża', 52.2299, 21.0119))).status).toBe(201);
  expect((await apiCall(guest, 'POST', `/status/events/${eventId}/join`)).status).toBe(201);
  guestId = (await apiCall(guest, 'GET', '/users/current-user')).json.user._id;
  expect((await apiCall(owner, 'PATCH', `/status/events/${eventId}/users/${guestId}/status`, { status: 'accepted' })).status).toBe(200);
  // Both answer the location question with Warsaw, so the map opens on the games.
  for (const page of [owner, guest]) {
    await page.goto(`${server.url}/dashboard/find-event`);
    await page.getByRole('combobox', { name: 'Miasto' }).fill('Warsz');
    await page.getByRole('option', { name: 'Warszawa', exact: true }).click();
    await page.getByRole('button', { name: 'Szukaj' }).click();
    await page.getByRole('button', { name: 'Zapisz jako moją lokalizację' }).click();
    await page.getByText('Zapisano Twoją lokalizację: Warszawa').waitFor();
  }
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Audits the page under `view`, keeping what blocks for the end of the test (one run shows all). */
function auditor(size: string) {
  const failures: Array<{ view: string; violations: Finding[] }> = [];
  const small: Array<{ view: string; targets: SmallTarget[] }> = [];
  return {
    async check(page: Page, view: string) {
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const name = `${size}: ${view}`;
      const violations = await audit(page, name);
      if (violations.length) {
        failures.push({ view: name, violations });
        await snap(page, `a11y-${size}-${view.replace(/[^a-z0-9]+/gi, '-')}`);
      }
      // On a phone every control is big enough for a finger.
      if (size === 'phone') {
        const targets = await smallTouchTargets(page);
        if (targets.length) small.push({ view: name, targets });
      }
    },
    done() {
      expect(failures).toEqual([]);
      expect(small).toEqual([]);
    },
  };
}

function picture() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420"><rect width="640" height="420" fill="#0f3d2e"/>
    <circle cx="320" cy="210" r="150" fill="#f5d90a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe.each(SIZES)('axe finds nothing serious ($name)', (size) => {
  it('on every signed-out page, the cookie popup and its settings included', async () => {
    const { check, done } = auditor(size.name);
    const context = await browser.newContext({ locale: 'pl-PL', viewport: { width: size.width, height: size.height } });
    const page = await context.newPage();
    await page.goto(server.url);
    const popup = page.getByRole('dialog', { name: 'Pliki cookies' });
    await popup.waitFor();
    await check(page, 'landing with the cookie popup');
    await popup.getByRole('button', { name: 'Ustawienia' }).click();
    await check(page, 'cookie popup settings');
    await page.getByRole('button', { name: 'Akceptuj wszystkie' }).click();
    await popup.waitFor({ state: 'detached' });
    await check(page, 'landing');
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Zaloguj się' }).click();
    await check(page, 'login with errors');
    await page.goto(`${server.url}/register`);
    await page.getByRole('button', { name: 'Zarejestruj się' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await check(page, 'register with errors');
    await page.goto(`${server.url}/forget-password`);
    await check(page, 'forgotten password');
    await page.goto(`${server.url}/reset-password/nieznany-token`);
    await check(page, 'new password');
    await page.goto(`${server.url}/register-oauth`);
    await check(page, 'google sign-up');
    await page.goto(`${server.url}/nie-ma-takiej-strony`);
    await check(page, 'not found');
    await context.close();
    done();
  }, 120_000);

  it('on every signed-in page with its dialogs, menus and the bell open', async () => {
    const { check, done } = auditor(size.name);
    for (const page of [owner, guest]) await page.setViewportSize({ width: size.width, height: size.height });
    const go = async (page: Page, path: string) => {
      await page.goto(`${server.url}${path}`);
      await page.locator('.dashboard-content h1, .dashboard-content h2').first().waitFor();
    };

    await go(owner, '/dashboard');
    await check(owner, 'dashboard');
    await owner.getByRole('button', { name: /^Powiadomienia/ }).click();
    await check(owner, 'bell open');
    await owner.keyboard.press('Escape');
    await owner.getByRole('button', { name: 'Pokaż mapę' }).click();
    const cluster = owner.getByRole('button', { name: '2 wydarzenia w tym miejscu' }).first();
    await cluster.waitFor();
    await check(owner, 'map');
    // The map's list: the view's cluster as an entry that opens the same popup.
    const list = owner.getByRole('region', { name: /^W widoku: 2 wydarzenia/ });
    await list.getByRole('button', { name: /^W widoku/ }).click();
    await list.getByRole('button', { name: 'Skupisko na mapie: 2 wydarzenia' }).waitFor();
    await check(owner, 'map with its list');
    await snap(owner, `a11y-${size.name}-map-list`);
    await cluster.click();
    await owner.getByRole('region', { name: '2 wydarzenia w tym miejscu' }).waitFor();
    await check(owner, 'map popup');
    await owner.evaluate(() => localStorage.setItem('mapTheme', 'light'));
    await owner.reload();
    await owner.getByRole('button', { name: 'Pokaż mapę' }).click();
    await owner.getByRole('button', { name: '2 wydarzenia w tym miejscu' }).first().waitFor();
    await check(owner, 'map, light theme');
    await owner.evaluate(() => localStorage.removeItem('mapTheme'));

    await go(guest, '/dashboard/find-event');
    await guest.getByRole('combobox', { name: 'Miasto' }).fill('Warsz');
    await guest.getByRole('option', { name: 'Warszawa', exact: true }).click();
    await guest.getByRole('button', { name: 'Szukaj' }).click();
    await guest.getByText(/^Znaleziono: \d+/).waitFor();
    await check(guest, 'find event with results');

    await go(owner, '/dashboard/add-event');
    await owner.getByRole('button', { name: 'Stwórz wydarzenie' }).click();
    await owner.locator('[aria-invalid="true"]').first().waitFor();
    await check(owner, 'add event with errors');

    // The ad shows once a day per game: forget it was seen, so both sizes audit it.
    await guest.evaluate(() => localStorage.removeItem('premiumAdSeen'));
    await go(guest, `/dashboard/event/${eventId}`);
    await guest.getByRole('dialog', { name: /Premium/ }).waitFor();
    await check(guest, 'event page with the ad');
    await guest.getByRole('button', { name: 'Zamknij reklamę' }).click({ timeout: 15_000 });
    await check(guest, 'event page');

    await go(owner, `/dashboard/event/edit/${eventId}`);
    await owner.getByRole('article', { name: player.nickName }).waitFor();
    await check(owner, 'event management');
    await owner.getByRole('button', { name: 'Edytuj' }).click();
    await check(owner, 'event management, editing');
    await owner.getByRole('button', { name: 'Usuń', exact: true }).click();
    await owner.getByRole('alertdialog').waitFor();
    await check(owner, 'delete confirmation');
    await owner.keyboard.press('Escape');
    await owner.getByRole('alertdialog').waitFor({ state: 'detached' });

    await go(guest, '/dashboard/chat');
    await guest.getByRole('complementary', { name: 'Lista czatów' }).getByRole('button', { name: new RegExp(GAME) }).click();
    await guest.getByRole('textbox', { name: 'Wiadomość' }).fill('Będę 10 minut wcześniej');
    await guest.keyboard.press('Enter');
    await guest.getByRole('log').getByText('Będę 10 minut wcześniej').first().waitFor();
    await check(guest, 'chat room');
    await guest.getByRole('button', { name: 'Ustawienia czatu' }).click();
    await guest.getByRole('menu').waitFor();
    await check(guest, 'chat mute menu');
    await guest.keyboard.press('Escape');

    await go(owner, '/dashboard/my-events');
    await owner.getByRole('article', { name: GAME }).waitFor();
    await check(owner, 'my events');
    await go(guest, '/dashboard/my-events');
    await check(guest, 'my events of a player');

    await go(owner, '/dashboard/ranking');
    await check(owner, 'ranking');
    await go(owner, '/dashboard/premium');
    await check(owner, 'premium');
    await go(owner, '/dashboard/settings-event');
    await check(owner, 'settings');
    await go(owner, `/dashboard/profile-users/${guestId}`);
    await check(owner, 'player profile');
    await owner.getByRole('button', { name: 'Zgłoś użytkownika' }).click();
    await owner.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    await owner.getByRole('alert').waitFor();
    await check(owner, 'report with an error');
    await go(owner, '/dashboard/profile-edit');
    await check(owner, 'profile edit');
    await go(owner, '/dashboard/profile');
    await check(owner, 'own profile');
    await owner.getByLabel('Zmień avatar').setInputFiles({ name: 'ja.png', mimeType: 'image/png', buffer: await picture() });
    const crop = owner.getByRole('dialog', { name: 'Przytnij avatar' });
    await crop.getByRole('button', { name: 'Zapisz avatar' }).waitFor({ state: 'visible' });
    await check(owner, 'crop dialog');
    await owner.keyboard.press('Escape');
    await crop.waitFor({ state: 'detached' });
    await owner.getByRole('button', { name: 'Usuń konto' }).click();
    await owner.getByRole('alertdialog').waitFor();
    await check(owner, 'delete account confirmation');
    await owner.keyboard.press('Escape');

    if (size.name === 'phone') {
      await go(owner, '/dashboard');
      await owner.getByRole('button', { name: 'Menu boczne' }).click();
      await check(owner, 'phone sidebar open');
    }
    done();
  }, 240_000);
});
