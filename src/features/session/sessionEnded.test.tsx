import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { API, signedIn, testStats, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { safeNextPath, sessionEndedLoginPath } from './sessionEnd';

describe('an ended session', () => {
  it('a 401 on a call that needs the session brings the person to /login with the notice, and back after logging in', async () => {
    let loggedIn = false;
    server.use(
      http.get(`${API}/user-stats/leaderboard`, () =>
        loggedIn ? HttpResponse.json({ leaderboard: [] }) : HttpResponse.json({ msg: 'Brak autoryzacji' }, { status: 401 })),
      http.post(`${API}/auth/login`, () => {
        loggedIn = true;
        return HttpResponse.json({ msg: 'ok', ...testUser });
      }),
      http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: testStats })),
    );
    const { router, user, store } = renderApp('/dashboard/ranking?sortBy=points', { preloadedState: signedIn() });
    expect(await screen.findByText(MSG.sessionEnded, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/dashboard/ranking?sortBy=points');
    expect(store.getState().session.user).toBeNull();

    await user.type(screen.getByLabelText('Email'), 'jan@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'Haslo123!');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await screen.findByRole('heading', { name: /Ranking/ });
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/dashboard/ranking?sortBy=points');
  });

  it('a wrong password (401 from login itself) is an answer on the form, not an ended session', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.json({ msg: MSG.badCredentials }, { status: 401 })));
    const { router, user, store } = renderApp('/login', { preloadedState: { ...signedIn(), session: { user: null, stats: null, loading: false } } });
    await user.type(await screen.findByLabelText('Email'), 'jan@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'zle-haslo');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText(MSG.loginFailed)).toBeInTheDocument();
    expect(screen.queryByText(MSG.sessionEnded)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(store.getState().session.ended).toBeUndefined();
  });
});

describe('the way back after login', () => {
  it.each([
    ['/dashboard/event/e-1?x=1', '/dashboard/event/e-1?x=1'],
    ['https://evil.example/x', null],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['/login?next=/x', null],
    ['', null],
  ])('%s → %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it('remembers the page in the login link', () => {
    expect(sessionEndedLoginPath('/dashboard/my-events')).toBe('/login?reason=session-ended&next=%2Fdashboard%2Fmy-events');
  });
});
