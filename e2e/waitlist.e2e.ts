import type { Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { apiCall, signUpAndLogIn, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

// Three people sign up through the pages in each test: generous on a busy machine.
const tomorrow = utcToWarsaw(Date.now() + 24 * 3600_000).date;
const person = (nickName: string, name: string, email: string): Person => ({
  nickName, name, surname: 'Testowy', email, password: 'Rezerwa2024!', birth: '1994-02-11',
});

/** A one-place game in Warsaw tomorrow, posted through the API (the form is shown in the first test). */
async function postOnePlaceGame(page: Page, eventName: string, waitlistMode: 'auto' | 'approval') {
  const res = await apiCall<{ event: { _id: string } }>(page, 'POST', '/football-events', {
    eventName, gameType: 'football', startDate: tomorrow, startHour: '20:00', duration: 90,
    address: { city: 'Warszawa', street: 'Hoża', addressNumber: '5', postalCode: '00-528' },
    fieldType: 'field', playerCount: 1, level: 'beginner', price: 0, waitlistMode,
  });
  expect(res.status).toBe(201);
  return res.json.event._id;
}

/** Opens the game page past the ad. */
async function openGame(page: Page, id: string) {
  await page.goto(`${t.server.url}/dashboard/event/${id}`);
  await page.getByRole('button', { name: 'Zamknij reklamę' }).click({ timeout: 15_000 });
}

async function signIn(who: Person) {
  const page = await signUpAndLogIn(t.browser, t.server, who);
  await page.getByRole('button', { name: 'Nie zgadzam się' }).click();
  return page;
}

describe('the waitlist of a full game', () => {
  it("'automatycznie': the first on the waitlist takes the place as soon as someone leaves", async () => {
    const org = await signIn(person('rezerwa_org', 'Olga', 'olga.rezerwa@example.com'));
    const first = await signIn(person('rezerwa_adam', 'Adam', 'adam.rezerwa@example.com'));
    const waiting = await signIn(person('rezerwa_basia', 'Basia', 'basia.rezerwa@example.com'));

    // The organiser picks the mode on the form (edit of a game with one place).
    const id = await postOnePlaceGame(org, 'Pełny mecz na Hożej', 'approval');
    await org.goto(`${t.server.url}/dashboard/event/edit/${id}`);
    await org.getByRole('button', { name: 'Edytuj' }).click();
    const mode = org.getByLabel('Gdy zwolni się miejsce, pierwszy z listy rezerwowej dołącza');
    expect(await mode.inputValue()).toBe('approval');
    await mode.selectOption({ label: 'automatycznie' });
    await snap(org, 'waitlist-01-form-mode');
    await org.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await org.getByText('Wydarzenie zostało zaktualizowane!').waitFor();

    // Adam asks and is accepted: the game is full.
    await openGame(first, id);
    await first.getByRole('button', { name: 'Dołącz do gry' }).click();
    await org.getByRole('article', { name: 'rezerwa_adam' }).getByRole('button', { name: 'Dodaj' }).click();
    await org.getByText('Zaakceptowanych: 1').waitFor();
    await first.getByRole('button', { name: 'Zaakceptowany' }).waitFor();

    // Basia asks: she is on the waitlist, first, and the organiser sees her under the participants.
    await openGame(waiting, id);
    await waiting.getByRole('button', { name: 'Dołącz do gry' }).click();
    await waiting.locator('#status-button-hint', { hasText: 'Jesteś 1. na liście rezerwowej' }).waitFor();
    await waiting.getByRole('button', { name: 'Lista rezerwowa' }).waitFor();
    await snap(waiting, 'waitlist-02-player-position');
    await org.getByText('Na liście rezerwowej: 1').waitFor();
    const queued = org.getByRole('region', { name: /Lista rezerwowa/ }).getByRole('article', { name: 'rezerwa_basia' });
    await queued.waitFor();
    expect(await queued.getByRole('button', { name: 'Dodaj' }).isDisabled()).toBe(true);
    await snap(org, 'waitlist-03-organiser-list');

    // Adam leaves: Basia is in at once, without anyone reloading.
    await first.getByRole('button', { name: 'Opuść' }).click();
    await first.getByText('Pomyślnie wycofano z wydarzenia').waitFor();
    await waiting.getByRole('button', { name: 'Zaakceptowany' }).waitFor();
    await org.getByText('Na liście rezerwowej: 0').waitFor();
    await org.getByRole('region', { name: /Zaakceptowani/ }).getByRole('article', { name: 'rezerwa_basia' }).waitFor();
    await snap(waiting, 'waitlist-04-promoted');
    await snap(org, 'waitlist-05-organiser-after');
    for (const p of [org, first, waiting]) await p.context().close();
  }, 240_000);

  it("'za moją zgodą': the freed place waits for the organiser to accept the first in line", async () => {
    const org = await signIn(person('zgoda_org', 'Zofia', 'zofia.zgoda@example.com'));
    const first = await signIn(person('zgoda_piotr', 'Piotr', 'piotr.zgoda@example.com'));
    const waiting = await signIn(person('zgoda_ula', 'Ula', 'ula.zgoda@example.com'));
    const id = await postOnePlaceGame(org, 'Mecz za zgodą', 'approval');
    expect((await apiCall(first, 'POST', `/status/events/${id}/join`)).status).toBe(201);
    const meId = (await apiCall<{ user: { _id: string } }>(first, 'GET', '/users/current-user')).json.user._id;
    expect((await apiCall(org, 'PATCH', `/status/events/${id}/users/${meId}/status`, { status: 'accepted' })).status).toBe(200);

    await openGame(waiting, id);
    await waiting.getByRole('button', { name: 'Dołącz do gry' }).click();
    await waiting.locator('#status-button-hint', { hasText: 'Jesteś 1. na liście rezerwowej' }).waitFor();
    await org.goto(`${t.server.url}/dashboard/event/edit/${id}`);
    await org.getByText('Na liście rezerwowej: 1').waitFor();

    // Piotr leaves: Ula becomes a request, not a player, until the organiser says yes.
    expect((await apiCall(first, 'DELETE', `/status/events/${id}/leave`)).status).toBe(200);
    await waiting.getByRole('button', { name: 'Zainteresowany' }).waitFor();
    const request = org.getByRole('region', { name: /Zainteresowani/ }).getByRole('article', { name: 'zgoda_ula' });
    await request.waitFor();
    await org.getByText('Zaakceptowanych: 0').waitFor();
    await snap(org, 'waitlist-06-approval-request');
    await request.getByRole('button', { name: 'Dodaj' }).click();
    await waiting.getByRole('button', { name: 'Zaakceptowany' }).waitFor();
    await org.getByText('Zaakceptowanych: 1').waitFor();
    await snap(waiting, 'waitlist-07-approval-accepted');
    for (const p of [org, first, waiting]) await p.context().close();
  }, 240_000);
});
