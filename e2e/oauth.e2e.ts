import type { Browser, Page } from 'playwright-core';
import { startAuthEmulator, type AuthEmulator } from '../scripts/firebase-emulator';
import { GAPI_SHIM } from './gapi-shim';
import { launchBrowser, snap, startServer, type RunningServer } from './harness';

// Google sign-in for real: the Firebase JS SDK's popup against the Firebase Auth emulator, whose
// account chooser stands in for Google's; our server verifies the token with firebase-admin.
let emulator: AuthEmulator;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  emulator = await startAuthEmulator();
  server = await startServer({
    FIREBASE_PROJECT_ID: emulator.projectId,
    FIREBASE_API_KEY: 'fake-api-key',
    FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
  });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await emulator?.stop();
});

/** Drives the emulator's own account chooser: adds a new Google account and signs in with it. */
async function chooseNewGoogleAccount(popup: Page, email: string, displayName: string) {
  await popup.waitForLoadState();
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill(displayName);
  await snap(popup, 'oauth-01-emulator-chooser');
  await popup.getByText('Sign in with Google.com').click();
}

describe('Google sign-in in a browser, against the Firebase Auth emulator', () => {
  it('sends a new person to /register-oauth, finishes the sign-up and signs them in', async () => {
    const context = await browser.newContext({ locale: 'pl-PL', viewport: { width: 1280, height: 860 } });
    await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_SHIM }),
    );
    // Offline: the emulator pages' stylesheets and fonts from CDNs fail fast instead of hanging.
    await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com)\//, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Akceptuj wszystkie' }).click();
    const google = page.getByRole('button', { name: 'Zaloguj przez Google' });
    await google.waitFor();

    const [popup] = await Promise.all([context.waitForEvent('page'), google.click()]);
    await chooseNewGoogleAccount(popup, 'magda.gol@example.com', 'Magda Gol-Kowalska');
    await page.waitForURL(`${server.url}/register-oauth`);
    await page.getByRole('heading', { name: 'Jeszcze tylko jeden krok' }).waitFor();
    expect(await page.getByLabel('Imię').inputValue()).toBe('Magda');
    expect(await page.getByLabel('Nazwisko').inputValue()).toBe('Gol-Kowalska');
    await page.getByRole('button', { name: 'Zakończ rejestrację' }).click();
    await page.getByText('Uzupełnij wszystkie pola!').waitFor();
    await page.getByLabel('Nick').fill('magda_gol');
    await page.getByLabel('Data urodzenia').fill('1999-09-09');
    await snap(page, 'oauth-02-register-oauth');
    await page.getByRole('button', { name: 'Zakończ rejestrację' }).click();
    await page.getByText('Rejestracja zakończona! Możesz się zalogować.').waitFor();
    await page.waitForURL(`${server.url}/login`);

    // Signing in again with the same Google account now opens the dashboard.
    const [again] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Zaloguj przez Google' }).click()]);
    await again.waitForLoadState();
    await again.getByText('magda.gol@example.com').first().click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByRole('heading', { name: 'Cześć, magda_gol!' }).waitFor();
    await snap(page, 'oauth-03-dashboard');
    await context.close();
  });
});
