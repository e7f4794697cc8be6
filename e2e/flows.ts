import type { Browser, Page } from 'playwright-core';
import { lastMail } from '../server/test/outbox';
import type { RunningServer } from './harness';

export interface Person {
  nickName: string;
  name: string;
  surname: string;
  email: string;
  password: string;
  birth: string;
}

/** A fresh visitor who answers the cookie popup first (it covers the bottom of the page until then). */
export async function newPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'pl-PL', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(baseUrl);
  await page.getByRole('button', { name: 'Akceptuj wszystkie' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return page;
}

export async function register(page: Page, baseUrl: string, who: Person): Promise<void> {
  await page.goto(`${baseUrl}/register`);
  await page.getByLabel('Nick').fill(who.nickName);
  await page.getByLabel('Imię').fill(who.name);
  await page.getByLabel('Nazwisko').fill(who.surname);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Data urodzenia').fill(who.birth);
  await page.getByLabel('Hasło', { exact: true }).fill(who.password);
  await page.getByLabel('Powtórz hasło', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Zarejestruj się' }).click();
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Hasło', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
}

/** Registers, follows the verification link from the outbox and signs in: ends on /dashboard. */
export async function signUpAndLogIn(browser: Browser, server: RunningServer, who: Person): Promise<Page> {
  const page = await newPage(browser, server.url);
  await signUpOnPage(page, server, who);
  return page;
}

/** The same on a page already open (the same browser as whoever used it before). */
export async function signUpOnPage(page: Page, server: RunningServer, who: Person): Promise<void> {
  await register(page, server.url, who);
  await page.waitForURL(`${server.url}/login`);
  await page.goto(lastMail(server.dataDir, who.email).link);
  await page.waitForURL(/\/login\?status=success$/);
  await logIn(page, who.email, who.password);
  await page.waitForURL(`${server.url}/dashboard`);
}

/** A call to the API from the signed-in page, with its CSRF header, as the app makes it (setting the scene without clicking). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the JSON of any route, read by tests
export function apiCall<T = any>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
      const res = await fetch(`/api/v1${url}`, {
        method,
        headers: body === undefined ? { 'X-XSRF-TOKEN': xsrf } : { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, url, body },
  );
}

/** Says no to the location question if it comes (it does on a person's first visit to the dashboard). */
export async function declineLocation(page: Page): Promise<void> {
  const decline = page.getByRole('button', { name: 'Nie zgadzam się' });
  await decline
    .waitFor({ timeout: 3000 })
    .then(() => decline.click())
    .catch(() => undefined);
}
