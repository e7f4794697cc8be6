import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { deviceKeys, startPushService } from '../server/test/push-service';
import { signUpOnPage, type Person } from './flows';
import { CHROMIUM_ARGS, chromiumPath, snap, startServer, waitInPage, type RunningServer } from './harness';

/**
 * Installable app, offline page and web push in a real Chromium (docs/adr/0088). A persistent
 * profile: Chromium never calls an incognito context (what browser.newContext() gives) installable.
 */
let server: RunningServer;
let context: BrowserContext;
let pushService: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  server = await startServer();
  pushService = await startPushService();
  context = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'graj-e2e-profile-')), {
    executablePath: chromiumPath(),
    locale: 'pl-PL',
    viewport: { width: 1280, height: 860 },
    args: CHROMIUM_ARGS,
  });
}, 90_000);
afterAll(async () => {
  await context?.close();
  await pushService?.close();
  await server?.stop();
});

const kasia: Person = { nickName: 'kasia_push', name: 'Kasia', surname: 'Nowak', email: 'kasia.push@example.com', password: 'Powiadom2024!', birth: '1996-03-14' };

async function signUp(page: Page) {
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Akceptuj wszystkie' }).click();
  await signUpOnPage(page, server, kasia);
}

describe('installable app with push', () => {
  it('is installable, shows the offline page without network, and shows a push sent through the push service', async () => {
    const page = context.pages()[0] ?? (await context.newPage());
    await signUp(page);

    // The service worker is running and Chromium has nothing against installing the app.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(`${server.url}/sw.js`);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toBe(`${server.url}/manifest.webmanifest`);
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

    // Chromium's push service is Google's (FCM) and cannot be pointed elsewhere, so the browser's
    // PushManager hands out a subscription to our local push service with keys the test holds;
    // everything after it (the settings switch, the server, encryption, the worker) is the real thing.
    const device = deviceKeys();
    const endpoint = pushService.endpoint();
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.addInitScript(
      ({ endpoint, keys }) => {
        let current: object | null = null;
        const make = () => ({
          endpoint,
          expirationTime: null,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => {
            current = null;
            return true;
          },
        });
        PushManager.prototype.subscribe = async function subscribe() {
          current = make();
          return current as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function getSubscription() {
          return current as PushSubscription | null;
        };
      },
      { endpoint, keys: device.keys },
    );
    await page.goto(`${server.url}/dashboard/settings-event`);
    const toggle = page.getByRole('switch', { name: 'Powiadomienia push na tym urządzeniu' });
    await page.getByText('Włącz, aby dostawać przypomnienia').waitFor();
    await toggle.click();
    await page.getByText('Powiadomienia push są włączone na tym urządzeniu').first().waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await snap(page, 'push-01-settings-on');

    await page.getByRole('button', { name: 'Wyślij powiadomienie testowe' }).click();
    await page.getByText('Wysłano powiadomienie testowe').waitFor();
    expect(pushService.requests).toHaveLength(1);
    const sent = pushService.requests[0];
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    const payload = JSON.parse(device.decrypt(sent.body));
    expect(payload).toEqual({ title: 'Graj Razem', body: 'Powiadomienia push działają na tym urządzeniu.', url: '/dashboard/settings-event', tag: 'push-test' });

    // The push service hands the message to the browser: the service worker shows it.
    // Delivered once the worker version is activated, and again (same tag, so it replaces rather
    // than adds) if headless Chromium dropped it: the check is what the worker shows, not CDP's timing.
    const activated = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        const mine = versions.find((v) => v.scriptURL === `${server.url}/sw.js` && v.status === 'activated');
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await activated;
    let shown: unknown = null;
    for (let attempt = 0; attempt < 4 && !shown; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(payload) });
      shown = await waitInPage(page, async () => {
        const list = await (await navigator.serviceWorker.ready).getNotifications();
        return list.length ? list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })) : null;
      }, 5_000).catch(() => null);
    }
    expect(shown).toEqual([
      { title: 'Graj Razem', body: 'Powiadomienia push działają na tym urządzeniu.', tag: 'push-test', url: '/dashboard/settings-event' },
    ]);

    // Turning the switch off removes this device on the server.
    await toggle.click();
    await page.getByText('Powiadomienia push są wyłączone na tym urządzeniu').first().waitFor();
    expect(await toggle.isChecked()).toBe(false);

    // The network is gone: a page opened now is the Polish offline page, from the worker's cache.
    await context.setOffline(true);
    await page.goto(`${server.url}/dashboard/find-event`).catch(() => undefined);
    await page.getByRole('heading', { name: 'Jesteś offline' }).waitFor();
    expect(await page.getByRole('link', { name: 'Spróbuj ponownie' }).isVisible()).toBe(true);
    await snap(page, 'push-02-offline');
    await context.setOffline(false);
  }, 150_000);
});
