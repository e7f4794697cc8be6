import path from 'node:path';
import { USER_MSG } from '@contract/users';
import { openDatabase } from '../server/src/db/database';
import { declineLocation, logIn, newPage, register, signUpAndLogIn, type Person } from './flows';
import { serverAndBrowser, snap, startServer } from './harness';

/**
 * Issue 13 "One rule per field": a person whose account holds a name an older rule let in ("Jan2")
 * can still change the nick. The legacy account is made by registering, then changing the name in
 * the server's own database while it is stopped (one process per data folder, ADR 0060).
 */

const t = serverAndBrowser();

const jan: Person = { nickName: 'jan_stary', name: 'Jan', surname: 'Kowalski', email: 'jan.stary@example.com', password: 'Bramka2024!', birth: '1990-05-05' };


describe('one rule per field, as a person sees it', () => {
  it('registration refuses a digit in the name with the same message as profile edit', async () => {
    const page = await newPage(t.browser, t.server.url);
    await register(page, t.server.url, { ...jan, name: 'Jan2', email: 'jan2@example.com', nickName: 'jan_dwa' });
    await page.getByText(USER_MSG.nameLetters).waitFor();
    expect(page.url()).toBe(`${t.server.url}/register`);
    await page.context().close();
  });

  it('a person registered with a digit in the name can change the nick', async () => {
    const first = await signUpAndLogIn(t.browser, t.server, jan);
    await first.context().close();
    // The account as an older rule left it: stop the server, change the name in its database, start again.
    const dataDir = t.server.dataDir;
    await t.server.stop();
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await db.pool.query("UPDATE users SET name = 'Jan2' WHERE email = $1", [jan.email]);
    } finally {
      await db.close();
    }
    t.server = await startServer({ DATA_DIR: dataDir });

    const page = await newPage(t.browser, t.server.url);
    await page.goto(`${t.server.url}/login`);
    await logIn(page, jan.email, jan.password);
    await page.waitForURL(`${t.server.url}/dashboard`);
    await page.goto(`${t.server.url}/dashboard/profile-edit`);
    await declineLocation(page);
    await page.getByRole('heading', { name: 'Edytuj Profil' }).waitFor();
    expect(await page.getByLabel('Imię').inputValue()).toBe('Jan2');
    await page.getByLabel('Nick').fill('jan_nowy');
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.getByText(USER_MSG.profileUpdated).first().waitFor();
    await page.waitForURL(`${t.server.url}/dashboard/profile`);
    await page.getByRole('heading', { name: 'jan_nowy' }).waitFor();
    expect(await page.getByText(USER_MSG.nameLetters).count()).toBe(0);
    await snap(page, 'legacy-name-changes-nick');
    await page.context().close();
  });
});
