import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { API, signedIn, signedOut } from '../test/fixtures';
import { renderApp } from '../test/render';
import { server } from '../test/server';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Główna nawigacja' }));
}

describe('navbar', () => {
  it('offers the start page, login and registration when signed out', async () => {
    renderApp('/', { preloadedState: signedOut() });
    // The landing page is a chunk of its own (docs/adr/0102): its arrival ends the render.
    await screen.findByRole('heading', { level: 1 });
    expect(mainNav().getByRole('link', { name: 'Strona startowa' })).toHaveAttribute('href', '/');
    expect(mainNav().getByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/login');
    expect(mainNav().getByRole('link', { name: 'Zarejestruj się' })).toHaveAttribute('href', '/register');
    expect(mainNav().queryByRole('button', { name: 'Wyloguj się' })).not.toBeInTheDocument();
  });

  it('offers the app, the profile and logout when signed in', async () => {
    renderApp('/', { preloadedState: signedIn() });
    await screen.findByRole('heading', { level: 1 });
    expect(mainNav().getByRole('link', { name: 'Przejdź do Aplikacji' })).toHaveAttribute('href', '/dashboard');
    expect(mainNav().getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/dashboard/profile');
    expect(mainNav().getByRole('button', { name: 'Wyloguj się' })).toBeInTheDocument();
    expect(mainNav().queryByRole('link', { name: 'Zaloguj się' })).not.toBeInTheDocument();
  });

  it('takes the logo to the start page', async () => {
    renderApp('/login', { preloadedState: signedOut() });
    await screen.findByRole('heading', { name: 'Zaloguj się' });
    expect(screen.getByRole('link', { name: 'Graj Razem, strona startowa' })).toHaveAttribute('href', '/');
  });

  it('logs out and goes to the start page', async () => {
    let loggedOut = false;
    server.use(
      http.post(`${API}/auth/logout`, () => {
        loggedOut = true;
        return HttpResponse.json({ msg: MSG.loggedOut });
      }),
    );
    const { user, router, store } = renderApp('/dashboard', { preloadedState: signedIn() });
    await screen.findByRole('heading', { level: 1 });
    await user.click(mainNav().getByRole('button', { name: 'Wyloguj się' }));
    expect(await mainNav().findByRole('link', { name: 'Zaloguj się' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(loggedOut).toBe(true);
    expect(store.getState().session.user).toBeNull();
  });

  it('shows the sidebar toggle only on dashboard pages', async () => {
    const { user, router } = renderApp('/', { preloadedState: signedIn() });
    expect(screen.queryByRole('button', { name: 'Menu boczne' })).not.toBeInTheDocument();
    await user.click(mainNav().getByRole('link', { name: 'Przejdź do Aplikacji' }));
    const toggle = await screen.findByRole('button', { name: 'Menu boczne' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('navigation', { name: 'Menu aplikacji' })).toBeVisible();
  });
});
