import type { Browser, Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { signUpAndLogIn, type Person } from './flows';
import { launchBrowser, snap, startServer, type RunningServer } from './harness';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const organiser: Person = {
  nickName: 'kapitan_ola', name: 'Ola', surname: 'Wiśniewska', email: 'ola.kapitan@example.com', password: 'Orlik2024!', birth: '1991-07-02',
};
const player: Person = {
  nickName: 'szybki_tomek', name: 'Tomek', surname: 'Zieliński', email: 'tomek.gracz@example.com', password: 'Bramka2024!', birth: '1999-11-20',
};
const tomorrow = utcToWarsaw(Date.now() + 24 * 3600_000).date;
const GAME = 'Czwartkowa gierka na Orliku';

/** Fills and sends the add-event form for a game in Warsaw tomorrow evening. */
async function createGame(page: Page) {
  await page.getByRole('link', { name: 'Stwórz Wydarzenie' }).click();
  await page.getByRole('heading', { name: 'Stwórz Wydarzenie' }).waitFor();
  await snap(page, 'events-01a-add-form-top');
  await page.getByLabel('Nazwa wydarzenia').fill(GAME);
  await page.getByLabel('Data rozpoczęcia').fill(tomorrow);
  await page.getByLabel('Godzina rozpoczęcia').fill('18:30');
  await page.getByRole('combobox', { name: 'Miasto' }).fill('Warsz');
  await page.getByRole('option', { name: 'Warszawa', exact: true }).click();
  await page.getByLabel('Ulica').fill('Marszałkowska');
  await page.getByLabel('Numer', { exact: true }).fill('10');
  await page.getByLabel('Kod pocztowy').fill('00-001');
  // The pin on the exact pitch: the keyboard way, at the centre of the small map (the chosen town).
  await page.getByRole('button', { name: 'Wstaw pinezkę na środku mapy' }).click();
  await page.getByText(/^Pinezka: 52,2\d+° N, 21,01\d+° E/).waitFor();
  await page.getByLabel('Liczba szukanych graczy').fill('4');
  await page.getByLabel('Cena (zł)').fill('15');
  await snap(page, 'events-01-add-form');
  await page.getByRole('button', { name: 'Stwórz wydarzenie' }).click();
  await page.getByText('Wydarzenie zostało dodane pomyślnie!').waitFor();
  await page.waitForURL(/\/dashboard\/event\/edit\/[0-9a-f-]+$/);
  return page.url().split('/').pop()!;
}

/** A second game a few metres away, straight through the API from the signed-in page. */
async function createNearbyGame(page: Page) {
  return page.evaluate(async (date) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
    const res = await fetch('/api/v1/football-events', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({
        eventName: 'Siatkówka przy Marszałkowskiej', gameType: 'volleyball', startDate: date, startHour: '19:00', duration: 60,
        address: { city: 'Warszawa', street: 'Marszałkowska', addressNumber: '12', postalCode: '00-001' },
        fieldType: 'hall', playerCount: 2, level: 'intermediate', price: 0, latitude: 52.2299, longitude: 21.0119,
      }),
    });
    return res.status;
  }, tomorrow);
}

async function currentStats(page: Page) {
  return page.evaluate(async () => (await (await fetch('/api/v1/user-stats/current')).json()).stats as { gamesPlayed: number; eventsOrganized: number });
}

describe('events in a browser', () => {
  it('creates a game, shows it on the map, lets a player find and join it, and finishes it', async () => {
    const org = await signUpAndLogIn(browser, server, organiser);
    // Headless chromium has no position to give: the popup offers the manual way and can be declined.
    await org.getByRole('button', { name: 'Nie zgadzam się' }).click();
    const eventId = await createGame(org);
    await org.getByRole('heading', { name: GAME }).waitFor();
    await snap(org, 'events-02-management');

    // The map: the game's marker, then a cluster once a second game is close by.
    await org.goto(`${server.url}/dashboard`);
    await org.getByRole('button', { name: 'Pokaż mapę' }).click();
    await org.getByRole('button', { name: `Piłka nożna: ${GAME}` }).waitFor();
    await snap(org, 'events-03-map-marker');
    expect(await createNearbyGame(org)).toBe(201);
    await org.reload();
    await org.getByRole('button', { name: 'Pokaż mapę' }).click();
    await org.getByRole('button', { name: '2 wydarzenia w tym miejscu' }).click();
    const popup = org.getByRole('region', { name: '2 wydarzenia w tym miejscu' });
    await popup.getByRole('link', { name: new RegExp(GAME) }).waitFor();
    await popup.getByText('15 zł · 90 min · Szuka: 4').waitFor();
    await snap(org, 'events-04-map-cluster');
    await popup.getByRole('button', { name: 'Zamknij' }).click();
    // The light theme (Settings stores it in localStorage) keeps the markers visible.
    await org.evaluate(() => localStorage.setItem('mapTheme', 'light'));
    await org.reload();
    await org.getByRole('button', { name: 'Pokaż mapę' }).click();
    await org.getByRole('button', { name: '2 wydarzenia w tym miejscu' }).waitFor();
    await snap(org, 'events-04b-map-light');
    await org.goto(`${server.url}/dashboard/event/edit/${eventId}`);

    // The player finds it by city and distance, waits out the ad and asks to join.
    const me = await signUpAndLogIn(browser, server, player);
    await me.getByRole('link', { name: 'Znajdź Wydarzenie' }).click();
    await me.getByRole('combobox', { name: 'Miasto' }).fill('Wars');
    await me.getByRole('option', { name: 'Warszawa', exact: true }).click();
    await me.getByLabel('Odległość (km)').fill('5');
    await me.getByRole('button', { name: 'Szukaj' }).click();
    await me.getByText('Województwo: mazowieckie').waitFor();
    await me.getByText('Znaleziono: 2').waitFor();
    await snap(me, 'events-05-find');
    await me.getByRole('link', { name: new RegExp(GAME) }).click();
    await me.waitForURL(`${server.url}/dashboard/event/${eventId}`);
    await me.getByText('Prośba w trakcie wysyłania...').waitFor();
    await snap(me, 'events-06-ad');
    await me.getByRole('button', { name: 'Zamknij reklamę' }).click({ timeout: 15_000 });
    await me.getByRole('button', { name: 'Dołącz do gry' }).click();
    await me.getByRole('button', { name: 'Zainteresowany' }).waitFor();
    await snap(me, 'events-07-joined');

    // The organiser sees the request arrive and accepts it; the player sees it without reloading.
    const card = org.getByRole('article', { name: player.nickName });
    await card.getByRole('button', { name: 'Dodaj' }).click();
    await org.getByText('Zaakceptowanych: 1').waitFor();
    await snap(org, 'events-08-accepted');
    await me.getByRole('button', { name: 'Zaakceptowany' }).waitFor();
    await snap(me, 'events-09-player-accepted');

    // Finishing moves both people's stats.
    await org.getByRole('button', { name: 'Zakończ' }).click();
    await org.getByRole('alertdialog', { name: 'ZAKOŃCZ' }).waitFor();
    await snap(org, 'events-10-confirm');
    await org.getByRole('button', { name: 'TAK' }).click();
    await org.getByText('Wydarzenie zostało zakończone').waitFor();
    await org.waitForURL(`${server.url}/dashboard`);
    expect(await currentStats(org)).toMatchObject({ eventsOrganized: 1 });
    expect(await currentStats(me)).toMatchObject({ gamesPlayed: 1 });
    await me.getByRole('button', { name: 'Zakończony' }).waitFor();
    const organiserCard = me.getByRole('article', { name: organiser.nickName });
    await organiserCard.getByText('Zorganizowane1').waitFor();
    await snap(me, 'events-11-finished');

    // My events: the finished game sits in its group.
    await me.getByRole('link', { name: 'Moje Wydarzenia' }).click();
    await me.getByRole('article', { name: GAME }).waitFor();
    await snap(me, 'events-12-my-events');
    await org.context().close();
    await me.context().close();
  });
});
