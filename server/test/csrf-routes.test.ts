import type { RouteOptions } from 'fastify';
import { API_PREFIX, XSRF_COOKIE } from '@contract/constants';
import { MSG } from '@contract/messages';
import { buildTestApp, signUp, type TestApp } from './helpers';

/**
 * The class test for issue 14 finding 3: every state-changing route, reached through every
 * spelling of its path a router or proxy might accept, refuses a request that carries the session
 * cookie but not the X-XSRF-TOKEN header — and nothing changes. Routes are collected as they are
 * registered, so a route added tomorrow is covered without editing this file.
 */

let t: TestApp;
const routes: { method: string; url: string; csrf: boolean }[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, {
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const csrf = (route.config as { csrf?: boolean } | undefined)?.csrf === true;
      for (const method of methods) routes.push({ method, url: route.url, csrf });
    },
  });
});
afterAll(() => t.close());

/** Fills `:params` with values of the right shape (the check must come before any of them is read). */
function concrete(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    /token/i.test(name) ? 'x'.repeat(43) : '00000000-0000-4000-8000-000000000000',
  );
}

/** The same path spelt the ways an attacker tried (percent-encoding, slashes, case, `;`, dot segments). */
export function variants(path: string): string[] {
  const enc = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;
  const rest = path.slice(API_PREFIX.length); // '/auth/logout'
  const last = path.length - 1;
  const lastLetter = [...path].map((c, i) => (/[a-z]/i.test(c) ? i : -1)).filter((i) => i >= 0).pop() ?? last;
  return [
    path,
    `/%61pi${path.slice(4)}`, // /%61pi/v1/...
    `${API_PREFIX.replace('v1', 'v%31')}${rest}`, // /api/v%31/...
    `${path.slice(0, lastLetter)}${enc(path[lastLetter])}${path.slice(lastLetter + 1)}`, // .../logou%74
    `${path.slice(0, lastLetter)}${enc(path[lastLetter]).toLowerCase()}${path.slice(lastLetter + 1)}`,
    `/${path}`, // //api/v1/...
    `${API_PREFIX}/${rest}`, // /api/v1//auth/...
    `${path}/`, // trailing slash
    path.toUpperCase(),
    `${API_PREFIX.toUpperCase()}${rest}`,
    `${path};x=1`,
    `${API_PREFIX};x=1${rest}`,
    `${path}?x=1`,
    `${API_PREFIX}/.${rest}`,
    `${API_PREFIX}/zzz/..${rest}`,
    `${API_PREFIX}%2F${rest.slice(1)}`,
  ];
}

describe('CSRF on every state-changing route, whatever the spelling of its path', () => {
  it('found the routes to test', () => {
    const unsafe = routes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    // Sanity: the ones the security review used are among them.
    expect(unsafe).toEqual(expect.arrayContaining([
      expect.objectContaining({ method: 'DELETE', url: `${API_PREFIX}/users/current-user/delete` }),
      expect.objectContaining({ method: 'POST', url: `${API_PREFIX}/auth/logout` }),
      expect.objectContaining({ method: 'POST', url: `${API_PREFIX}/auth/login` }),
    ]));
    expect(unsafe.length).toBeGreaterThan(20);
    // The spec's GET logout is the one state-changing GET, and it is marked for the check.
    expect(routes).toContainEqual({ method: 'GET', url: `${API_PREFIX}/auth/logout`, csrf: true });
  });

  it('refuses each of them without the header, and the session and account survive', async () => {
    const { client, user } = await signUp(t);
    const checked = routes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) || r.csrf);
    const outcomes: string[] = [];
    for (const route of checked) {
      for (const url of variants(concrete(route.url))) {
        const res = await client.request({
          method: route.method as 'POST',
          url: `http://localhost${url}`, // absolute, so the client adds no prefix to the odd spellings
          xsrf: false,
          ...(['GET', 'HEAD', 'DELETE'].includes(route.method) ? {} : { payload: {} }),
        });
        // Refused by the check (403) or not routed at all (404); a GET/HEAD spelling that is not an
        // API path at all gets the SPA's page (not JSON). Never anything that ran the handler.
        const safe = route.method === 'GET' || route.method === 'HEAD';
        const spaPage = safe && !String(res.headers['content-type'] ?? '').includes('json');
        const expectedBody = route.method === 'HEAD' ? '' : JSON.stringify({ msg: MSG.csrf });
        if (res.statusCode === 403 ? res.body !== expectedBody : res.statusCode !== 404 && !spaPage) {
          outcomes.push(`${route.method} ${url} → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(outcomes).toEqual([]);
    const me = await client.get('/users/current-user');
    expect(me.json().user).toMatchObject({ _id: user._id });
    expect(client.cookies.has(XSRF_COOKIE)).toBe(true);
  });

  it('the same requests with the header do reach the handlers (the check is what refused them)', async () => {
    const { client } = await signUp(t);
    const logout = await client.request({ method: 'POST', url: 'http://localhost/api/v%31/auth/logou%74' });
    expect(logout.statusCode).toBe(200);
    expect((await client.get('/users/current-user')).json().user).toBeNull();
  });

  it('the GET logout alias needs the header too; POST is what the SPA uses', async () => {
    const { client } = await signUp(t);
    const refused = await client.request({ method: 'GET', url: '/auth/logou%74', xsrf: false });
    expect(refused.statusCode).toBe(403);
    expect((await client.get('/users/current-user')).json().user).not.toBeNull();
    const ok = await client.request({ method: 'GET', url: '/auth/logout' });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/users/current-user')).json().user).toBeNull();
  });

  it('loads the session on the matched route, so an encoded API path sees the same person', async () => {
    const { client, user } = await signUp(t);
    const res = await client.get('http://localhost/%61pi/v1/users/current-user');
    expect(res.json().user).toMatchObject({ _id: user._id });
  });
});
