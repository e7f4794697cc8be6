import type { Browser, Locator, Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { lastMail } from '../server/test/outbox';
import { apiCall, signUpAndLogIn, signUpOnPage, type Person } from './flows';
import { launchBrowser, snap, startServer, type RunningServer } from './harness';

// Issue 18: the core journey with the keyboard alone, a visible focus at every stop; dialogs trap
// and return the focus, Escape closes menus and dialogs. And Polish dates in an English browser.

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  // An English browser: native date and time fields would show 11/23/2026 and 06:08 PM.
  browser = await launchBrowser(['--lang=en-US']);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const organiser: Person = {
  nickName: 'gospodarz_klawiatura', name: 'Zofia', surname: 'Tabulska', email: 'zofia.tab@example.com', password: 'Enter2024!z', birth: '1987-01-21',
};
const player: Person = {
  nickName: 'gracz_bez_myszy', name: 'Jerzy', surname: 'Strzałka', email: 'jerzy.strzalka@example.com', password: 'Strzalka2024!', birth: '1994-06-08',
};
const GAME = 'Gra dla klawiatury na Powiślu';

/**
 * What has the focus, and whether a ring (outline or box-shadow, on it or on its ::before/::after,
 * e.g. a card's stretched hit area) shows it; null when nothing has it.
 */
function focusState(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const rings = (s: CSSStyleDeclaration) => (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
    const ring = [null, '::before', '::after'].some((pseudo) => rings(getComputedStyle(el, pseudo)));
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return { what: `${el.tagName.toLowerCase()} "${name}"`, ring };
  });
}

/** Focus stops seen without a ring, over the whole journey: must stay empty. */
const unseen: string[] = [];

async function expectVisibleFocus(page: Page) {
  const state = await focusState(page);
  if (state && !state.ring) unseen.push(state.what);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the ring at every stop. */
async function tabTo(page: Page, target: Locator, backwards = false) {
  await target.waitFor();
  for (let i = 0; i < 120; i += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    await expectVisibleFocus(page);
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tabs to a control and presses Enter on it. */
async function activate(page: Page, target: Locator) {
  await tabTo(page, target);
  await page.keyboard.press('Enter');
}

async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.type(text);
}


describe('the keyboard alone', () => {
  it('registers, logs in, finds a game, asks to join, is accepted, chats and the game finishes', async () => {
    // The organiser's game began five minutes ago, so it may be finished at the end.
    const org = await signUpAndLogIn(browser, server, organiser);
    const start = utcToWarsaw(Date.now() - 5 * 60_000);
    const created = await apiCall(org, 'POST', '/football-events', {
      eventName: GAME, gameType: 'football', startDate: start.date, startHour: start.hour, duration: 90,
      address: { city: 'Warszawa', street: 'Dobra', addressNumber: '56', postalCode: '00-312' },
      fieldType: 'field', playerCount: 4, level: 'beginner', price: 0,
    });
    expect(created.status).toBe(201);

    // Register: the cookie popup first, then every field by Tab.
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
    const me = await context.newPage();
    await me.goto(`${server.url}/register`);
    await activate(me, me.getByRole('button', { name: 'Akceptuj wszystkie' }));
    await me.getByRole('dialog', { name: 'Pliki cookies' }).waitFor({ state: 'detached' });
    await typeInto(me, me.getByLabel('Nick'), player.nickName);
    await typeInto(me, me.getByLabel('Imię'), player.name);
    await typeInto(me, me.getByLabel('Nazwisko'), player.surname);
    await typeInto(me, me.getByLabel('Email'), player.email);
    const birth = me.getByLabel('Data urodzenia');
    await typeInto(me, birth, '08.06.1994');
    await typeInto(me, me.getByLabel('Hasło', { exact: true }), player.password);
    await typeInto(me, me.getByLabel('Powtórz hasło', { exact: true }), player.password);
    await snap(me, 'keyboard-01-register');
    await activate(me, me.getByRole('button', { name: 'Zarejestruj się' }));
    await me.waitForURL(`${server.url}/login`);
    await me.goto(lastMail(server.dataDir, player.email).link);
    await me.waitForURL(/\/login\?status=success$/);

    // Log in: Enter in the password field sends the form.
    await typeInto(me, me.getByLabel('Email'), player.email);
    await typeInto(me, me.getByLabel('Hasło', { exact: true }), player.password);
    await me.keyboard.press('Enter');
    await me.waitForURL(`${server.url}/dashboard`);
    await activate(me, me.getByRole('button', { name: 'Nie zgadzam się' }));

    // Find the game: the sidebar, the town combobox (arrows and Enter), Szukaj, the result.
    await activate(me, me.getByRole('navigation', { name: 'Menu aplikacji' }).getByRole('link', { name: 'Znajdź Wydarzenie' }));
    await me.waitForURL(`${server.url}/dashboard/find-event`);
    await typeInto(me, me.getByRole('combobox', { name: 'Miasto' }), 'Warsz');
    await me.getByRole('option', { name: 'Warszawa', exact: true }).waitFor();
    await me.keyboard.press('ArrowDown');
    await me.keyboard.press('Enter');
    await activate(me, me.getByRole('button', { name: 'Szukaj' }));
    await me.getByText(/^Znaleziono: 1/).waitFor();
    await snap(me, 'keyboard-02-found');
    await activate(me, me.getByRole('link', { name: new RegExp(GAME) }));

    // The ad holds the focus; its close button takes it once it may be closed.
    const ad = me.getByRole('dialog', { name: /Premium/ });
    await ad.waitFor();
    const closeAd = me.getByRole('button', { name: 'Zamknij reklamę' });
    await closeAd.waitFor({ timeout: 15_000 });
    await me.waitForFunction(() => document.activeElement?.textContent?.includes('Zamknij reklamę'));
    await expectVisibleFocus(me);
    await me.keyboard.press('Enter');
    await ad.waitFor({ state: 'detached' });
    await activate(me, me.getByRole('button', { name: 'Dołącz do gry' }));
    await me.getByRole('button', { name: 'Zainteresowany' }).waitFor();

    // The organiser, by keyboard too: the bell opens, Escape closes it and gives the focus back.
    const bell = org.getByRole('button', { name: /^Powiadomienia/ });
    await org.goto(`${server.url}/dashboard/my-events`);
    await activate(org, bell);
    await org.getByRole('link', { name: /Nowe powiadomienia wydarzeń/ }).waitFor();
    await snap(org, 'keyboard-03-bell');
    await org.keyboard.press('Escape');
    await org.getByRole('link', { name: /Nowe powiadomienia wydarzeń/ }).waitFor({ state: 'detached' });
    expect(await isFocused(bell)).toBe(true);
    const card = org.getByRole('article', { name: GAME });
    // 'New' goes once the card has the focus: no mouse needed.
    await tabTo(org, card.getByRole('button', { name: GAME }));
    await card.getByText('New').waitFor({ state: 'detached' });
    await org.keyboard.press('Enter');
    await org.waitForURL(/\/dashboard\/event\/edit\//);
    await activate(org, org.getByRole('article', { name: player.nickName }).getByRole('button', { name: 'Dodaj' }));
    await org.getByText('Zaakceptowanych: 1').waitFor();
    await me.getByRole('button', { name: 'Zaakceptowany' }).waitFor();

    // Chat: the room from the list, a message sent with Enter; the mute menu closes on Escape.
    await activate(me, me.getByRole('navigation', { name: 'Menu aplikacji' }).getByRole('link', { name: 'Chat' }));
    await activate(me, me.getByRole('complementary', { name: 'Lista czatów' }).getByRole('button', { name: new RegExp(GAME) }));
    await typeInto(me, me.getByRole('textbox', { name: 'Wiadomość' }), 'Dzień dobry, będę na czas!');
    await me.keyboard.press('Enter');
    await me.getByRole('log').getByText('Dzień dobry, będę na czas!').waitFor();
    const mute = me.getByRole('button', { name: 'Ustawienia czatu' });
    await activate(me, mute);
    await me.getByRole('menu').waitFor();
    await expectVisibleFocus(me);
    await me.keyboard.press('Escape');
    await me.getByRole('menu').waitFor({ state: 'detached' });
    expect(await isFocused(mute)).toBe(true);
    await snap(me, 'keyboard-04-chat');

    // Finish: the dialog takes the focus on its safe answer, keeps it inside, Escape closes it and
    // gives the focus back; then TAK.
    const finish = org.getByRole('button', { name: 'Zakończ' });
    await activate(org, finish);
    const dialog = org.getByRole('alertdialog', { name: 'ZAKOŃCZ' });
    await dialog.waitFor();
    for (let i = 0; i < 6; i += 1) {
      await org.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await expectVisibleFocus(org);
    }
    await org.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(finish)).toBe(true);
    await org.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(org, dialog.getByRole('button', { name: 'TAK' }));
    await org.keyboard.press('Enter');
    await org.getByText('Wydarzenie zostało zakończone').waitFor();
    await me.getByRole('button', { name: 'Zakończony' }).waitFor({ timeout: 15_000 }).catch(async () => {
      await me.goto(`${server.url}/dashboard/my-events`);
      await me.getByRole('article', { name: GAME }).waitFor();
    });
    expect(unseen).toEqual([]);
    await org.context().close();
    await context.close();
  }, 180_000);
});

describe('dates and times in Polish whatever the browser speaks', () => {
  it('shows dd.mm.rrrr and a 24-hour time in the create-event form of an English browser', async () => {
    const who: Person = {
      nickName: 'ang_przegladarka', name: 'Ewa', surname: 'English', email: 'ewa.en@example.com', password: 'Browser2024!', birth: '1992-03-04',
    };
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByRole('button', { name: 'Akceptuj wszystkie' }).click();
    await signUpOnPage(page, server, who);
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await page.getByRole('button', { name: 'Nie zgadzam się' }).click();
    await page.getByRole('link', { name: 'Stwórz Wydarzenie' }).click();
    const date = page.getByLabel('Data rozpoczęcia');
    const hour = page.getByLabel('Godzina rozpoczęcia');
    expect(await date.getAttribute('placeholder')).toBe('dd.mm.rrrr');
    expect(await hour.getAttribute('placeholder')).toBe('gg:mm');
    const day = utcToWarsaw(Date.now() + 3 * 24 * 3600_000).date;
    const [y, m, d] = day.split('-');
    await date.fill(`${d}${m}${y}`);
    await hour.fill('1830');
    await hour.press('Tab');
    expect(await date.inputValue()).toBe(`${d}.${m}.${y}`);
    expect(await hour.inputValue()).toBe('18:30');
    // 24 hours: the end of a 90-minute game reads 20:00, not 08:00 PM.
    await page.getByLabel('Czas trwania (min)').fill('90');
    await page.locator('.event-end-value').filter({ hasText: /^20:00$/ }).waitFor();
    await snap(page, 'keyboard-10-polish-date-in-english-browser');
    await context.close();
  });
});
