import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import type { Socket } from 'socket.io-client';
import type { z } from 'zod';
import { sendMessagePayload } from '@contract/chat';
import { MSG } from '@contract/messages';
import { TEXT_MSG, textFields } from '@contract/text';
import { acceptedGame, connected, emitAck, openSocket } from './chat-fixtures';
import { eventBody } from './event-fixtures';
import { buildTestApp, newUser, signUp, TestClient, type TestApp } from './helpers';

/**
 * The class "text the system refuses or misreads" (issue 14, docs/adr/0040): every text field of
 * every request schema is found by walking the schemas the routes registered, so a field added
 * tomorrow is covered without touching this file.
 */

type Part = 'body' | 'querystring' | 'params';
interface Leaf {
  path: (string | number)[];
  kind: 'text' | 'fixed' | 'bare';
}
interface RouteSchema {
  method: string;
  url: string;
  part: Part;
  schema: z.ZodType;
}

/** Every string a schema accepts, with where it sits and whether the contract's text rule guards it. */
function leaves(schema: z.ZodType, path: (string | number)[] = [], out: Leaf[] = [], seen = new Set<unknown>()): Leaf[] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  if (textFields.has(schema)) {
    out.push({ path, kind: 'text' });
    return out;
  }
  const d = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (s: unknown, p = path) => leaves(s as z.ZodType, p, out, seen);
  switch (d.type) {
    case 'object':
      for (const [key, value] of Object.entries(d.shape as Record<string, unknown>)) walk(value, [...path, key]);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(d.innerType);
      break;
    case 'pipe':
      walk(d.in);
      break;
    case 'union':
      for (const o of d.options as unknown[]) walk(o);
      break;
    case 'intersection':
      walk(d.left);
      walk(d.right);
      break;
    case 'array':
      walk(d.element, [...path, 0]);
      break;
    case 'record':
      walk(d.valueType, [...path, '*']);
      break;
    case 'lazy':
      walk((d.getter as () => unknown)());
      break;
    case 'string': {
      // A fixed format (uuid, e-mail, ISO time) or an anchored pattern admits no free text.
      const checks = ((d.checks ?? []) as { _zod: { def: { check: string; format?: string; pattern?: RegExp } } }[]).map((c) => c._zod.def);
      const anchored = checks.some((c) => c.check === 'string_format' && c.pattern && /^\^.*\$$/.test(c.pattern.source));
      const fixed = Boolean(d.format) || anchored;
      out.push({ path, kind: fixed ? 'fixed' : 'bare' });
      break;
    }
    case 'unknown':
    case 'any':
      out.push({ path, kind: 'bare' });
      break;
    default:
      break;
  }
  return out;
}

const BAD = { nul: 'ab\u0000cd', c0: 'ab\u0007cd', zeroWidth: 'ab\u200bcd', bidi: 'ab\u202Ecd' };

let t: TestApp;
let url: string;
const routes: RouteSchema[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        const schema = route.schema as Partial<Record<Part, z.ZodType>> | undefined;
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const part of ['body', 'querystring', 'params'] as const) {
          const s = schema?.[part];
          if (s) for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, part, schema: s });
        }
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => sockets.splice(0).forEach((s) => s.close()));
afterAll(() => t.close());

const fields = () =>
  routes.flatMap((r) => leaves(r.schema).map((leaf) => ({ ...r, ...leaf, key: leaf.path.join('.') })));

/** Row counts of every table but the login/limit bookkeeping, and the person's own row, once background work is done. */
async function snapshot(userId: string) {
  // Notifications are written after the answer (dispatchLater): count only once they are all in.
  await t.app.ctx.background.idle();
  const { rows: tables } = await t.database.pool.query(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const counts: Record<string, number> = {};
  for (const { table_name: name } of tables as { table_name: string }[]) {
    if (/session|limit|drizzle|migration/i.test(name)) continue;
    const { rows } = await t.database.pool.query(`SELECT count(*)::int AS n FROM "${name}"`);
    counts[name] = (rows[0] as { n: number }).n;
  }
  const { rows: me } = await t.database.pool.query('SELECT nick_name, name, surname, email, phone_number, birth_date FROM users WHERE id = $1', [userId]);
  return { counts, me };
}

function setPath(target: Record<string, unknown>, path: (string | number)[], value: unknown) {
  let o = target as Record<string | number, unknown>;
  path.forEach((step, i) => {
    if (i === path.length - 1) o[step] = value;
    else {
      if (typeof o[step] !== 'object' || o[step] === null) o[step] = typeof path[i + 1] === 'number' ? [] : {};
      o = o[step] as Record<string | number, unknown>;
    }
  });
}

describe('every text field of the contract', () => {
  it('is built with the contract text rule (a plain string anywhere in a request schema fails here)', () => {
    const all = fields();
    const bare = all.filter((f) => f.kind === 'bare').map((f) => `${f.method} ${f.url} ${f.part}:${f.key}`);
    expect(bare).toEqual([]);
    const socketBare = leaves(sendMessagePayload).filter((f) => f.kind === 'bare');
    expect(socketBare).toEqual([]);
    // The walk really reaches the fields (a broken walker would pass the check above vacuously).
    const text = new Set(all.filter((f) => f.kind === 'text').map((f) => `${f.method} ${f.url} ${f.key}`));
    for (const expected of [
      'POST /api/v1/auth/register nickName', 'POST /api/v1/auth/register name', 'POST /api/v1/auth/register phoneNumber',
      'PATCH /api/v1/users/current-user/update-user nickName', 'POST /api/v1/auth/complete-oauth surname',
      'POST /api/v1/football-events eventName', 'POST /api/v1/football-events address.city',
      'POST /api/v1/football-events eventDescription', 'POST /api/v1/football-events startDate',
      'POST /api/v1/reports message', 'POST /api/v1/location/set-location City', 'POST /api/v1/football-events/search City',
      'GET /api/v1/chat/messages/:roomId before',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('refuses NUL, a control character, a zero-width space and a bidi override with a Polish 400, changing nothing', async () => {
    const me = await signUp(t);
    const { owner, event, roomId } = await acceptedGame(t, 1);
    const base: Record<string, () => Record<string, unknown>> = {
      'POST /api/v1/auth/register': () => newUser(),
      'POST /api/v1/auth/login': () => ({ email: me.body.email, password: me.body.password }),
      'POST /api/v1/auth/forgot-password': () => ({ email: me.body.email }),
      'POST /api/v1/auth/reset-password/:token': () => ({ password: 'NoweHaslo1!' }),
      'POST /api/v1/football-events': () => eventBody(),
      'PUT /api/v1/football-events/:id': () => eventBody(),
      'PATCH /api/v1/football-events/:id': () => eventBody(),
      'POST /api/v1/football-events/search': () => ({ latitude: 52.23, longitude: 21.01, distance: 5 }),
      'POST /api/v1/location/set-location': () => ({ City: 'Warszawa', region: 'mazowieckie', Country: 'Poland' }),
      'POST /api/v1/auth/login-oauth': () => ({ email: me.body.email, googleIdToken: 'x'.repeat(40) }),
      'POST /api/v1/auth/complete-oauth': () => ({
        nick: 'ktosnowy', birthDate: '1990-01-01', email: 'nowy@example.com', name: 'Jan', surname: 'Nowak', googleIdToken: 'x'.repeat(40),
      }),
      'PATCH /api/v1/users/current-user/update-user': () => ({ name: 'Adam' }),
      'DELETE /api/v1/users/current-user/delete': () => ({ password: me.body.password }),
      'POST /api/v1/reports': () => ({ type: 'bug', message: 'Przycisk Zapisz nie działa' }),
    };
    const params: Record<string, string> = {
      id: event._id, eventId: event._id, userId: me.user._id, roomId, token: 'a'.repeat(40),
    };
    const textFieldsFound = fields().filter((f) => f.kind === 'text');
    expect(textFieldsFound.length).toBeGreaterThan(30);
    const before = await snapshot(me.user._id);
    const failures: string[] = [];
    for (const f of textFieldsFound) {
      for (const [name, bad] of Object.entries(BAD)) {
        const body = f.part === 'body' ? (base[`${f.method} ${f.url}`]?.() ?? {}) : undefined;
        if (body) setPath(body, f.path, bad);
        let path = f.url.replace(/:(\w+)/g, (_, p: string) => encodeURIComponent(f.part === 'params' && f.key === p ? bad : (params[p] ?? 'x')));
        if (f.part === 'querystring') path += `?${encodeURIComponent(String(f.path[0]))}=${encodeURIComponent(bad)}`;
        const client = f.url.includes('/football-events') && f.method !== 'POST' ? owner.client : me.client;
        const res = await client.request({ method: f.method as 'GET', url: path, ...(body ? { payload: body } : {}) });
        const json = res.json() as { msg?: string; errors?: Record<string, string> };
        if (res.statusCode !== 400 || json.errors?.[f.key] !== TEXT_MSG.forbidden) {
          failures.push(`${f.method} ${f.url} ${f.part}:${f.key} ${name} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot(me.user._id)).toEqual(before);
    // Nothing broke along the way: the person is still signed in and can save.
    const after = await me.client.patch('/users/current-user/update-user', { name: 'Adam' });
    expect(after.statusCode).toBe(200);
    expect(after.json().user.name).toBe('Adam');
  });

  it('refuses the same in a chat message sent over the socket, with an error ack, and the socket keeps working', async () => {
    const { owner, roomId } = await acceptedGame(t, 1);
    const socket = openSocket(url, owner);
    sockets.push(socket);
    await connected(socket);
    expect(await emitAck(socket, 'joinRoom', roomId)).toEqual({ ok: true });
    for (const bad of Object.values(BAD)) {
      expect(await emitAck(socket, 'sendMessage', { roomId, message: bad })).toEqual({ ok: false, msg: TEXT_MSG.forbidden });
      expect(await emitAck(socket, 'sendMessage', { roomId, message: 'ok', senderId: bad })).toEqual({ ok: false, msg: TEXT_MSG.forbidden });
    }
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM chat_messages WHERE room_id = $1', [roomId]);
    expect((rows[0] as { n: number }).n).toBe(0);
    const ok = await emitAck(socket, 'sendMessage', { roomId, message: 'Cześć 👨‍👩‍👧\nDo zobaczenia' });
    expect(ok).toMatchObject({ ok: true, message: { message: 'Cześć 👨‍👩‍👧\nDo zobaczenia' } });
  });
});

describe('nicks are compared in their normalised form', () => {
  it('refuses alice\\u200bx next to alicex, and full-width or upper-case look-alikes as taken', async () => {
    const nick = `alx${Date.now().toString(36).slice(-5)}`;
    await signUp(t, { nickName: nick });
    const invisible = await new TestClient(t.app).post('/auth/register', newUser({ nickName: `${nick.slice(0, 2)}\u200b${nick.slice(2)}` }));
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().errors.nickName).toBe(TEXT_MSG.forbidden);
    const fullWidth = [...nick].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join('');
    for (const lookAlike of [fullWidth, nick.toUpperCase()]) {
      const res = await new TestClient(t.app).post('/auth/register', newUser({ nickName: lookAlike }));
      expect(res.statusCode).toBe(409);
      expect(res.json().errors.nickName).toBe(MSG.nickTaken);
    }
    const other = await signUp(t);
    const edit = await other.client.patch('/users/current-user/update-user', { nickName: fullWidth });
    expect(edit.statusCode).toBe(409);
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM users WHERE lower(nick_name) = lower($1)', [nick]);
    expect((rows[0] as { n: number }).n).toBe(1);
  });

  it('stores the NFKC form', async () => {
    const tag = Date.now().toString(36).slice(-5);
    const { user } = await signUp(t, { nickName: `Ｂｏｂ${tag}`, name: 'Ｊａｎ' });
    expect(user.nickName).toBe(`Bob${tag}`);
    const { rows } = await t.database.pool.query('SELECT nick_name, name FROM users WHERE id = $1', [user._id]);
    expect(rows[0]).toEqual({ nick_name: `Bob${tag}`, name: 'Jan' });
  });
});
