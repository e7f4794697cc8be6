import type { Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { apiCall, declineLocation, newPage, signUpOnPage, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const tomorrow = utcToWarsaw(Date.now() + 24 * 3600_000).date;
const GAME = 'Wtorkowa seria na Orliku';
const person = (nickName: string, name: string, email: string): Person => ({
  nickName, name, surname: 'Seryjny', email, password: 'Seria2024!', birth: '1992-05-14',
});

interface Game {
  _id: string;
  eventName: string;
  startDate: string;
  seriesId?: string | null;
  eventStatus: string;
}

async function signIn(who: Person) {
  const page = await newPage(t.browser, t.server.url);
  await signUpOnPage(page, t.server, who);
  await declineLocation(page);
  return page;
}

/** The organiser's games of the series, in date order. */
async function seriesGames(page: Page, seriesId: string): Promise<Game[]> {
  const { json } = await apiCall<{ ownedEvents: Game[] }>(page, 'GET', '/status/my-events');
  return json.ownedEvents.filter((e) => e.seriesId === seriesId).sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/** The add-event form with "Powtarzaj co tydzień": tomorrow at 19:00 in Warsaw, then every week. */
async function createWeeklyGame(page: Page) {
  await page.getByRole('link', { name: 'Stwórz Wydarzenie' }).click();
  await page.getByRole('heading', { name: 'Stwórz Wydarzenie' }).waitFor();
  await page.getByLabel('Nazwa wydarzenia').fill(GAME);
  await page.getByLabel('Data rozpoczęcia').fill(tomorrow);
  await page.getByLabel('Godzina rozpoczęcia').fill('19:00');
  await page.getByRole('combobox', { name: 'Miasto' }).fill('Warsz');
  await page.getByRole('option', { name: 'Warszawa', exact: true }).click();
  await page.getByLabel('Ulica').fill('Marszałkowska');
  await page.getByLabel('Numer', { exact: true }).fill('10');
  await page.getByLabel('Kod pocztowy').fill('00-001');
  await page.getByLabel('Liczba szukanych graczy').fill('6');
  const weekly = page.getByRole('checkbox', { name: 'Powtarzaj co tydzień' });
  await weekly.check();
  await weekly.scrollIntoViewIfNeeded();
  await snap(page, 'series-01-form-weekly');
  await page.getByRole('button', { name: 'Stwórz wydarzenie' }).click();
  await page.getByText('Wydarzenie zostało dodane pomyślnie!').waitFor();
  await page.waitForURL(/\/dashboard\/event\/edit\/[0-9a-f-]+$/);
  return page.url().split('/').pop()!;
}

describe('a weekly series', () => {
  it('makes the next weeks with the regular already in them; cancelling one date leaves the others', async () => {
    const org = await signIn(person('seria_org', 'Sylwia', 'sylwia.seria@example.com'));
    const player = await signIn(person('seria_gracz', 'Grzegorz', 'grzegorz.seria@example.com'));

    // The organiser creates the first game; the next weeks exist at once.
    const firstId = await createWeeklyGame(org);
    const first = (await apiCall<{ event: Game }>(org, 'GET', `/football-events/${firstId}`)).json.event;
    expect(first.seriesId).toEqual(expect.any(String));
    const games = await seriesGames(org, first.seriesId!);
    expect(games.length).toBe(4);
    expect(games[0]._id).toBe(firstId);

    // The player asks to join the first game and is accepted.
    await player.goto(`${t.server.url}/dashboard/event/${firstId}`);
    await player.getByRole('button', { name: 'Zamknij reklamę' }).click({ timeout: 15_000 });
    await player.getByRole('button', { name: 'Dołącz do gry' }).click();
    await org.getByRole('region', { name: /Zainteresowani/ }).getByRole('article', { name: 'seria_gracz' }).waitFor();
    await org.getByRole('article', { name: 'seria_gracz' }).getByRole('button', { name: 'Dodaj' }).click();
    await org.getByText('Zaakceptowanych: 1').waitFor();

    // The organiser marks them "Stały gracz": they are in every following game, accepted.
    const toggle = org.getByRole('region', { name: /Zaakceptowani/ }).getByRole('button', { name: 'Stały gracz' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await org.locator('button.regular-toggle[aria-pressed="true"]').waitFor();
    await snap(org, 'series-02-manage-regular');
    const { json: mine } = await apiCall<{ userEvents: Array<{ status: string; eventID: Game }> }>(player, 'GET', '/status/my-events');
    const theirs = mine.userEvents.filter((r) => r.eventID.seriesId === first.seriesId);
    expect(theirs.map((r) => r.status)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);

    // My events shows the weekly games with their marker.
    await player.goto(`${t.server.url}/dashboard/my-events`);
    await player.getByRole('heading', { level: 1, name: 'Moje Wydarzenia' }).waitFor();
    const cards = player.getByRole('article', { name: GAME });
    await cards.nth(3).waitFor();
    expect(await cards.count()).toBe(4);
    expect(await player.getByText('Co tydzień').count()).toBe(4);
    await snap(player, 'series-03-my-events');
    // 'Cykliczne' off hides the series' games.
    await player.getByRole('button', { name: 'Cykliczne' }).click();
    await cards.first().waitFor({ state: 'detached' });

    // The player's page of the next game says they are a regular.
    await player.goto(`${t.server.url}/dashboard/event/${games[1]._id}`);
    await player.getByRole('button', { name: 'Zamknij reklamę' }).click({ timeout: 15_000 });
    await player.getByRole('button', { name: 'Opuść serię' }).waitFor();
    await snap(player, 'series-04-regular-on-game-page');

    // The organiser cancels only the second date.
    await org.goto(`${t.server.url}/dashboard/event/edit/${games[1]._id}`);
    await org.getByRole('button', { name: 'Usuń' }).click();
    await org.getByRole('group', { name: 'Które wydarzenia usunąć?' }).waitFor();
    await snap(org, 'series-05-cancel-scope');
    await org.getByRole('button', { name: 'Tylko to wydarzenie' }).click();
    await org.getByRole('button', { name: 'TAK' }).click();
    await org.getByText('Wydarzenie zostało usunięte').waitFor();
    const after = await seriesGames(org, first.seriesId!);
    expect(after.map((g) => g.eventStatus)).toEqual(['upcoming', 'cancelled', 'upcoming', 'upcoming']);

    await org.goto(`${t.server.url}/dashboard/my-events`);
    await org.getByRole('heading', { level: 1, name: 'Moje Wydarzenia' }).waitFor();
    await org.getByRole('article', { name: GAME }).nth(3).waitFor();
    await snap(org, 'series-06-organiser-my-events');
    for (const p of [org, player]) await p.context().close();
  }, 240_000);
});
