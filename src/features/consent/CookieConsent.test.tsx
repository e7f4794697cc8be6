import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEFAULT_CONSENT, type ConsentPreferences } from '@contract/consent';
import { startApp } from '../../app/startup';
import { API } from '../../test/fixtures';
import { renderApp, setupTestStore } from '../../test/render';
import { server } from '../../test/server';

/** The app starting with no stored consent; returns what gets posted to set-cookies. */
function startWithoutConsent() {
  const posted: ConsentPreferences[] = [];
  server.use(
    http.get(`${API}/users/current-user`, () => HttpResponse.json({ msg: 'x' }, { status: 401 })),
    http.get(`${API}/cookies/decrypt`, () => HttpResponse.json({ cookiesAccepted: null })),
    http.post(`${API}/cookies/set-cookies`, async ({ request }) => {
      posted.push((await request.json()) as ConsentPreferences);
      return HttpResponse.json({ msg: 'ok' });
    }),
  );
  const { store } = setupTestStore();
  startApp(store);
  return { ...renderApp('/', { store }), posted };
}

describe('cookie consent popup', () => {
  it('shows on the landing page when consent was never stored', async () => {
    startWithoutConsent();
    expect(await screen.findByRole('dialog', { name: 'Pliki cookies' })).toBeInTheDocument();
  });

  it('does not show when a choice is stored', async () => {
    server.use(
      http.get(`${API}/users/current-user`, () => HttpResponse.json({ msg: 'x' }, { status: 401 })),
      http.get(`${API}/cookies/decrypt`, () => HttpResponse.json({ cookiesAccepted: DEFAULT_CONSENT })),
    );
    const { store } = setupTestStore();
    startApp(store);
    renderApp('/', { store });
    await waitFor(() => expect(store.getState().consent.exists).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Pliki cookies' })).not.toBeInTheDocument();
  });

  it('accept all closes the popup and posts every category as accepted', async () => {
    const { user, posted } = startWithoutConsent();
    const dialog = await screen.findByRole('dialog', { name: 'Pliki cookies' });
    await user.click(within(dialog).getByRole('button', { name: 'Akceptuj wszystkie' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(posted).toEqual([{ necessary: true, functional: true, analytics: true, marketing: true, social: true }]),
    );
  });

  it('reject closes the popup and posts only necessary cookies', async () => {
    const { user, posted } = startWithoutConsent();
    const dialog = await screen.findByRole('dialog', { name: 'Pliki cookies' });
    await user.click(within(dialog).getByRole('button', { name: 'Odrzuć' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(posted).toEqual([DEFAULT_CONSENT]));
  });

  it('settings let the person pick categories and accept the selection', async () => {
    const { user, posted } = startWithoutConsent();
    const dialog = await screen.findByRole('dialog', { name: 'Pliki cookies' });
    await user.click(within(dialog).getByRole('button', { name: 'Ustawienia' }));
    const necessary = within(dialog).getByRole('checkbox', { name: /Niezbędne/ });
    expect(necessary).toBeChecked();
    expect(necessary).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /Analityczne/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Społecznościowe/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Akceptuj wybrane' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(posted).toEqual([{ ...DEFAULT_CONSENT, analytics: true, social: true }]));
  });

  it('keeps showing on other pages until a choice is made', async () => {
    const { user } = startWithoutConsent();
    await screen.findByRole('dialog', { name: 'Pliki cookies' });
    const nav = screen.getByRole('navigation', { name: 'Główna nawigacja' });
    await user.click(within(nav).getByRole('link', { name: 'Zarejestruj się' }));
    expect(await screen.findByRole('heading', { name: 'Zarejestruj się' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Pliki cookies' })).toBeInTheDocument();
  });
});

describe('the silent save', () => {
  it('shows nothing when saving the choice fails', async () => {
    const { user } = startWithoutConsent();
    server.use(http.post(`${API}/cookies/set-cookies`, () => HttpResponse.json({ msg: 'Błąd zapisu' }, { status: 500 })));
    await user.click(await screen.findByRole('button', { name: 'Akceptuj wszystkie' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Błąd zapisu')).not.toBeInTheDocument();
  });
});
