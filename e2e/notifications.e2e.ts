import type { Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { apiCall, signUpAndLogIn, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

// docs/adr/0085 and 0086: new games near a player reach their bell at once; the full list marks read.
const t = serverAndBrowser();

const organiser: Person = {
  nickName: 'kapitan_zosia', name: 'Zosia', surname: 'Nowak', email: 'zosia.kapitan@example.com', password: 'Orlik2024!', birth: '1990-03-14',
};
const player: Person = {
  nickName: 'bramkarz_adam', name: 'Adam', surname: 'Lis', email: 'adam.bramkarz@example.com', password: 'Bramka2024!', birth: '1997-09-01',
};
const inTwoDays = utcToWarsaw(Date.now() + 48 * 3600_000).date;

async function postGame(page: Page, eventName: string, gameType: string) {
  const res = await apiCall(page, 'POST', '/football-events', {
    eventName, gameType, startDate: inTwoDays, startHour: '19:00', duration: 90,
    address: { city: 'Warszawa', street: 'Hoża', addressNumber: '5', postalCode: '00-528' },
    fieldType: 'field', playerCount: 4, level: 'beginner', price: 0,
  });
  expect(res.status).toBe(201);
}

it('a new game nearby rings the bell; the dropdown shows it and the list marks one read, then all', async () => {
  const me = await signUpAndLogIn(t.browser, t.server, player);
  // About 6 km north of the centre of Warsaw, looking for football and volleyball within 10 km.
  expect((await apiCall(me, 'POST', '/location/set-location', { latitude: 52.285, longitude: 21.0122, City: 'Warszawa' })).status).toBe(200);
  await me.goto(`${t.server.url}/dashboard/settings-event`);
  const radius = me.getByRole('combobox', { name: 'Promień od zapisanej lokalizacji' });
  await radius.selectOption('10');
  await me.getByText('Ustawienia powiadomień zostały zapisane').first().waitFor();
  await me.getByRole('checkbox', { name: 'Piłka nożna' }).check();
  await me.getByRole('checkbox', { name: 'Siatkówka' }).check();
  await me.getByRole('heading', { name: 'Nowe wydarzenia w okolicy' }).scrollIntoViewIfNeeded();
  await snap(me, 'notifications-01-settings');
  await me.goto(`${t.server.url}/dashboard`);
  await me.getByRole('button', { name: 'Powiadomienia' }).waitFor();

  const org = await signUpAndLogIn(t.browser, t.server, organiser);
  await postGame(org, 'Środowa piłka na Hożej', 'football');
  await postGame(org, 'Siatkówka po pracy', 'volleyball');
  await postGame(org, 'Koszykówka pod blokiem', 'basketball'); // not a type the player chose

  // Without a reload: the socket tells the page, the bell counts both games.
  await me.getByRole('button', { name: 'Powiadomienia, nowe: 2' }).waitFor();
  await me.getByRole('button', { name: 'Powiadomienia, nowe: 2' }).click();
  await me.getByRole('link', { name: /Nowa gra w Twojej okolicy.*/ }).first().waitFor();
  expect(await me.getByRole('link', { name: /Nowa gra w Twojej okolicy/ }).count()).toBe(2);
  await snap(me, 'notifications-02-bell-dropdown');

  await me.getByRole('link', { name: /Zobacz wszystkie powiadomienia/ }).click();
  await me.waitForURL(`${t.server.url}/dashboard/notifications`);
  const list = me.getByRole('list', { name: 'Lista powiadomień' });
  await list.waitFor();
  expect(await list.getByText(/Siatkówka: „Siatkówka po pracy”/).count()).toBe(1);
  expect(await list.getByText(/Piłka nożna: „Środowa piłka na Hożej”/).count()).toBe(1);
  expect(await list.getByText(/Koszykówka/).count()).toBe(0);
  await snap(me, 'notifications-03-list-unread');

  const markButtons = me.getByRole('button', { name: /^Oznacz jako przeczytane:/ });
  expect(await markButtons.count()).toBe(2);
  await markButtons.first().click();
  await me.waitForFunction(() => document.querySelectorAll('button[aria-label^="Oznacz jako przeczytane:"]').length === 1);
  await me.getByRole('button', { name: 'Powiadomienia, nowe: 1' }).waitFor();

  await me.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }).click();
  await me.getByText('Wszystkie powiadomienia oznaczono jako przeczytane').waitFor();
  await me.waitForFunction(() => document.querySelectorAll('button[aria-label^="Oznacz jako przeczytane:"]').length === 0);
  await me.getByRole('button', { name: 'Powiadomienia', exact: true }).waitFor();
  await snap(me, 'notifications-04-list-read');
  await me.getByRole('checkbox', { name: 'Tylko nieprzeczytane' }).check();
  await me.getByText('Nie masz nieprzeczytanych powiadomień.').waitFor();
}, 120_000);
