import type { Page } from 'playwright-core';
import { lastMail } from '../server/test/outbox';
import { logIn, newPage as openPage, register as registerAt, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const person: Person = {
  nickName: 'orlikowiec',
  name: 'Kasia',
  surname: 'Nowak',
  email: 'kasia.nowak@example.com',
  password: 'Mecz2024!',
  birth: '1996-03-14',
};

const newPage = () => openPage(t.browser, t.server.url);
const register = (page: Page, who: Person) => registerAt(page, t.server.url, who);

describe('sign-up, verification, login and logout in a browser', () => {
  it('goes from registration to the dashboard and back out', async () => {
    const context = await t.browser.newContext({ locale: 'pl-PL', viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(t.server.url);
    await page.getByRole('dialog').waitFor();
    await snap(page, '01-landing');
    await page.getByRole('button', { name: 'Akceptuj wszystkie' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await register(page, person);
    await page.getByText('Rejestracja zakończona pomyślnie! Sprawdź email aby zweryfikować konto.').waitFor();
    await page.waitForURL(`${t.server.url}/login`);

    await page.goto(lastMail(t.server.dataDir, person.email).link);
    await page.waitForURL(/\/login\?status=success$/);
    await page.getByText('Weryfikacja przebiegła pomyślnie! Możesz się teraz zalogować.').waitFor();
    await snap(page, '02-verified');

    await logIn(page, person.email, person.password);
    await page.waitForURL(`${t.server.url}/dashboard`);
    await page.getByRole('heading', { name: `Cześć, ${person.nickName}!` }).waitFor();
    await snap(page, '03-dashboard');
    // History was replaced: going back does not return to the login form.
    expect(await page.evaluate(() => history.length)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Wyloguj się' }).click();
    await page.waitForURL(`${t.server.url}/`);
    await page.getByRole('link', { name: 'Zaloguj się' }).first().waitFor();
    await page.goto(`${t.server.url}/dashboard`);
    await page.waitForURL(`${t.server.url}/login`);
    await page.context().close();
  });

  it('shows the generic error for a wrong password and keeps what was typed', async () => {
    const page = await newPage();
    await page.goto(`${t.server.url}/login`);
    await logIn(page, person.email, 'Zle-haslo1!');
    await page.getByText('Błąd logowania. Spróbuj ponownie.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(person.email);
    await snap(page, '04-wrong-password');
    await page.context().close();
  });

  it('asks an unverified person to verify the e-mail first', async () => {
    const page = await newPage();
    const other = { ...person, nickName: 'nowy_gracz', email: 'nowy.gracz@example.com' };
    await register(page, other);
    await page.waitForURL(`${t.server.url}/login`);
    await logIn(page, other.email, other.password);
    await page.getByText('Musisz najpierw zweryfikować swój adres email. Sprawdź swoją skrzynkę pocztową.').waitFor();
    await snap(page, '05-unverified');
    await page.context().close();
  });

  it('shows field errors next to the fields and keeps the values', async () => {
    const page = await newPage();
    await page.goto(`${t.server.url}/register`);
    await page.getByLabel('Nick').fill('ab');
    await page.getByLabel('Hasło', { exact: true }).fill('slabe');
    await page.getByRole('button', { name: 'Zarejestruj się' }).click();
    await page.getByText('Nick musi mieć od 3 do 20 znaków').waitFor();
    await page.getByText('Hasło musi mieć od 8 do 50 znaków').waitFor();
    expect(await page.getByLabel('Nick').inputValue()).toBe('ab');
    await snap(page, '06-register-errors');
    await page.context().close();
  });
});
