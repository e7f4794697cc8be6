import type { Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { apiCall, logIn, signUpAndLogIn, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const organiser: Person = {
  nickName: 'ola_gospodyni', name: 'Ola', surname: 'Kowalczyk', email: 'ola.gosp@example.com', password: 'Orlik2024!', birth: '1990-04-12',
};
const player: Person = {
  nickName: 'bartek_gracz', name: 'Bartek', surname: 'Mazur', email: 'bartek.mazur@example.com', password: 'Bramka2024!', birth: '1998-09-03',
};
const sleeper: Person = {
  nickName: 'ewa_wraca', name: 'Ewa', surname: 'Lis', email: 'ewa.lis@example.com', password: 'Powrot2024!', birth: '1994-01-21',
};
const GAME = 'Środowy mecz przy Hali';


/** A game that started ten minutes ago (within the server's grace for "now"), so that it counts when it ends. */
function gameBody(price: number) {
  const { date, hour } = utcToWarsaw(Date.now() - 10 * 60_000);
  return {
    eventName: GAME, gameType: 'football', startDate: date, startHour: hour, duration: 120,
    address: { city: 'Warszawa', street: 'Marszałkowska', addressNumber: '10', postalCode: '00-001' },
    fieldType: 'hall', playerCount: 3, level: 'beginner', price, paymentMethod: 'Na miejscu',
    eventDescription: 'Gramy 4 na 4, halówki obowiązkowe.', phoneNumber: '600100200', isPrivate: false, isRecurring: false,
  };
}

const declineLocation = async (page: Page) => {
  const no = page.getByRole('button', { name: 'Nie zgadzam się' });
  await no.click({ timeout: 5000 }).catch(() => undefined);
};

describe('what a person sees stays current without a reload', () => {
  it("shows another person's new game on the map, the new price on My events and the game page, and new points in Ranking", async () => {
    const a = await signUpAndLogIn(t.browser, t.server, organiser);
    const b = await signUpAndLogIn(t.browser, t.server, player);
    await declineLocation(b);
    await b.getByRole('button', { name: 'Pokaż mapę' }).click();
    await b.getByRole('button', { name: 'Pokaż panel' }).waitFor();

    // A creates a game: it appears on B's map, with no reload in B's tab.
    const created = await apiCall(a, 'POST', '/football-events', gameBody(15));
    expect(created.status).toBe(201);
    const id = created.json.event._id as string;
    await b.getByRole('button', { name: `Piłka nożna: ${GAME}` }).waitFor({ timeout: 15_000 });
    await snap(b, 'freshness-01-new-game-on-map');

    // B joins, A accepts (the game then counts for the ranking: started, one accepted player).
    expect((await apiCall(b, 'POST', `/status/events/${id}/join`, {})).status).toBe(201);
    expect((await apiCall(a, 'PATCH', `/status/events/${id}/users/${(await apiCall(b, 'GET', '/users/current-user')).json.user._id}/status`, { status: 'accepted' })).status).toBe(200);

    // B looks at the game once (the ad shows the first time), then goes to My events.
    await b.getByRole('button', { name: 'Pokaż panel' }).click();
    await b.getByRole('link', { name: 'Moje Wydarzenia' }).click();
    const card = b.getByRole('article', { name: GAME });
    await card.getByText('15 zł').waitFor();
    await card.getByRole('button', { name: GAME }).click();
    await b.getByText('Prośba w trakcie wysyłania...').waitFor();
    await b.getByRole('button', { name: 'Zamknij reklamę' }).click({ timeout: 15_000 });
    await b.getByRole('heading', { level: 1, name: GAME }).waitFor();
    await b.getByRole('link', { name: 'Moje Wydarzenia' }).click();
    await card.getByText('15 zł').waitFor();

    // A changes the price: B's card shows it while B looks at it, and the game page on in-app navigation.
    expect((await apiCall(a, 'PATCH', `/football-events/${id}`, gameBody(25))).status).toBe(200);
    await card.getByText('25 zł').waitFor();
    await snap(b, 'freshness-02-my-events-new-price');
    await card.getByRole('button', { name: GAME }).click();
    await b.getByRole('heading', { level: 1, name: GAME }).waitFor();
    // Not the ad again today for this game.
    expect(await b.getByRole('dialog', { name: 'Graj Razem Premium' }).count()).toBe(0);
    await b.getByText('25 zł').first().waitFor();
    await snap(b, 'freshness-03-game-page-new-price');

    // B watches the ranking; A finishes the game: B's points grow by one game played (+10), no reload.
    await b.getByRole('link', { name: 'Ranking' }).click();
    const row = b.getByRole('row', { name: new RegExp(player.nickName) });
    const pointsBefore = Number(await row.locator('.ranking-points').textContent());
    expect((await apiCall(a, 'PATCH', `/status/events/${id}/finish`, {})).status).toBe(200);
    await row.locator('.ranking-points', { hasText: String(pointsBefore + 10) }).waitFor({ timeout: 15_000 });
    await snap(b, 'freshness-04-ranking-after-finish');
    await a.context().close();
    await b.context().close();
  }, 120_000);

  it('takes a person whose session ended elsewhere to /login with the notice, and back to the same page after logging in', async () => {
    const page = await signUpAndLogIn(t.browser, t.server, sleeper);
    await declineLocation(page);
    await page.getByRole('link', { name: 'Ranking' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ranking' }).waitFor();

    // The same session logged out from another window (another context holding the same cookies).
    const other = await t.browser.newContext();
    await other.addCookies(await page.context().cookies());
    const otherPage = await other.newPage();
    await otherPage.goto(`${t.server.url}/`);
    expect((await apiCall(otherPage, 'POST', '/auth/logout', {})).status).toBe(200);
    await other.close();

    // The server tells the page's socket that its session ended: the app signs out at once and says so.
    await page.waitForURL(/\/login\?reason=session-ended&next=%2Fdashboard%2Franking$/, { timeout: 15_000 });
    await page.getByText('Twoja sesja wygasła. Zaloguj się ponownie.').waitFor();
    await snap(page, 'freshness-05-session-ended');
    await logIn(page, sleeper.email, sleeper.password);
    await page.waitForURL(`${t.server.url}/dashboard/ranking`);
    await page.getByRole('heading', { level: 1, name: 'Ranking' }).waitFor();
    await page.context().close();
  }, 90_000);
});
