import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { server } from '../../test/server';
import { sessionApi } from './sessionApi';
import { API, signedIn, signedOut, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';

describe('dashboard guard', () => {
  it("shows 'Loading...' while the session is being determined", () => {
    renderApp('/dashboard', { preloadedState: { session: { user: null, stats: null, loading: true } } });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login', async () => {
    const { router } = renderApp('/dashboard/find-event', { preloadedState: signedOut() });
    expect(await screen.findByRole('heading', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('renders the dashboard for a signed-in user', async () => {
    renderApp('/dashboard', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { name: `Cześć, ${testUser.nickName}!` })).toBeInTheDocument();
  });

  it('sends a person who logged out home, not to /login, even when the logout lands before the Navbar navigates', async () => {
    server.use(http.post(`${API}/auth/logout`, () => HttpResponse.json({ msg: MSG.loggedOut })));
    const { router, store } = renderApp('/dashboard/find-event', { preloadedState: signedIn() });
    await screen.findByRole('heading', { name: 'Znajdź Wydarzenie' });
    // The logout settles while the dashboard is still on screen (the race the Navbar's navigate('/') can lose).
    await act(() => store.dispatch(sessionApi.endpoints.logout.initiate()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
