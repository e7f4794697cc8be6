import sharp from 'sharp';
import { AVATAR_MAX_BYTES, USER_MSG } from '@contract/users';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function image(width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } } })[format]().toBuffer();
}

function upload(client: TestClient, body: Buffer, contentType = 'image/jpeg') {
  return client.request({ method: 'PUT', url: '/users/current-user/avatar', payload: body, headers: { 'content-type': contentType } });
}

describe('avatar upload', () => {
  it('re-encodes the picture to a 200×200 JPEG, bumps the version in the URL and serves it cached for good', async () => {
    const me = await signUp(t);
    const res = await upload(me.client, await image(200, 200));
    expect(res.statusCode).toBe(200);
    const url = `/api/v1/users/${me.user._id}/avatar?v=1`;
    expect(res.json()).toMatchObject({ msg: USER_MSG.avatarSaved, avatarUrl: url, user: { avatarUrl: url } });
    expect((await me.client.get('/users/current-user')).json().user.avatarUrl).toBe(url);

    const other = await signUp(t);
    const served = await other.client.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    // Kept by the browser only: a shared cache must not hand a face to someone without a session.
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(served.headers.etag).toBe('"avatar-1"');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 200 });

    const again = await other.client.request({ method: 'GET', url, headers: { 'if-none-match': '"avatar-1"' } });
    expect(again.statusCode).toBe(304);
  });

  it('replaces the previous avatar: a new version, the old URL no longer cached for good', async () => {
    const me = await signUp(t);
    await upload(me.client, await image(300, 300, 'png'));
    const second = await upload(me.client, await image(640, 480, 'webp'));
    expect(second.json().avatarUrl).toBe(`/api/v1/users/${me.user._id}/avatar?v=2`);
    const old = await me.client.get(`/users/${me.user._id}/avatar?v=1`);
    expect(old.headers['cache-control']).toBe('private, no-cache');
    expect(old.headers.etag).toBe('"avatar-2"');
    const rows = await t.database.pool.query('SELECT count(*)::int AS n FROM avatars WHERE user_id = $1', [me.user._id]);
    expect(rows.rows[0].n).toBe(1);
    // The other players see the new picture too.
    const other = await signUp(t);
    expect((await other.client.get(`/users/${me.user._id}`)).json().user.avatarUrl).toBe(`/api/v1/users/${me.user._id}/avatar?v=2`);
  });

  it('decides the type by the bytes, not by the header', async () => {
    const me = await signUp(t);
    const fake = Buffer.concat([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), Buffer.alloc(200)]);
    const res = await upload(me.client, fake, 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(USER_MSG.avatarNotImage);
    const pngAsOctets = await upload(me.client, await image(100, 100, 'png'), 'application/octet-stream');
    expect(pngAsOctets.statusCode).toBe(200);
  });

  it('refuses a truncated JPEG, a GIF, an empty body and a JSON body', async () => {
    const me = await signUp(t);
    const jpeg = await image(200, 200);
    expect((await upload(me.client, jpeg.subarray(0, 40))).statusCode).toBe(400);
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    expect((await upload(me.client, gif, 'image/gif')).json().msg).toBe(USER_MSG.avatarNotImage);
    expect((await upload(me.client, Buffer.alloc(0))).statusCode).toBe(400);
    const json = await me.client.put('/users/current-user/avatar', { avatarUrl: 'https://example.com/a.jpg' });
    expect(json.statusCode).toBe(415);
    expect((await me.client.get('/users/current-user')).json().user.avatarUrl).toBeNull();
  });

  it('refuses pictures that are too small, too large in pixels or too heavy', async () => {
    const me = await signUp(t);
    expect((await upload(me.client, await image(50, 200))).json().msg).toBe(USER_MSG.avatarDimensions);
    expect((await upload(me.client, await image(4100, 100, 'png'))).json().msg).toBe(USER_MSG.avatarDimensions);
    const heavy = Buffer.concat([await image(200, 200), Buffer.alloc(AVATAR_MAX_BYTES)]);
    const res = await upload(me.client, heavy);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(USER_MSG.avatarTooLarge);
    expect((await me.client.get('/users/current-user')).json().user.avatarUrl).toBeNull();
  });

  it('needs a session and the XSRF header; a person without an avatar has none to serve', async () => {
    const jpeg = await image(200, 200);
    expect((await upload(new TestClient(t.app), jpeg)).statusCode).toBe(401);
    const me = await signUp(t);
    const res = await me.client.request({ method: 'PUT', url: '/users/current-user/avatar', payload: jpeg, headers: { 'content-type': 'image/jpeg' }, xsrf: false });
    expect(res.statusCode).toBe(403);
    expect((await me.client.get(`/users/${me.user._id}/avatar?v=1`)).statusCode).toBe(404);
  });

  it('is shown only to signed-in people (docs/adr/0078)', async () => {
    const me = await signUp(t);
    const url = (await upload(me.client, await image(200, 200))).json().avatarUrl as string;
    const visitor = await new TestClient(t.app).get(url);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.headers['content-type']).toContain('application/json');
    expect((await me.client.get(url)).statusCode).toBe(200);
  });

  it("answers 404 for a deleted account's avatar, at its old URL and without a version", async () => {
    const gone = await signUp(t);
    const url = (await upload(gone.client, await image(200, 200))).json().avatarUrl as string;
    const viewer = await signUp(t);
    expect((await viewer.client.get(url)).statusCode).toBe(200);
    expect((await gone.client.delete('/users/current-user/delete', { password: gone.body.password })).statusCode).toBe(200);
    const res = await viewer.client.get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(USER_MSG.userNotFound);
    expect((await viewer.client.get(`/users/${gone.user._id}/avatar`)).statusCode).toBe(404);
  });
});
