import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const row = (userID: string, nickName: string, gamesPlayed: number, eventsOrganized: number, totalLikes: number) => ({
  userID, nickName, avatarUrl: null, gamesPlayed, eventsOrganized, totalLikes, points: eventsOrganized * 30 + gamesPlayed * 10 + totalLikes * 3,
});
const PLAYERS = [row('a', 'Ala', 1, 3, 0), row('b', 'Bolek', 9, 0, 2), row('c', 'Cezary', 0, 0, 7)];

/** Answers like the server: sorted by the requested key, ties by nick. */
function leaderboardServer(asked: string[]) {
  server.use(
    http.get(`${API}/user-stats/leaderboard`, ({ request }) => {
      const url = new URL(request.url);
      const sortBy = url.searchParams.get('sortBy') as keyof (typeof PLAYERS)[number];
      asked.push(`${sortBy}:${url.searchParams.get('limit')}`);
      const leaderboard = [...PLAYERS].sort((x, y) => Number(y[sortBy]) - Number(x[sortBy]) || x.nickName.localeCompare(y.nickName));
      return HttpResponse.json({ leaderboard });
    }),
  );
}

/** Nicks in table order (the avatar's initial is hidden from the accessible name, so it is skipped here too). */
const nicks = () => screen.getAllByRole('row').slice(1).map((r) => within(r).getByRole('link').lastElementChild?.textContent);

describe('ranking', () => {
  it('shows the top ten by points, then re-sorts by the clicked column', async () => {
    const asked: string[] = [];
    leaderboardServer(asked);
    const { user } = renderApp('/dashboard/ranking', { preloadedState: signedIn() });
    await screen.findByText('Ładowanie rankingu...');
    await screen.findByRole('table');
    expect(nicks()).toEqual(['Ala', 'Bolek', 'Cezary']);
    expect(screen.getByRole('columnheader', { name: /Punkty/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /Gry rozegrane/ }));
    await waitFor(() => expect(nicks()).toEqual(['Bolek', 'Ala', 'Cezary']));
    expect(screen.getByRole('button', { name: /Gry rozegrane/, pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Polubienia/ }));
    await waitFor(() => expect(nicks()).toEqual(['Cezary', 'Bolek', 'Ala']));
    expect(asked).toEqual(['points:10', 'gamesPlayed:10', 'totalLikes:10']);
  });

  it('opens a player profile from a row', async () => {
    leaderboardServer([]);
    server.use(http.get(`${API}/users/b`, () => HttpResponse.json({}, { status: 404 })));
    const { user, router } = renderApp('/dashboard/ranking', { preloadedState: signedIn() });
    await user.click(await screen.findByRole('link', { name: 'Bolek' }));
    expect(router.state.location.pathname).toBe('/dashboard/profile-users/b');
  });

  it('says when there is nobody yet', async () => {
    server.use(http.get(`${API}/user-stats/leaderboard`, () => HttpResponse.json({ leaderboard: [] })));
    renderApp('/dashboard/ranking', { preloadedState: signedIn() });
    expect(await screen.findByText('Brak danych w rankingu')).toBeInTheDocument();
  });

  it('offers a retry after a failure', async () => {
    server.use(http.get(`${API}/user-stats/leaderboard`, () => HttpResponse.json({ msg: 'x' }, { status: 500 })));
    const { user } = renderApp('/dashboard/ranking', { preloadedState: signedIn() });
    expect(await screen.findByText('Nie udało się pobrać danych rankingu')).toBeInTheDocument();
    leaderboardServer([]);
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });
});
