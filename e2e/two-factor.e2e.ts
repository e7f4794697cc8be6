import type { Page } from 'playwright-core';
import { currentCode } from '../server/src/services/two-factor';
import { declineLocation, logIn, newPage, signUpAndLogIn, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const ola: Person = { nickName: 'ola_dwa_kroki', name: 'Ola', surname: 'Nowak', email: 'ola.2fa@example.com', password: 'Bramka2024!', birth: '1994-07-02' };
const CODE = 'Kod z aplikacji lub kod odzyskiwania';

/** The location popup covers part of the dashboard until it is answered. */

async function openSettings(page: Page) {
  await page.goto(`${t.server.url}/dashboard/settings-event`);
  await declineLocation(page);
}

const signedInUser = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/v1/users/current-user')).json()) as { user: unknown }).user);

/** Six digits that are not the code of any step the server would accept now. */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => currentCode(secret, Date.now() + d)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!valid.has(c)) return c;
  }
}

describe('two-factor sign-in and the sessions screen in a browser', () => {
  let home: Page;
  let secret: string;
  let recoveryCodes: string[];
  let phoneOfOla: Page;

  beforeAll(async () => {
    home = await signUpAndLogIn(t.browser, t.server, ola);
  }, 90_000);

  it('sets two-factor sign-in up with a QR code and shows the recovery codes once', async () => {
    await openSettings(home);
    await home.getByRole('button', { name: 'Włącz weryfikację dwuetapową' }).click();
    // Who is at the keyboard first: the account's password.
    await home.getByLabel('Hasło do konta').fill(ola.password);
    await snap(home, 'two-factor-password');
    await home.getByRole('button', { name: 'Dalej' }).click();
    const qr = home.getByRole('img', { name: 'Kod QR do aplikacji uwierzytelniającej' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // The QR image really loaded (the CSP allows data: images).
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    secret = (await home.locator('.settings-secret').textContent())!.trim();
    await home.locator('#settings-2fa').scrollIntoViewIfNeeded();
    await snap(home, 'two-factor-setup');

    await home.getByLabel('Kod z aplikacji', { exact: true }).fill(currentCode(secret));
    await home.getByRole('button', { name: 'Włącz', exact: true }).click();
    const list = home.getByRole('list', { name: 'Kody odzyskiwania' });
    await list.waitFor();
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await snap(home, 'two-factor-recovery-codes');
    await home.getByRole('button', { name: 'Zapisałem kody' }).click();
    await home.getByText('Pozostałe kody odzyskiwania: 10').waitFor();
    await snap(home, 'two-factor-enabled');
  });

  it('does not sign in without the code, and does with it', async () => {
    const phone = await newPage(t.browser, t.server.url);
    await phone.goto(`${t.server.url}/login`);
    await logIn(phone, ola.email, ola.password);
    const field = phone.getByLabel(CODE);
    await field.waitFor();
    expect(await signedInUser(phone)).toBeNull();
    await snap(phone, 'two-factor-login-step');

    await field.fill(wrongCode(secret));
    await phone.getByRole('button', { name: 'Potwierdź' }).click();
    await phone.getByText('Nieprawidłowy kod').waitFor();
    expect(await signedInUser(phone)).toBeNull();
    await snap(phone, 'two-factor-login-wrong-code');

    // The enabling code's step is used up: the authenticator's next code is accepted (drift window).
    await field.fill(currentCode(secret, Date.now() + 30_000));
    await phone.getByRole('button', { name: 'Potwierdź' }).click();
    await phone.waitForURL(`${t.server.url}/dashboard`);
    expect(await signedInUser(phone)).not.toBeNull();
    phoneOfOla = phone;
  });

  it('takes a recovery code once', async () => {
    const laptop = await newPage(t.browser, t.server.url);
    await laptop.goto(`${t.server.url}/login`);
    await logIn(laptop, ola.email, ola.password);
    await laptop.getByLabel(CODE).fill(recoveryCodes[0]);
    await laptop.getByRole('button', { name: 'Potwierdź' }).click();
    await laptop.waitForURL(`${t.server.url}/dashboard`);
    expect(await signedInUser(laptop)).not.toBeNull();
    await laptop.evaluate(async () => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
      await fetch('/api/v1/auth/logout', { method: 'POST', headers: { 'X-XSRF-TOKEN': xsrf } });
    });
    expect(await signedInUser(laptop)).toBeNull();

    await laptop.goto(`${t.server.url}/login`);
    await logIn(laptop, ola.email, ola.password);
    await laptop.getByLabel(CODE).fill(recoveryCodes[0]);
    await laptop.getByRole('button', { name: 'Potwierdź' }).click();
    await laptop.getByText('Nieprawidłowy kod').waitFor();
    expect(await signedInUser(laptop)).toBeNull();
    await laptop.context().close();
  });

  it('lists both sessions and signs the other device out', async () => {
    await openSettings(home);
    const section = home.locator('section.settings-section', { has: home.getByRole('heading', { name: 'Aktywne sesje' }) });
    await section.getByRole('listitem').nth(1).waitFor();
    expect(await section.getByRole('listitem').count()).toBe(2);
    await section.getByText('to urządzenie').waitFor();
    await section.scrollIntoViewIfNeeded();
    await snap(home, 'sessions');

    await section.getByRole('button', { name: 'Wyloguj inne urządzenia' }).click();
    await home.getByText('Wylogowano inne urządzenia').waitFor();
    await expectCount(section.getByRole('listitem'), 1);
    expect(await signedInUser(phoneOfOla)).toBeNull();
    expect(await signedInUser(home)).not.toBeNull();
    await snap(home, 'sessions-after-logout-others');
  });

  it('asks for the code when deleting the account', async () => {
    await home.goto(`${t.server.url}/dashboard/profile`);
    await declineLocation(home);
    await home.getByRole('button', { name: 'Usuń konto' }).click();
    const dialog = home.getByRole('alertdialog');
    await dialog.getByLabel(CODE).waitFor();
    await dialog.getByLabel('Aby potwierdzić, wpisz swoje hasło.').fill(ola.password);
    await dialog.getByRole('button', { name: 'Tak, usuń konto' }).click();
    await dialog.getByText('Podaj kod z aplikacji uwierzytelniającej').waitFor();
    await snap(home, 'delete-account-with-code');
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    expect(await signedInUser(home)).not.toBeNull();
  });
});

async function expectCount(locator: ReturnType<Page['locator']>, n: number) {
  for (let i = 0; i < 50; i++) {
    if ((await locator.count()) === n) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(await locator.count()).toBe(n);
}
