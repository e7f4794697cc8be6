import { eq } from 'drizzle-orm';
import { pushSubscriptions } from '../src/db/schema';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';
import { deviceKeys, startPushService } from './push-service';

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  t = await buildTestApp();
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});
beforeEach(() => {
  service.answer(201);
  service.requests.length = 0;
});

const rowsFor = (userId: string) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('web push', () => {
  it('gives the VAPID public key to anyone', async () => {
    const res = await new TestClient(t.app).get('/push/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toBe(t.config.vapid.publicKey);
  });

  it('needs a session and the XSRF header to subscribe', async () => {
    const device = deviceKeys();
    const anon = await new TestClient(t.app).post('/push/subscribe', { endpoint: service.endpoint(), keys: device.keys });
    expect(anon.statusCode).toBe(401);
    const { client } = await signUp(t);
    const noXsrf = await client.request({ method: 'POST', url: '/push/subscribe', payload: { endpoint: service.endpoint(), keys: device.keys }, xsrf: false });
    expect(noXsrf.statusCode).toBe(403);
  });

  it('refuses a malformed subscription with a Polish message and stores nothing', async () => {
    const { client, user } = await signUp(t);
    for (const body of [
      { endpoint: 'javascript:alert(1)', keys: deviceKeys().keys },
      { endpoint: service.endpoint(), keys: { p256dh: 'not base64!', auth: 'x' } },
      { endpoint: service.endpoint() },
    ]) {
      const res = await client.post('/push/subscribe', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/subskrypcja|wymagane|Nieprawidłow/i);
    }
    expect(await rowsFor(user._id)).toHaveLength(0);
  });

  it('delivers an encrypted message to every device of the person, which decrypts it to the payload', async () => {
    const { client, user } = await signUp(t);
    const phone = deviceKeys();
    const laptop = deviceKeys();
    const phoneEndpoint = service.endpoint();
    const laptopEndpoint = service.endpoint();
    expect((await client.post('/push/subscribe', { endpoint: phoneEndpoint, expirationTime: null, keys: phone.keys })).statusCode).toBe(200);
    expect((await client.post('/push/subscribe', { endpoint: laptopEndpoint, keys: laptop.keys })).statusCode).toBe(200);
    expect(await t.app.ctx.push.isSubscribed(user._id)).toBe(true);
    const status = await client.post('/push/status', { endpoint: phoneEndpoint });
    expect(status.json()).toEqual({ subscribed: true, devices: 2 });

    const payload = { title: 'Przypomnienie', body: 'Mecz „Orlik” zaczyna się za 2 h', url: '/event/abc', tag: 'reminder-abc' };
    await t.app.ctx.push.send(user._id, payload);

    expect(service.requests).toHaveLength(2);
    for (const [endpoint, device] of [[phoneEndpoint, phone], [laptopEndpoint, laptop]] as const) {
      const req = service.requests.find((r) => endpoint.endsWith(r.path))!;
      expect(req.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(req.headers.ttl)).toBeGreaterThan(0);
      expect(req.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.config.vapid.publicKey}$`));
      expect(req.body.includes(Buffer.from('Orlik'))).toBe(false);
      expect(JSON.parse(device.decrypt(req.body))).toEqual(payload);
    }
  });

  it("a browser stops receiving a person's notifications when the session that subscribed it ends", async () => {
    const { client, user } = await signUp(t);
    expect((await client.post('/push/subscribe', { endpoint: service.endpoint(), keys: deviceKeys().keys })).statusCode).toBe(200);
    expect(await t.app.ctx.push.isSubscribed(user._id)).toBe(true);
    expect((await client.post('/auth/logout')).statusCode).toBe(200);
    expect(await t.app.ctx.push.isSubscribed(user._id)).toBe(false);
    expect(await rowsFor(user._id)).toHaveLength(0);
  });

  it('the test button sends to the person only', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const device = deviceKeys();
    await a.client.post('/push/subscribe', { endpoint: service.endpoint(), keys: device.keys });
    expect((await b.client.post('/push/test')).statusCode).toBe(404);
    expect(service.requests).toHaveLength(0);
    const res = await a.client.post('/push/test');
    expect(res.json().msg).toBe('Wysłano powiadomienie testowe');
    expect(JSON.parse(device.decrypt(service.requests[0].body))).toMatchObject({ body: 'Powiadomienia push działają na tym urządzeniu.' });
  });

  it.each([404, 410])('removes a subscription the push service answers %i for, and keeps it on other errors', async (status) => {
    const { client, user } = await signUp(t);
    await client.post('/push/subscribe', { endpoint: service.endpoint(), keys: deviceKeys().keys });
    service.answer(500);
    await t.app.ctx.push.send(user._id, { title: 'x', body: 'y', url: '/' });
    expect(await rowsFor(user._id)).toHaveLength(1);
    service.answer(status);
    await t.app.ctx.push.send(user._id, { title: 'x', body: 'y', url: '/' });
    expect(await rowsFor(user._id)).toHaveLength(0);
    expect(await t.app.ctx.push.isSubscribed(user._id)).toBe(false);
  });

  it("lists the person's push devices in their data export, without the endpoint or keys", async () => {
    const { client } = await signUp(t);
    const endpoint = service.endpoint();
    const device = deviceKeys();
    await client.request({ method: 'POST', url: '/push/subscribe', payload: { endpoint, keys: device.keys }, headers: { 'user-agent': 'Firefox/140' } });
    const res = await client.get('/users/current-user/export');
    expect(res.statusCode).toBe(200);
    expect(res.json().pushDevices).toEqual([{ pushService: new URL(endpoint).origin, userAgent: 'Firefox/140', createdAt: expect.any(String) }]);
    expect(res.body).not.toContain(endpoint);
    expect(res.body).not.toContain(device.keys.auth);
    expect(res.json().calendarFeed).toBeNull();
  });

  it('unsubscribes only this device; a browser re-subscribed by another account moves to it', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const shared = service.endpoint();
    const own = service.endpoint();
    await a.client.post('/push/subscribe', { endpoint: shared, keys: deviceKeys().keys });
    await a.client.post('/push/subscribe', { endpoint: own, keys: deviceKeys().keys });
    expect((await b.client.post('/push/unsubscribe', { endpoint: shared })).statusCode).toBe(404);
    await b.client.post('/push/subscribe', { endpoint: shared, keys: deviceKeys().keys });
    expect((await a.client.post('/push/status', { endpoint: shared })).json()).toEqual({ subscribed: false, devices: 1 });
    const res = await a.client.post('/push/unsubscribe', { endpoint: own });
    expect(res.json().msg).toBe('Powiadomienia push są wyłączone na tym urządzeniu');
    expect(await rowsFor(a.user._id)).toHaveLength(0);
    expect(await rowsFor(b.user._id)).toHaveLength(1);
  });
});
