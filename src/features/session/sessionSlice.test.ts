import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { API, testStats, testUser } from '../../test/fixtures';
import { setupTestStore } from '../../test/render';
import { server } from '../../test/server';
import { sessionApi } from './sessionApi';
import { loadSession, sessionEnded, sessionReducer } from './sessionSlice';

describe('session start-up', () => {
  it('is loading before the current user is known', () => {
    expect(sessionReducer(undefined, { type: 'init' })).toEqual({ user: null, stats: null, loading: true });
  });

  it('stores the current user and their stats', async () => {
    server.use(
      http.get(`${API}/users/current-user`, () => HttpResponse.json({ user: testUser })),
      http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: testStats })),
    );
    const { store } = setupTestStore();
    const pending = store.dispatch(loadSession());
    expect(store.getState().session.loading).toBe(true);
    await pending;
    expect(store.getState().session).toEqual({ user: testUser, stats: testStats, loading: false });
  });

  it('keeps the user without stats when the stats call fails', async () => {
    server.use(
      http.get(`${API}/users/current-user`, () => HttpResponse.json({ user: testUser })),
      http.get(`${API}/user-stats/current`, () => HttpResponse.json({ msg: 'x' }, { status: 500 })),
    );
    const { store } = setupTestStore();
    await store.dispatch(loadSession());
    expect(store.getState().session).toEqual({ user: testUser, stats: null, loading: false });
  });

  it('is signed out when the current user cannot be loaded', async () => {
    let statsAsked = false;
    server.use(
      http.get(`${API}/users/current-user`, () => HttpResponse.json({ msg: MSG.unauthorized }, { status: 401 })),
      http.get(`${API}/user-stats/current`, () => {
        statsAsked = true;
        return HttpResponse.json({ stats: testStats });
      }),
    );
    const { store } = setupTestStore();
    await store.dispatch(loadSession());
    expect(store.getState().session).toEqual({ user: null, stats: null, loading: false });
    expect(statsAsked).toBe(false);
  });
});

describe('a visitor without a session', () => {
  it('is signed out when the server answers no user', async () => {
    server.use(http.get(`${API}/users/current-user`, () => HttpResponse.json({ user: null })));
    const { store } = setupTestStore();
    await store.dispatch(loadSession());
    expect(store.getState().session).toEqual({ user: null, stats: null, loading: false });
  });
});

describe('session changes', () => {
  it('signs in with the login answer (without its msg) and then loads the stats', async () => {
    server.use(
      http.post(`${API}/auth/login`, () => HttpResponse.json({ ...testUser, msg: MSG.loggedIn })),
      http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: testStats })),
    );
    const { store } = setupTestStore({ session: { user: null, stats: null, loading: false } });
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: testUser.email, password: 'Secret1!' }));
    expect(store.getState().session.user).toEqual(testUser);
    await waitFor(() => expect(store.getState().session.stats).toEqual(testStats));
  });

  it('clears user and stats on logout', async () => {
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.json({ msg: MSG.loggedOut })));
    const { store } = setupTestStore({ session: { user: testUser, stats: testStats, loading: false } });
    await store.dispatch(sessionApi.endpoints.logout.initiate());
    expect(store.getState().session).toEqual({ user: null, stats: null, loading: false, loggedOut: true });
  });

  it('clears user and stats even when the logout call fails', async () => {
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.json({ msg: 'x' }, { status: 500 })));
    const { store } = setupTestStore({ session: { user: testUser, stats: testStats, loading: false } });
    await store.dispatch(sessionApi.endpoints.logout.initiate());
    expect(store.getState().session.user).toBeNull();
  });
});

describe('a session the server ends', () => {
  async function signedIn() {
    server.use(
      http.get(`${API}/users/current-user`, () => HttpResponse.json({ user: testUser })),
      http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: testStats })),
    );
    const { store } = setupTestStore();
    await store.dispatch(loadSession());
    return store;
  }

  it('signs out with the notice when the server ends it', async () => {
    const store = await signedIn();
    store.dispatch(sessionEnded());
    expect(store.getState().session).toMatchObject({ user: null, ended: true });
  });

  it('is no news while the person is logging out themself (the server tells their socket too)', async () => {
    let answer!: () => void;
    server.use(http.post(`${API}/auth/logout`, () => new Promise<Response>((resolve) => (answer = () => resolve(HttpResponse.json({ msg: MSG.loggedOut }))))));
    const store = await signedIn();
    const leaving = store.dispatch(sessionApi.endpoints.logout.initiate());
    await waitFor(() => expect(answer).toBeDefined());
    store.dispatch(sessionEnded());
    expect(store.getState().session.ended).toBeUndefined();
    answer();
    await leaving;
    expect(store.getState().session).toMatchObject({ user: null });
    expect(store.getState().session.ended).toBeUndefined();
    expect(store.getState().session.leaving).toBeUndefined();
  });
});
