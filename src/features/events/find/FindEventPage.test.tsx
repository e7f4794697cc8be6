import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EVENT_MSG } from '@contract/events';
import { makeEvent } from '../../../test/eventFixtures';
import { API, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

interface SearchBody {
  City?: string;
  region?: string | null;
  distance?: number;
}

function recordSearches(events = [makeEvent({ eventName: 'Gierka na Orliku', distance: 1.2 })], answer: { total?: number; totalIsLowerBound?: boolean } = {}) {
  const searches: SearchBody[] = [];
  let saved: unknown = null;
  server.use(
    http.post(`${API}/football-events/search`, async ({ request }) => {
      searches.push((await request.json()) as SearchBody);
      return HttpResponse.json({ events, total: events.length, totalIsLowerBound: false, ...answer });
    }),
    http.post(`${API}/location/set-location`, async ({ request }) => {
      saved = await request.json();
      return HttpResponse.json({ latitude: 52.2298, longitude: 21.0118, City: 'Warszawa', region: 'mazowieckie', Country: 'Poland' });
    }),
  );
  return { searches, saved: () => saved };
}

async function openFind() {
  const view = renderApp('/dashboard/find-event', { preloadedState: signedIn() });
  await screen.findByRole('heading', { name: 'Znajdź Wydarzenie' }, { timeout: 5000 });
  return view;
}

describe('find event', () => {
  it('suggests towns grouped by voivodeship from the second letter', async () => {
    const { user } = await openFind();
    const city = screen.getByRole('combobox', { name: 'Miasto' });
    await user.type(city, 'O');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(city, 's');
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('group').map((g) => g.textContent)).toEqual([
      'małopolskieOsiek',
      'świętokrzyskieOsiek',
    ]);
  });

  it('alerts that a city in several voivodeships needs a suggestion, and does not search', async () => {
    const { searches } = recordSearches();
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'Osiek');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EVENT_MSG.cityAmbiguous);
    expect(searches).toEqual([]);
  });

  it('alerts that an unknown city is not in the database', async () => {
    const { searches } = recordSearches();
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'Atlantyda');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(EVENT_MSG.cityUnknown);
    expect(searches).toEqual([]);
  });

  it('fills in the region of a single match and searches, leaving the saved location alone', async () => {
    const { searches, saved } = recordSearches();
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'warszawa');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(await screen.findByText('Województwo: mazowieckie')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Gierka na Orliku/ })).toHaveAttribute('href', expect.stringMatching(/^\/dashboard\/event\/e-\d+$/));
    expect(searches).toEqual([expect.objectContaining({ City: 'Warszawa', region: 'mazowieckie', distance: 5 })]);
    expect(saved()).toBeNull();
  });

  it("saves the searched town as my location only when I press 'Zapisz jako moją lokalizację'", async () => {
    const { saved } = recordSearches();
    const { user, store } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'warszawa');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    await screen.findByRole('link', { name: /Gierka na Orliku/ });
    // Typing another town does not change what would be saved: the search on screen does.
    await user.clear(screen.getByRole('combobox', { name: 'Miasto' }));
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'Kraków');
    await user.click(screen.getByRole('button', { name: 'Zapisz jako moją lokalizację' }));
    expect(await screen.findByText('Zapisano Twoją lokalizację: Warszawa')).toBeInTheDocument();
    expect(saved()).toEqual({ City: 'Warszawa', region: 'mazowieckie', Country: 'Poland' });
    expect(store.getState().location.stored).toMatchObject({ City: 'Warszawa' });
    expect(await screen.findByText('To Twoja zapisana lokalizacja.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz jako moją lokalizację' })).not.toBeInTheDocument();
  });

  it('says so when saving the location fails, and keeps the button', async () => {
    recordSearches();
    server.use(http.post(`${API}/location/set-location`, () => HttpResponse.json({ msg: 'Nie udało się zapisać lokalizacji' }, { status: 500 })));
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'warszawa');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    await user.click(await screen.findByRole('button', { name: 'Zapisz jako moją lokalizację' }));
    expect(await screen.findByText('Nie udało się zapisać lokalizacji')).toBeInTheDocument();
    // The notice is shown as the request fails; the button is enabled again on the render after it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zapisz jako moją lokalizację' })).toBeEnabled());
  });

  it('says "100+" when the server counted only up to its bound', async () => {
    const many = Array.from({ length: 100 }, (_, i) => makeEvent({ eventName: `Gra ${i}`, distance: i / 10 }));
    recordSearches(many, { total: 100, totalIsLowerBound: true });
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'warszawa');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(await screen.findByText('Pokazujemy 100 najbliższych z 100+ wydarzeń. Zmniejsz odległość, aby zawęzić wyniki.')).toBeInTheDocument();
  });

  it('asks for 25 nearest games and fetches the next page with "Pokaż więcej" until the last', async () => {
    const all = Array.from({ length: 60 }, (_, i) => makeEvent({ eventName: `Gra ${i + 1}`, distance: i / 10 }));
    const pages: number[] = [];
    server.use(
      http.post(`${API}/football-events/search`, async ({ request }) => {
        const body = (await request.json()) as { page: number; limit: number };
        pages.push(body.page);
        const from = (body.page - 1) * body.limit;
        return HttpResponse.json({ events: all.slice(from, from + body.limit), total: all.length, totalIsLowerBound: false });
      }),
    );
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'warszawa');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(await screen.findByText('Znaleziono: 25')).toBeInTheDocument();
    expect(screen.getByText('Pokazujemy 25 najbliższych z 60 wydarzeń. Zmniejsz odległość, aby zawęzić wyniki.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pokaż więcej' }));
    expect(await screen.findByText('Znaleziono: 50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pokaż więcej' }));
    expect(await screen.findByText('Znaleziono: 60')).toBeInTheDocument();
    // Nearest first, every game once, and nothing more to ask for.
    const links = within(screen.getByRole('region', { name: 'Wyniki' })).getAllByRole('link');
    expect(links.map((a) => a.textContent?.match(/Gra \d+/)?.[0])).toEqual(all.map((e) => e.eventName));
    expect(screen.queryByRole('button', { name: 'Pokaż więcej' })).not.toBeInTheDocument();
    expect(screen.queryByText(/najbliższych z/)).not.toBeInTheDocument();
    expect(pages).toEqual([1, 2, 3]);
  });

  it('keeps the games shown and offers "Pokaż więcej" again when the next page fails', async () => {
    const first = Array.from({ length: 25 }, (_, i) => makeEvent({ eventName: `Gra ${i + 1}` }));
    let failNext = true;
    server.use(
      http.post(`${API}/football-events/search`, async ({ request }) => {
        const body = (await request.json()) as { page: number };
        if (body.page === 1) return HttpResponse.json({ events: first, total: 100, totalIsLowerBound: true });
        if (failNext) {
          failNext = false;
          return HttpResponse.json({ msg: 'Błąd' }, { status: 500 });
        }
        return HttpResponse.json({ events: [makeEvent({ eventName: 'Gra 26' })], total: 100, totalIsLowerBound: true });
      }),
    );
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'warszawa');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(await screen.findByText('Pokazujemy 25 najbliższych z 100+ wydarzeń. Zmniejsz odległość, aby zawęzić wyniki.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pokaż więcej' }));
    expect(await screen.findByText('Nie udało się wczytać kolejnych wydarzeń. Spróbuj ponownie.')).toBeInTheDocument();
    expect(screen.getByText('Znaleziono: 25')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pokaż więcej' }));
    expect(await screen.findByText('Znaleziono: 26')).toBeInTheDocument();
  });

  it('gives no "nearest of" hint when every game found is shown', async () => {
    recordSearches([makeEvent({ eventName: 'Gierka na Orliku', distance: 1.2 })], { total: 1, totalIsLowerBound: false });
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'warszawa');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(await screen.findByText('Znaleziono: 1')).toBeInTheDocument();
    expect(screen.queryByText(/najbliższych z/)).not.toBeInTheDocument();
  });

  it('searches the voivodeship of the chosen suggestion', async () => {
    const { searches } = recordSearches();
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'Osi');
    await user.click((await screen.findAllByRole('option', { name: 'Osiek' }))[1]);
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    await screen.findByText('Znaleziono: 1');
    expect(searches[0]).toMatchObject({ City: 'Osiek', region: 'świętokrzyskie' });
  });

  it.each([
    ['80', 50],
    ['0', 1],
    ['', 1],
    ['12', 12],
  ])('clamps the distance %p to %p km', async (typed, expected) => {
    const { searches } = recordSearches();
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'Kraków');
    const distance = screen.getByLabelText('Odległość (km)');
    await user.clear(distance);
    if (typed) await user.type(distance, typed);
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    await screen.findByText('Znaleziono: 1');
    expect(distance).toHaveValue(expected);
    expect(searches[0].distance).toBe(expected);
  });

  it('narrows the results by game type on the client', async () => {
    recordSearches([makeEvent({ eventName: 'Mecz piłki' }), makeEvent({ eventName: 'Siatka w hali', gameType: 'volleyball' })]);
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'Kraków');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    await screen.findByText('Znaleziono: 2');
    await user.selectOptions(screen.getByLabelText('Rodzaj gry'), 'volleyball');
    expect(screen.getByText('Znaleziono: 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Siatka w hali/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Mecz piłki/ })).not.toBeInTheDocument();
  });

  it('says so when nothing is found', async () => {
    recordSearches([]);
    const { user } = await openFind();
    await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'Radom');
    await user.click(screen.getByRole('button', { name: 'Szukaj' }));
    expect(await screen.findByText('Brak wydarzeń w promieniu 5 km. Zwiększ odległość albo wybierz inny rodzaj gry.')).toBeInTheDocument();
  });
});
