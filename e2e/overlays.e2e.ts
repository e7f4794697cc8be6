import type { Locator, Page } from 'playwright-core';
import { lastMail } from '../server/test/outbox';
import { logIn, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Whether a click at the centre of the control lands on the control itself (nothing lies over it). */
async function onTop(control: Locator): Promise<boolean> {
  return control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

async function expectOnTop(control: Locator) {
  await control.scrollIntoViewIfNeeded();
  expect(await onTop(control)).toBe(true);
}

function person(size: string): Person {
  return {
    nickName: `gracz_${size}`, name: 'Marta', surname: 'Nowicka', email: `marta.${size}@example.com`, password: 'Siatka2024!', birth: '1993-05-17',
  };
}

/** A browser of the given size that has not answered the cookie popup yet. */
async function freshPage(size: (typeof SIZES)[number]): Promise<Page> {
  const context = await t.browser.newContext({ locale: 'pl-PL', viewport: { width: size.width, height: size.height } });
  return context.newPage();
}

describe.each(SIZES)('nothing covers what must be clicked ($name)', (size) => {
  it('the cookie popup leaves the register button free, even scrolled to the bottom; the notice leaves the navbar free', async () => {
    const page = await freshPage(size);
    const who = person(size.name);
    await page.goto(`${t.server.url}/register`);
    const popup = page.getByRole('dialog', { name: 'Pliki cookies' });
    await popup.waitFor();
    await page.getByLabel('Nick').fill(who.nickName);
    await page.getByLabel('Imię').fill(who.name);
    await page.getByLabel('Nazwisko').fill(who.surname);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Data urodzenia').fill(who.birth);
    await page.getByLabel('Hasło', { exact: true }).fill(who.password);
    await page.getByLabel('Powtórz hasło', { exact: true }).fill(who.password);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const submit = page.getByRole('button', { name: 'Zarejestruj się' });
    expect(await onTop(submit)).toBe(true);
    for (const action of ['Akceptuj wszystkie', 'Odrzuć', 'Ustawienia']) await expectOnTop(popup.getByRole('button', { name: action }));
    await snap(page, `overlays-${size.name}-01-register-with-popup`);
    await submit.click();

    // The success notice on /login shows below the navbar: every navbar link stays clickable.
    await page.waitForURL(`${t.server.url}/login`);
    const notice = page.getByText('Rejestracja zakończona pomyślnie! Sprawdź email aby zweryfikować konto.');
    await notice.waitFor();
    for (const link of await page.getByRole('navigation', { name: 'Główna nawigacja' }).getByRole('link').all()) {
      expect(await onTop(link)).toBe(true);
    }
    expect(await notice.isVisible()).toBe(true);
    await snap(page, `overlays-${size.name}-02-notice-below-navbar`);

    // Signed in, the success notice after login does not cover the signed-in navbar either.
    await popup.getByRole('button', { name: 'Odrzuć' }).click();
    await page.goto(lastMail(t.server.dataDir, who.email).link);
    await page.waitForURL(/\/login\?status=success$/);
    await logIn(page, who.email, who.password);
    await page.waitForURL(`${t.server.url}/dashboard`);

    // Map mode: the location prompt and 'Pokaż panel' are both reachable.
    const prompt = page.getByRole('region', { name: 'Gdzie chcesz grać?' });
    await prompt.waitFor();
    // The panel ends above the prompt: its own buttons stay free.
    await expectOnTop(page.getByRole('button', { name: 'Pokaż mapę' }));
    await snap(page, `overlays-${size.name}-03-dashboard-with-prompt`);
    await page.getByRole('button', { name: 'Pokaż mapę' }).click();
    const showPanel = page.getByRole('button', { name: 'Pokaż panel' });
    await showPanel.waitFor();
    await expectOnTop(showPanel);
    await expectOnTop(prompt.getByRole('button', { name: 'Ustaw ręcznie' }));
    await expectOnTop(prompt.getByRole('button', { name: 'Nie zgadzam się' }));
    for (const link of await page.getByRole('navigation', { name: 'Główna nawigacja' }).getByRole('link').all()) {
      expect(await onTop(link)).toBe(true);
    }
    await snap(page, `overlays-${size.name}-04-map-mode-with-prompt`);
    await showPanel.click();
    await page.getByRole('button', { name: 'Pokaż mapę' }).waitFor();
    await page.context().close();
  }, 90_000);
});
