import { randomUUID } from 'node:crypto';
import { writeLimitMsg } from '@contract/messages';
import { REPORT_LIMIT } from '@contract/reports';
import { DEFAULT_WRITE_LIMIT, WRITE_LIMITS } from '../src/plugins/write-limits';
import { eventBody } from './event-fixtures';
import { buildTestApp, signUp, type TestApp, type TestClient } from './helpers';

/** Issue 14 finding 6: every write a script could loop stops at its per-person limit with a Polish 429. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Send = (client: TestClient, other: string) => ReturnType<TestClient['post']>;
const API = '/api/v1';
/** One valid-by-schema request per limited route; the test refuses a limited route without one. */
const samples: Record<string, Send> = {
  'POST /api/v1/football-events': (c) => c.post('/football-events', eventBody()),
  'PATCH /api/v1/status/events/:id/finish': (c) => c.request({ method: 'PATCH', url: `/status/events/${randomUUID()}/finish` }),
  'POST /api/v1/user-stats/like': (c, other) => c.post('/user-stats/like', { targetUserId: other }),
  'DELETE /api/v1/user-stats/like': (c, other) => c.request({ method: 'DELETE', url: '/user-stats/like', payload: { targetUserId: other } }),
  'POST /api/v1/status/events/:id/join': (c) => c.post(`/status/events/${randomUUID()}/join`, {}),
  'DELETE /api/v1/status/events/:id/leave': (c) => c.request({ method: 'DELETE', url: `/status/events/${randomUUID()}/leave` }),
  'POST /api/v1/chat/rooms': (c, other) => c.post('/chat/rooms', { otherUserId: other }),
};

async function loopPastLimit(send: Send, max: number, expectedMsg?: (s: number) => string) {
  const me = await signUp(t);
  const other = await signUp(t);
  for (let i = 0; i < max; i++) {
    const res = await send(me.client, other.user._id);
    if (res.statusCode === 429) throw new Error(`refused at ${i + 1} of ${max}: ${res.body}`);
  }
  const refused = await send(me.client, other.user._id);
  expect(refused.statusCode).toBe(429);
  const wait = Number(refused.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  if (expectedMsg) expect(refused.json().msg).toBe(expectedMsg(wait));
  // Per person: somebody else is not affected.
  expect((await send(other.client, me.user._id)).statusCode).not.toBe(429);
}

describe('per-person write limits', () => {
  it('has a sample request for every limited route, and each route exists', () => {
    expect(Object.keys(samples).sort()).toEqual(Object.keys(WRITE_LIMITS).sort());
    for (const key of Object.keys(WRITE_LIMITS)) {
      const [method, url] = key.split(' ') as ['POST' | 'PATCH' | 'DELETE' | 'PUT', string];
      expect({ key, registered: t.app.hasRoute({ method, url }) }).toEqual({ key, registered: true });
    }
  });

  // One loop per bucket (routes of a bucket share their count).
  const buckets = new Map<string, string>();
  for (const [key, { bucket }] of Object.entries(WRITE_LIMITS)) if (!buckets.has(bucket)) buckets.set(bucket, key);
  for (const [bucket, key] of buckets) {
    it(`${bucket}: ${key} answers 429 past ${WRITE_LIMITS[key].limit[0]} in its window`, async () => {
      await loopPastLimit(samples[key], WRITE_LIMITS[key].limit[0], writeLimitMsg);
    }, 120_000);
  }

  it('routes of one bucket share the count (like and unlike)', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    const [max] = WRITE_LIMITS[`POST ${API}/user-stats/like`].limit;
    for (let i = 0; i < max; i++) await (i % 2 ? samples[`DELETE ${API}/user-stats/like`] : samples[`POST ${API}/user-stats/like`])(me.client, other.user._id);
    expect((await samples[`DELETE ${API}/user-stats/like`](me.client, other.user._id)).statusCode).toBe(429);
  }, 120_000);

  it('reports keep their own limit', async () => {
    await loopPastLimit((c) => c.post('/reports', { type: 'bug', message: 'Mapa się nie ładuje na telefonie' }), REPORT_LIMIT[0]);
  });

  it('any other signed-in write falls under the default limit', async () => {
    await loopPastLimit(
      (c) => c.request({ method: 'PATCH', url: `/notifications/mark-read/${randomUUID()}` }),
      DEFAULT_WRITE_LIMIT[0],
      writeLimitMsg,
    );
  }, 180_000);
});
