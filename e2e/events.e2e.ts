import type { Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { logIn, newPage, signUpAndLogIn, signUpOnPage, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const organiser: Person = {
  nickName: 'kapitan_ola', name: 'Ola', surname: 'Wiśniewska', email: 'ola.kapitan@example.com', password: 'Orlik2024!', birth: '1991-07-02',
};
const player: Person = {
  nickName: 'szybki_tomek', name: 'Tomek', surname: 'Zieliński', email: 'tomek.gracz@example.com', password: 'Bramka2024!', birth: '1999-11-20',
};
const tomorrow = utcToWarsaw(Date.now() + 24 * 3600_000).date;
const GAME = 'Czwartkowa gierka na Orliku';

/** Fills and sends the add-event form for a game in Warsaw (tomorrow evening unless told). */
async function createGame(page: Page, start: { date: string; hour: string } = { date: tomorrow, hour: '18:30' }) {
  await page.getByRole('link', { name: 'Stwórz Wydarzenie' }).click();
  await page.getByRole('heading', { name: 'Stwórz Wydarzenie' }).waitFor();
  await snap(page, 'events-01a-add-form-top');
  await page.getByLabel('Nazwa wydarzenia').fill(GAME);
  await page.getByLabel('Data rozpoczęcia').fill(start.date);
  await page.getByLabel('Godzina rozpoczęcia').fill(start.hour);
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

/** A game posted straight through the API from the signed-in page (setting the scene); answers its id. */
async function postGame(page: Page, eventName: string, start: { date: string; hour: string }) {
  return page.evaluate(
    async ({ eventName, start }) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
      const res = await fetch('/api/v1/football-events', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify({
          eventName, gameType: 'football', startDate: start.date, startHour: start.hour, duration: 90,
          address: { city: 'Warszawa', street: 'Hoża', addressNumber: '5', postalCode: '00-528' },
          fieldType: 'field', playerCount: 4, level: 'beginner', price: 0,
        }),
      });
      if (res.status !== 201) throw new Error(`game not created: ${res.status} ${await res.text()}`);
      return (await res.json()).event._id as string;
    },
    { eventName, start },
  );
}

/** The bell's badge shows exactly this number. */
async function bellShows(page: Page, label: string) {
  await page.getByTestId('bell-badge').filter({ hasText: new RegExp(`^${label}$`) }).waitFor();
}

async function currentStats(page: Page) {
  return page.evaluate(async () => (await (await fetch('/api/v1/user-stats/current')).json()).stats as { gamesPlayed: number; eventsOrganized: number });
}

describe('events in a browser', () => {
  it('creates a game, shows it on the map, lets a player find and join it, and finishes it', async () => {
    const org = await signUpAndLogIn(t.browser, t.server, organiser);
    // Headless chromium has no position to give: the popup offers the manual way and can be declined.
    await org.getByRole('button', { name: 'Nie zgadzam się' }).click();
    // It began five minutes ago (the form allows that much): only a game that has started may be
    // finished and count for the ranking (docs/adr/0077).
    const eventId = await createGame(org, utcToWarsaw(Date.now() - 5 * 60_000));
    await org.getByRole('heading', { name: GAME }).waitFor();
    await snap(org, 'events-02-management');

    // The map: the game's marker, then a cluster once a second game is close by.
    await org.goto(`${t.server.url}/dashboard`);
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
    await org.goto(`${t.server.url}/dashboard/event/edit/${eventId}`);

    // The player finds it by city and distance, waits out the ad and asks to join.
    const me = await signUpAndLogIn(t.browser, t.server, player);
    await me.getByRole('link', { name: 'Znajdź Wydarzenie' }).click();
    await me.getByRole('combobox', { name: 'Miasto' }).fill('Wars');
    await me.getByRole('option', { name: 'Warszawa', exact: true }).click();
    await me.getByLabel('Odległość (km)').fill('5');
    await me.getByRole('button', { name: 'Szukaj' }).click();
    await me.getByText('Województwo: mazowieckie').waitFor();
    await me.getByText('Znaleziono: 2').waitFor();
    await snap(me, 'events-05-find');
    await me.getByRole('link', { name: new RegExp(GAME) }).click();
    await me.waitForURL(`${t.server.url}/dashboard/event/${eventId}`);
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

    // Finishing a started game with an accepted player moves both people's stats.
    await org.getByRole('button', { name: 'Zakończ' }).click();
    await org.getByRole('alertdialog', { name: 'ZAKOŃCZ' }).waitFor();
    await snap(org, 'events-10-confirm');
    await org.getByRole('button', { name: 'TAK' }).click();
    await org.getByText('Wydarzenie zostało zakończone').waitFor();
    await org.waitForURL(`${t.server.url}/dashboard`);
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

describe('organisers hear about requests', () => {
  const host: Person = {
    nickName: 'gospodarz_ewa', name: 'Ewa', surname: 'Kowalczyk', email: 'ewa.gospodarz@example.com', password: 'Siatka2024!', birth: '1988-03-14',
  };
  const guest: Person = {
    nickName: 'gosc_marek', name: 'Marek', surname: 'Nowicki', email: 'marek.gosc@example.com', password: 'Pilka2024!', birth: '1996-09-30',
  };
  const GAME_NAME = 'Poranna gra na Hożej';

  it("raises the organiser's bell on a request to join and on an accepted player leaving", async () => {
    const org = await signUpAndLogIn(t.browser, t.server, host);
    await org.getByRole('button', { name: 'Nie zgadzam się' }).click();
    const id = await postGame(org, GAME_NAME, { date: tomorrow, hour: '10:00' });
    await org.getByRole('link', { name: 'Moje Wydarzenia' }).click();
    const card = org.getByRole('article', { name: GAME_NAME });
    await card.waitFor();
    // Hovering a card marks it read: the pointer stays on the navbar's logo meanwhile.
    await org.mouse.move(10, 10);
    expect(await org.getByTestId('bell-badge').count()).toBe(0);

    const me = await signUpAndLogIn(t.browser, t.server, guest);
    await me.goto(`${t.server.url}/dashboard/event/${id}`);
    await me.getByRole('button', { name: 'Zamknij reklamę' }).click({ timeout: 15_000 });
    await me.getByRole('button', { name: 'Dołącz do gry' }).click();
    await me.getByRole('button', { name: 'Zainteresowany' }).waitFor();

    // The organiser, on My events in the other browser, sees it at once: the bell and 'New' on the card.
    await bellShows(org, '1');
    await card.getByText('New').waitFor();
    await snap(org, 'events-20-organiser-bell-request');
    await org.getByRole('button', { name: /^Powiadomienia, nowe: 1$/ }).click();
    await org.getByRole('link', { name: /Nowe powiadomienia wydarzeń/ }).getByText('1').waitFor();
    await snap(org, 'events-21-organiser-bell-open');
    await org.keyboard.press('Escape');

    // Opening the game, where the requests are, marks the news seen; the organiser accepts.
    await card.getByRole('button', { name: GAME_NAME }).click();
    await org.waitForURL(`${t.server.url}/dashboard/event/edit/${id}`);
    await org.getByTestId('bell-badge').waitFor({ state: 'detached' });
    await org.getByRole('article', { name: guest.nickName }).getByRole('button', { name: 'Dodaj' }).click();
    await org.getByText('Zaakceptowanych: 1').waitFor();
    await org.getByRole('link', { name: 'Moje Wydarzenia' }).click();
    await card.waitFor();
    await org.mouse.move(10, 10);
    expect(await card.getByText('New').count()).toBe(0);

    // The accepted player leaves: the organiser's bell rises again.
    await me.getByRole('button', { name: 'Zaakceptowany' }).waitFor();
    await me.getByRole('button', { name: 'Opuść' }).click();
    await me.getByText('Pomyślnie wycofano z wydarzenia').waitFor();
    await bellShows(org, '1');
    await card.getByText('New').waitFor();
    await snap(org, 'events-22-organiser-bell-leave');
    await org.context().close();
    await me.context().close();
  });
});

describe('the ranking cannot be farmed', () => {
  const farmer: Person = {
    nickName: 'punkciarz_jan', name: 'Jan', surname: 'Punktowy', email: 'jan.punkty@example.com', password: 'Ranking2024!', birth: '1993-05-05',
  };

  it('gives no points for finishing an empty or not-yet-started game', async () => {
    const org = await signUpAndLogIn(t.browser, t.server, farmer);
    await org.getByRole('button', { name: 'Nie zgadzam się' }).click();

    // Tomorrow's game: Zakończ is off, saying why; the server refuses it too.
    const early = await postGame(org, 'Jutrzejsza pusta gra', { date: tomorrow, hour: '18:30' });
    await org.goto(`${t.server.url}/dashboard/event/edit/${early}`);
    const finish = org.getByRole('button', { name: 'Zakończ' });
    await finish.waitFor();
    expect(await finish.isDisabled()).toBe(true);
    await org.getByText('Nie możesz zakończyć wydarzenia przed jego rozpoczęciem. Możesz je usunąć.').waitFor();
    await snap(org, 'events-30-finish-before-start');
    const refused = await org.evaluate(async (id) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]);
      const res = await fetch(`/api/v1/status/events/${id}/finish`, { method: 'PATCH', headers: { 'X-XSRF-TOKEN': xsrf } });
      return { status: res.status, msg: (await res.json()).msg as string };
    }, early);
    expect(refused).toEqual({ status: 409, msg: 'Nie możesz zakończyć wydarzenia przed jego rozpoczęciem. Możesz je usunąć.' });

    // A game that has started but has nobody accepted may end, and says it counts for nothing.
    const empty = await postGame(org, 'Pusta gra, która już trwa', utcToWarsaw(Date.now() - 5 * 60_000));
    await org.goto(`${t.server.url}/dashboard/event/edit/${empty}`);
    await org.getByText('Nikt nie został zaakceptowany: zakończona gra nie doda punktów do rankingu.').waitFor();
    await snap(org, 'events-31-finish-empty');
    await org.getByRole('button', { name: 'Zakończ' }).click();
    await org.getByRole('button', { name: 'TAK' }).click();
    await org.getByText('Wydarzenie zostało zakończone').waitFor();
    await org.waitForURL(`${t.server.url}/dashboard`);
    expect(await currentStats(org)).toMatchObject({ eventsOrganized: 0, gamesPlayed: 0 });
    await org.getByRole('navigation', { name: 'Główna nawigacja' }).getByRole('link', { name: 'Profil' }).click();
    await org.getByText('Punkty').first().waitFor();
    await snap(org, 'events-32-no-points');
    await org.context().close();
  });
});

describe('a saved location belongs to the person', () => {
  const ala: Person = {
    nickName: 'ala_z_gdanska', name: 'Alicja', surname: 'Morska', email: 'ala.morska@example.com', password: 'Molo2024!a', birth: '1997-08-08',
  };
  const bartek: Person = {
    nickName: 'bartek_krk', name: 'Bartłomiej', surname: 'Wawelski', email: 'bartek.krk@example.com', password: 'Smok2024!b', birth: '1990-12-12',
  };

  const signUpHere = (page: Page, who: Person) => signUpOnPage(page, t.server, who);

  async function searchTown(page: Page, typed: string, town: string) {
    const city = page.getByRole('combobox', { name: 'Miasto' });
    await city.fill(typed);
    await page.getByRole('option', { name: town, exact: true }).click();
    await page.getByRole('button', { name: 'Szukaj' }).click();
    await page.getByText(/^(Znaleziono: \d+|Brak wydarzeń w promieniu)/).waitFor();
  }

  const savedCity = (page: Page) =>
    page.evaluate(async () => (await (await fetch('/api/v1/location/decrypt')).json()).City as string | null);

  async function signOut(page: Page) {
    await page.getByRole('button', { name: 'Wyloguj się' }).click();
    await page.waitForURL(`${t.server.url}/`);
  }

  it('keeps two people on one browser to their own towns, and Szukaj saves nothing', async () => {
    const page = await newPage(t.browser, t.server.url);
    await signUpHere(page, ala);
    await page.getByRole('region', { name: 'Gdzie chcesz grać?' }).waitFor();
    await page.getByRole('button', { name: 'Ustaw ręcznie' }).click();
    await page.waitForURL(`${t.server.url}/dashboard/find-event`);
    await searchTown(page, 'Gdań', 'Gdańsk');
    expect(await savedCity(page)).toBeNull();
    await page.getByRole('button', { name: 'Zapisz jako moją lokalizację' }).click();
    await page.getByText('Zapisano Twoją lokalizację: Gdańsk').waitFor();
    await page.getByText('To Twoja zapisana lokalizacja.').waitFor();
    await snap(page, 'location-01-saved');
    // Looking for games elsewhere does not move her town.
    await searchTown(page, 'Wars', 'Warszawa');
    await page.getByRole('button', { name: 'Zapisz jako moją lokalizację' }).waitFor();
    await snap(page, 'location-02-searched-elsewhere');
    expect(await savedCity(page)).toBe('Gdańsk');
    await signOut(page);

    // Bartek on the same browser starts without a town: the popup asks him, the search box is empty.
    await signUpHere(page, bartek);
    await page.getByRole('region', { name: 'Gdzie chcesz grać?' }).waitFor();
    expect(await savedCity(page)).toBeNull();
    await snap(page, 'location-03-next-person');
    await page.getByRole('button', { name: 'Ustaw ręcznie' }).click();
    await page.waitForURL(`${t.server.url}/dashboard/find-event`);
    expect(await page.getByRole('combobox', { name: 'Miasto' }).inputValue()).toBe('');
    await searchTown(page, 'Krak', 'Kraków');
    await page.getByRole('button', { name: 'Zapisz jako moją lokalizację' }).click();
    await page.getByText('Zapisano Twoją lokalizację: Kraków').waitFor();
    await signOut(page);

    // Ala again, on the same browser: her own town, no question asked.
    await page.goto(`${t.server.url}/login`);
    await logIn(page, ala.email, ala.password);
    await page.waitForURL(`${t.server.url}/dashboard`);
    expect(await savedCity(page)).toBe('Gdańsk');
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Gdzie chcesz grać?' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Znajdź Wydarzenie' }).click();
    expect(await page.getByRole('combobox', { name: 'Miasto' }).inputValue()).toBe('Gdańsk');
    await snap(page, 'location-04-own-town-again');
    await page.context().close();
  });
});
