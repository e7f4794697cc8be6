import { screen } from '@testing-library/react';
import { signedIn, signedOut, testUser } from '../../test/fixtures';
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
});
