import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { ageInYears } from '../contract/time';
import { declineLocation, signUpAndLogIn, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const ola: Person = { nickName: 'ola_bramkarz', name: 'Ola', surname: 'Wiśniewska', email: 'ola.w@example.com', password: 'Bramka2024!', birth: '1994-07-02' };
const bartek: Person = { nickName: 'bartek10', name: 'Bartek', surname: 'Zieliński', email: 'bartek.z@example.com', password: 'Napad2024!', birth: '1992-11-20' };

/** The location popup covers part of the dashboard until it is answered. */

async function openPanel(page: Page, path: string) {
  await page.goto(`${t.server.url}${path}`);
  await declineLocation(page);
}

/** A photo-like picture, wider than tall, so the square crop really crops. */
function picture() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="420">
    <rect width="640" height="420" fill="#0f3d2e"/><circle cx="320" cy="210" r="150" fill="#f5d90a"/>
    <circle cx="270" cy="180" r="20" fill="#0f3d2e"/><circle cx="370" cy="180" r="20" fill="#0f3d2e"/>
    <path d="M240 260 Q320 330 400 260" stroke="#0f3d2e" stroke-width="16" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('profiles, ranking, likes, reports and settings in a browser', () => {
  let olaPage: Page;
  let bartekId: string;

  beforeAll(async () => {
    const bartekPage = await signUpAndLogIn(t.browser, t.server, bartek);
    bartekId = await bartekPage.evaluate(async () => ((await (await fetch('/api/v1/users/current-user')).json()) as { user: { _id: string } }).user._id);
    await bartekPage.context().close();
    olaPage = await signUpAndLogIn(t.browser, t.server, ola);
    await declineLocation(olaPage);
  }, 120_000);

  it('crops and uploads an avatar that then shows in the navbar and the ranking', async () => {
    const page = olaPage;
    await openPanel(page, '/dashboard/profile');
    await page.getByRole('heading', { name: ola.nickName }).waitFor();
    await page.getByLabel('Zmień avatar').setInputFiles({ name: 'ja.png', mimeType: 'image/png', buffer: await picture() });
    const dialog = page.getByRole('dialog', { name: 'Przytnij avatar' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Zapisz avatar' }).waitFor({ state: 'visible' });
    await page.waitForFunction(() => !document.querySelector('.avatar-dialog button.btn-primary')?.hasAttribute('disabled'));
    await snap(page, 'profile-01-crop');
    await dialog.getByRole('button', { name: 'Zapisz avatar' }).click();
    await page.getByText('Avatar zapisany!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const navbarAvatar = page.getByRole('banner').locator('img.navbar-avatar');
    await navbarAvatar.waitFor();
    expect(await navbarAvatar.getAttribute('src')).toMatch(/\/api\/v1\/users\/[0-9a-f-]+\/avatar\?v=1$/);
    const size = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, (await navbarAvatar.getAttribute('src'))!);
    expect(size).toEqual([200, 200]);
    await snap(page, 'profile-02-avatar-saved');

    await page.getByRole('link', { name: 'Ranking' }).first().click();
    const olaRow = page.getByRole('row').filter({ hasText: ola.nickName });
    await olaRow.waitFor();
    expect(await olaRow.locator('img').getAttribute('src')).toMatch(/avatar\?v=1$/);

    // A visitor (no session) does not get the picture (docs/adr/0078).
    const visitor = await t.browser.newContext();
    const answer = await visitor.request.get(`${t.server.url}${(await navbarAvatar.getAttribute('src'))!}`);
    expect(answer.status()).toBe(401);
    await visitor.close();
  });

  it("likes a player and sees the ranking change, then reports the player", async () => {
    const page = olaPage;
    await openPanel(page, '/dashboard/ranking');
    await page.getByRole('table').waitFor();
    await page.getByRole('button', { name: 'Polubienia' }).click();
    const firstRow = () => page.getByRole('row').nth(1);
    await page.waitForFunction(() => document.querySelector('.ranking-sort[aria-pressed="true"]')?.textContent?.startsWith('Polubienia'));
    // No likes yet: a tie, broken by nick (bartek10 before ola_bramkarz).
    expect(await firstRow().textContent()).toContain(bartek.nickName);
    const likesOf = (nick: string) => page.getByRole('row').filter({ hasText: nick }).locator('td').nth(4).textContent();
    expect(await likesOf(bartek.nickName)).toBe('0');

    await page.getByRole('link', { name: bartek.nickName }).click();
    await page.waitForURL(`${t.server.url}/dashboard/profile-users/${bartekId}`);
    await page.getByRole('heading', { name: 'Profil Gracza' }).waitFor();
    // Another player's age in years, never their birth date (docs/adr/0078).
    const age = ageInYears(bartek.birth)!;
    await page.getByText(`${age} ${age % 10 >= 2 && age % 10 <= 4 && (age % 100 < 12 || age % 100 > 14) ? 'lata' : 'lat'}`, { exact: true }).waitFor();
    const [y, m, d] = bartek.birth.split('-');
    expect(await page.content()).not.toMatch(new RegExp(`${bartek.birth}|${d}\\.${m}\\.${y}`));
    await snap(page, 'profile-02b-player-age');
    await page.getByRole('button', { name: 'Poleć użytkownika' }).click();
    await page.getByText('Polubiono użytkownika').waitFor();
    await page.getByRole('button', { name: 'Usuń polubienie' }).waitFor();
    await snap(page, 'profile-03-liked');

    await page.getByRole('link', { name: 'Ranking' }).first().click();
    await page.getByRole('table').waitFor();
    await page.waitForFunction((nick) => {
      const row = [...document.querySelectorAll('tbody tr')].find((r) => r.textContent?.includes(nick));
      return row?.querySelectorAll('td')[4]?.textContent === '1';
    }, bartek.nickName);
    // Three points for a like: Bartek now leads the default (points) order.
    expect(await firstRow().textContent()).toContain(bartek.nickName);
    expect(await page.getByRole('row').filter({ hasText: bartek.nickName }).locator('td').nth(5).textContent()).toBe('3');
    await snap(page, 'profile-04-ranking');

    await page.goto(`${t.server.url}/dashboard/profile-users/${bartekId}`);
    await page.getByRole('button', { name: 'Zgłoś użytkownika' }).click();
    await page.getByRole('heading', { name: 'Zgłoszenie użytkownika' }).waitFor();
    await page.getByLabel('Opis zgłoszenia').fill('Obraża innych graczy na czacie po meczu.');
    await page.getByText('40/500').waitFor();
    await snap(page, 'profile-05-report');
    await page.getByRole('button', { name: 'Wyślij zgłoszenie' }).click();
    await page.getByText('Raport został wysłany pomyślnie').waitFor();
    await page.waitForURL(`${t.server.url}/dashboard`);
  });

  it('switches the map theme in the settings', async () => {
    const page = olaPage;
    await openPanel(page, '/dashboard/settings-event');
    await page.getByRole('heading', { name: 'Ustawienia' }).waitFor();
    await page.getByRole('radio', { name: 'Jasny' }).check();
    await page.getByText('Motyw mapy zmieniono na jasny').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('mapTheme'))).toBe('light');
    await snap(page, 'profile-06-settings');
    await page.reload();
    await page.getByRole('heading', { name: 'Ustawienia' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Jasny' }).isChecked()).toBe(true);
  });
});
