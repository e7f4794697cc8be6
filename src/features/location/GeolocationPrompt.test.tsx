import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

type Outcome = { coords: { latitude: number; longitude: number } } | 'denied';

function fakeGeolocation(outcome: Outcome) {
  const getCurrentPosition = jest.fn((ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if (outcome === 'denied') fail?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    else ok(outcome as GeolocationPosition);
  });
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return getCurrentPosition;
}

function recordSaves() {
  const saved: unknown[] = [];
  server.use(
    http.post(`${API}/location/set-location`, async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ latitude: 50.06, longitude: 19.94, City: 'Kraków', region: 'małopolskie', Country: 'Poland' });
    }),
  );
  return saved;
}

afterEach(() => {
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
  sessionStorage.clear();
});

describe('geolocation on the dashboard', () => {
  it('asks the browser when nothing is saved and saves its position', async () => {
    const ask = fakeGeolocation({ coords: { latitude: 50.06, longitude: 19.94 } });
    const saved = recordSaves();
    renderApp('/dashboard', { preloadedState: signedIn() });
    await waitFor(() => expect(saved).toEqual([{ latitude: 50.06, longitude: 19.94 }]));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Ustaw ręcznie' })).not.toBeInTheDocument();
  });

  it('does not ask when a location is saved', async () => {
    const ask = fakeGeolocation({ coords: { latitude: 50.06, longitude: 19.94 } });
    server.use(
      http.get(`${API}/location/decrypt`, () =>
        HttpResponse.json({ latitude: 52.4, longitude: 16.9, City: 'Poznań', region: 'wielkopolskie', Country: 'Poland' }),
      ),
    );
    renderApp('/dashboard', { preloadedState: signedIn() });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await waitFor(() => expect(screen.getByTestId('maplibre-stub')).toBeInTheDocument());
    expect(ask).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Ustaw ręcznie' })).not.toBeInTheDocument();
  });

  it('ignores a refusal silently and offers to set the city by hand', async () => {
    fakeGeolocation('denied');
    const saved = recordSaves();
    const { user, router } = renderApp('/dashboard', { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Ustaw ręcznie' }, { timeout: 5000 }));
    expect(router.state.location.pathname).toBe('/dashboard/find-event');
    expect(saved).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("closes the popup for the rest of the visit on 'Nie zgadzam się'", async () => {
    fakeGeolocation('denied');
    const { user } = renderApp('/dashboard', { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Nie zgadzam się' }, { timeout: 5000 }));
    expect(screen.queryByRole('region', { name: 'Gdzie chcesz grać?' })).not.toBeInTheDocument();
    expect(sessionStorage.getItem('locationPopupDismissed')).toBe('1');
  });

  it("forgets the location and 'Nie zgadzam się' at sign-out: the next person on this tab starts afresh", async () => {
    fakeGeolocation('denied');
    server.use(
      http.get(`${API}/location/decrypt`, () =>
        HttpResponse.json({ latitude: 52.4, longitude: 16.9, City: 'Poznań', region: 'wielkopolskie', Country: 'Poland' }),
      ),
      http.post(`${API}/auth/logout`, () => HttpResponse.json({ msg: 'Wylogowano' })),
      http.get(`${API}/auth/logout`, () => HttpResponse.json({ msg: 'Wylogowano' })),
    );
    sessionStorage.setItem('locationPopupDismissed', '1');
    const { user, store } = renderApp('/dashboard', { preloadedState: signedIn() });
    await waitFor(() => expect(store.getState().location.stored?.City).toBe('Poznań'), { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Wyloguj się' }));
    await waitFor(() => expect(store.getState().session.user).toBeNull());
    expect(store.getState().location).toMatchObject({ stored: null, loaded: false, popupDismissed: false });
    expect(sessionStorage.getItem('locationPopupDismissed')).toBeNull();
  });
});
