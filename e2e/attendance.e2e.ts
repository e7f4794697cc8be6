import type { Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { apiCall, signUpAndLogIn, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const host: Person = { nickName: 'obecnosc_org', name: 'Irena', surname: 'Lista', email: 'irena.lista@example.com', password: 'Obecny2024!', birth: '1990-01-15' };
const guest: Person = { nickName: 'obecnosc_kuba', name: 'Kuba', surname: 'Gracz', email: 'kuba.gracz@example.com', password: 'Obecny2024!', birth: '1997-06-03' };

/** A game that began five minutes ago, the player accepted, completed by the organiser: one played game. */
async function playedGame(org: Page, player: Page, playerId: string, n: number) {
  const start = utcToWarsaw(Date.now() - 5 * 60_000);
  const created = await apiCall<{ event: { _id: string } }>(org, 'POST', '/football-events', {
    eventName: `Gra numer ${n}`, gameType: 'football', startDate: start.date, startHour: start.hour, duration: 90,
    address: { city: 'Warszawa', street: 'Hoża', addressNumber: '5', postalCode: '00-528' },
    fieldType: 'field', playerCount: 4, level: 'beginner', price: 0,
  });
  const id = created.json.event._id;
  expect((await apiCall(player, 'POST', `/status/events/${id}/join`)).status).toBe(201);
  expect((await apiCall(org, 'PATCH', `/status/events/${id}/users/${playerId}/status`, { status: 'accepted' })).status).toBe(200);
  expect((await apiCall(org, 'PATCH', `/status/events/${id}/finish`)).status).toBe(200);
  return id;
}

describe('attendance', () => {
  it('the organiser marks a no-show and the player’s profile figure and stats change', async () => {
    const org = await signUpAndLogIn(t.browser, t.server, host);
    await org.getByRole('button', { name: 'Nie zgadzam się' }).click();
    const me = await signUpAndLogIn(t.browser, t.server, guest);
    await me.getByRole('button', { name: 'Nie zgadzam się' }).click();
    const myId = (await apiCall<{ user: { _id: string } }>(me, 'GET', '/users/current-user')).json.user._id;
    const games: string[] = [];
    for (let n = 1; n <= 5; n++) games.push(await playedGame(org, me, myId, n));

    await me.goto(`${t.server.url}/dashboard/profile`);
    await me.getByText('Frekwencja 100% z 5 gier').waitFor();

    await org.goto(`${t.server.url}/dashboard/event/edit/${games[0]}`);
    const list = org.getByRole('region', { name: 'Obecność' });
    const toggle = list.getByRole('group', { name: `Obecność: ${guest.nickName}` });
    expect(await toggle.getByRole('button', { name: 'obecny', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await toggle.getByRole('button', { name: 'nieobecny' }).click();
    await toggle.getByRole('button', { name: 'nieobecny', pressed: true }).waitFor();
    await list.getByText('Frekwencja 80% z 5 gier').waitFor();
    await snap(org, 'attendance-01-check-in');

    // The player's profile follows without a reload.
    await me.getByText('Frekwencja 80% z 5 gier').waitFor();
    await me.locator('.profile-stat', { hasText: 'Gry rozegrane' }).getByText('4', { exact: true }).waitFor();
    await snap(me, 'attendance-02-profile');
    await org.context().close();
    await me.context().close();
  }, 240_000);
});
