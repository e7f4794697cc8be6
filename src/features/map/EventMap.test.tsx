import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventDto, MapClusterDto } from '@contract/events';
import { makeEvent } from '../../test/eventFixtures';
import { expectConsole } from '../../test/console';
import { API, signedIn } from '../../test/fixtures';
import { stubMap } from '../../test/mapLibreStub';
import type { AppStore } from '../../app/store';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { resetMapStyleFallback, STYLE_TIMEOUT_MS } from './mapStyle';

const ONLINE_DARK = 'https://tiles.openfreemap.org/styles/dark';
const OFFLINE_DARK = 'http://localhost/map/offline-style-dark.json';

const near = (longitude: number, latitude: number, overrides: Partial<EventDto> = {}) =>
  makeEvent({ ...overrides, geolocation: { type: 'Point', coordinates: [longitude, latitude] } });

function serveMapEvents(events: EventDto[], clusters: MapClusterDto[] = []) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/football-events`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      // As the server: bubbles when the map says it is zoomed out, markers otherwise.
      return HttpResponse.json(query.has('zoom') ? { events: [], clusters } : { events, clusters: [] });
    }),
  );
  return queries;
}

/** Every request the screen made has its answer (RTK Query has nothing pending). */
async function settled(store: AppStore) {
  await waitFor(() => expect(Object.values(store.getState().api.queries).filter((q) => q?.status === 'pending')).toEqual([]));
}

async function openMap() {
  const view = renderApp('/dashboard', { preloadedState: signedIn() });
  await screen.findByTestId('maplibre-stub', {}, { timeout: 5000 });
  return view;
}

describe('dashboard map', () => {
  it("asks for the games of the view ±0.2° around Warsaw when nothing is saved", async () => {
    const queries = serveMapEvents([]);
    await openMap();
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(Object.fromEntries(queries[0])).toEqual({ minLat: '52', maxLat: '52.5', minLon: '20.7', maxLon: '21.3' });
  });

  it('shows a marker per game and a cluster for games close together', async () => {
    serveMapEvents([
      near(21.0122, 52.2297, { eventName: 'Orlik A' }),
      near(21.0123, 52.2298, { eventName: 'Orlik B' }),
      near(21.03, 52.235, { eventName: 'Hala C', gameType: 'volleyball' }),
    ]);
    await openMap();
    expect(await screen.findByRole('button', { name: '2 wydarzenia w tym miejscu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siatkówka: Hala C' })).toBeInTheDocument();
  });

  it("lists a cluster's games in a popup with type, name, price, duration and players sought", async () => {
    const a = near(21.0122, 52.2297, { eventName: 'Orlik A', price: 15, duration: 90, playerCount: 4 });
    const b = near(21.0123, 52.2298, { eventName: 'Orlik B', price: 0, duration: 60, playerCount: 2, gameType: 'basketball' });
    serveMapEvents([a, b]);
    const { user } = await openMap();
    await user.click(await screen.findByRole('button', { name: '2 wydarzenia w tym miejscu' }));
    const popup = within(screen.getByRole('region', { name: '2 wydarzenia w tym miejscu' }));
    const first = popup.getByRole('link', { name: /Orlik A/ });
    expect(first).toHaveAttribute('href', `/dashboard/event/${a._id}`);
    expect(first).toHaveTextContent('Piłka nożna');
    expect(first).toHaveTextContent('15 zł · 90 min · Szuka: 4');
    expect(popup.getByRole('link', { name: /Orlik B/ })).toHaveTextContent('Koszykówka');
    await user.click(popup.getByRole('button', { name: 'Zamknij' }));
    expect(screen.queryByRole('region', { name: '2 wydarzenia w tym miejscu' })).not.toBeInTheDocument();
  });

  it('closes the popup when its marker leaves the view', async () => {
    serveMapEvents([near(21.0122, 52.2297, { eventName: 'Orlik A' })]);
    const { user } = await openMap();
    await user.click(await screen.findByRole('button', { name: 'Piłka nożna: Orlik A' }));
    expect(screen.getByRole('region', { name: '1 wydarzenie w tym miejscu' })).toBeInTheDocument();
    act(() => stubMap.last().moveTo({ longitude: 21.009 }));
    expect(screen.getByRole('region', { name: '1 wydarzenie w tym miejscu' })).toBeInTheDocument();
    act(() => stubMap.last().moveTo({ longitude: 21.2 }));
    expect(screen.queryByRole('region', { name: '1 wydarzenie w tym miejscu' })).not.toBeInTheDocument();
  });

  it('shows the server\'s bubbles when zoomed out, and zooms in on a click until the markers come', async () => {
    const queries = serveMapEvents(
      [near(21.0122, 52.2297, { eventName: 'Orlik A' })],
      [
        { id: '8:537:2340', latitude: 52.2, longitude: 21.0, count: 1250 },
        { id: '8:540:2341', latitude: 52.25, longitude: 21.1, count: 3 },
      ],
    );
    const { user } = await openMap();
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0].has('zoom')).toBe(false);
    act(() => stubMap.last().moveTo({ zoom: 8.4 }));
    await waitFor(() => expect(queries.some((q) => q.get('zoom') === '8')).toBe(true));
    const bubble = await screen.findByRole('button', { name: '1250 wydarzeń w tej okolicy, przybliż mapę' });
    expect(screen.getByRole('button', { name: '3 wydarzenia w tej okolicy, przybliż mapę' })).toBeInTheDocument();
    await user.click(bubble);
    // Two levels closer, centred on the bubble; no popup for a count.
    expect(stubMap.last().getZoom()).toBe(10);
    expect(screen.queryByRole('region', { name: /w tym miejscu/ })).not.toBeInTheDocument();
    await waitFor(() => expect(queries.some((q) => q.get('zoom') === '10')).toBe(true));
    await user.click(await screen.findByRole('button', { name: '1250 wydarzeń w tej okolicy, przybliż mapę' }));
    expect(stubMap.last().getZoom()).toBe(11);
    // Past zoom 10 the map asks for markers again, and the bubbles give way to them.
    expect(await screen.findByRole('button', { name: 'Piłka nożna: Orlik A' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /w tej okolicy/ })).not.toBeInTheDocument();
    expect(queries[queries.length - 1].has('zoom')).toBe(false);
  });

  it('lists what the view shows, announced with its count; an entry opens the same popup, Escape closes it', async () => {
    serveMapEvents([
      near(21.0122, 52.2297, { eventName: 'Orlik A' }),
      near(21.0123, 52.2298, { eventName: 'Orlik B' }),
      near(21.03, 52.235, { eventName: 'Hala C', gameType: 'volleyball', startDateTime: '2026-12-05T18:30:00.000Z' }),
      // In the fetched margin, out of the view: drawn around it, not listed.
      near(21.3, 52.3, { eventName: 'Daleko D' }),
    ]);
    const { user } = await openMap();
    const list = await screen.findByRole('region', { name: /^W widoku: 3 wydarzenia/ });
    const toggle = within(list).getByRole('button', { name: /^W widoku: 3 wydarzenia/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['Skupisko na mapie: 2 wydarzenia', 'Hala C, siatkówka, sob., 5 grudnia 2026, 19:30']),
    );
    expect(within(list).queryByText(/Daleko D/)).not.toBeInTheDocument();

    const entry = within(list).getByRole('button', { name: 'Skupisko na mapie: 2 wydarzenia' });
    await user.click(entry);
    const popup = screen.getByRole('region', { name: '2 wydarzenia w tym miejscu' });
    expect(within(popup).getByRole('link', { name: /Orlik A/ })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: '2 wydarzenia w tym miejscu' })).not.toBeInTheDocument();
    expect(entry).toHaveFocus();
  });

  it('starts from the saved location and uses the dark style by default', async () => {
    server.use(
      http.get(`${API}/location/decrypt`, () =>
        HttpResponse.json({ latitude: 50.0614, longitude: 19.9366, City: 'Kraków', region: 'małopolskie', Country: 'Poland' }),
      ),
    );
    const queries = serveMapEvents([]);
    await openMap();
    expect(screen.getByTestId('maplibre-stub')).toHaveAttribute('data-style', ONLINE_DARK);
    await waitFor(() => expect(queries.some((q) => q.get('minLat') === '49.8')).toBe(true));
  });
});

describe('map style fallback', () => {
  beforeEach(() => {
    resetMapStyleFallback();
    stubMap.styleArrives = false;
  });
  afterEach(() => {
    stubMap.styleArrives = true;
    resetMapStyleFallback();
    jest.useRealTimers();
  });

  it('switches to the offline style when the online one cannot be loaded, keeping the markers', async () => {
    serveMapEvents([near(21.0122, 52.2297, { eventName: 'Orlik A' })]);
    await openMap();
    expect(screen.getByTestId('maplibre-stub')).toHaveAttribute('data-style', ONLINE_DARK);
    act(() => stubMap.last().fail());
    expect(screen.getByTestId('maplibre-stub')).toHaveAttribute('data-style', OFFLINE_DARK);
    expect(await screen.findByRole('button', { name: 'Piłka nożna: Orlik A' })).toBeInTheDocument();
  });

  it('switches to the offline style when the online one takes longer than the limit', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    serveMapEvents([]);
    const { store } = await openMap();
    act(() => jest.advanceTimersByTime(STYLE_TIMEOUT_MS - 1));
    expect(screen.getByTestId('maplibre-stub')).toHaveAttribute('data-style', ONLINE_DARK);
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('maplibre-stub')).toHaveAttribute('data-style', OFFLINE_DARK);
    // The dashboard's own requests answered before the test ends, so nothing updates outside act().
    await settled(store);
  });

  it('keeps the online style when it arrived and a later tile fails', async () => {
    stubMap.styleArrives = true;
    jest.useFakeTimers({ advanceTimers: true });
    serveMapEvents([]);
    const { store } = await openMap();
    // The dashboard's own requests answered first, so nothing updates outside act() below.
    await settled(store);
    // MapLibre errors the fallback does not handle are logged for the developer.
    const logged = expectConsole('error', /tile 14\/9148\/5394 failed/);
    const tileError = new Error('tile 14/9148/5394 failed');
    await act(async () => stubMap.last().fail(tileError));
    await act(async () => jest.advanceTimersByTime(STYLE_TIMEOUT_MS));
    expect(screen.getByTestId('maplibre-stub')).toHaveAttribute('data-style', ONLINE_DARK);
    expect(logged.calls).toEqual([[tileError]]);
  });
});
