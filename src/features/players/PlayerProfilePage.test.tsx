import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PublicUser } from '@contract/users';
import { API, signedIn, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { formatAge } from './PlayerProfilePage';
import { server } from '../../test/server';

const zenek: PublicUser = {
  _id: 'u-2', nickName: 'Zenek', name: 'Zenon', surname: 'Martyniuk', avatarUrl: null, age: 36,
  userStats: { userID: 'u-2', gamesPlayed: 4, eventsOrganized: 1, totalLikes: 2, points: 76 }, isLikedByCurrentUser: false,
};

function stat(label: string) {
  return screen.getByText(label).nextElementSibling?.textContent;
}

describe('age in years', () => {
  it('takes the Polish plural', () => {
    expect([1, 2, 4, 5, 12, 14, 21, 22, 24, 25, 112, 122].map(formatAge)).toEqual([
      '1 rok', '2 lata', '4 lata', '5 lat', '12 lat', '14 lat', '21 lat', '22 lata', '24 lata', '25 lat', '112 lat', '122 lata',
    ]);
  });
});

describe('player profile', () => {
  it('shows the player and their statistics, and likes and unlikes them', async () => {
    server.use(
      http.get(`${API}/users/u-2`, () => HttpResponse.json({ user: zenek })),
      http.post(`${API}/user-stats/like`, () =>
        HttpResponse.json({ msg: 'Polubiono użytkownika', isLikedByCurrentUser: true, userStats: { ...zenek.userStats, totalLikes: 3, points: 79 } })),
      http.delete(`${API}/user-stats/like`, () =>
        HttpResponse.json({ msg: 'Usunięto polubienie', isLikedByCurrentUser: false, userStats: zenek.userStats })),
    );
    const { user } = renderApp('/dashboard/profile-users/u-2', { preloadedState: signedIn() });
    // The first render loads the signed-in part of the app.
    expect(await screen.findByRole('heading', { name: 'Zenek' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profil Gracza' })).toBeInTheDocument();
    expect(screen.getByText('Zenon Martyniuk')).toBeInTheDocument();
    expect(screen.getByText('36 lat')).toBeInTheDocument();
    expect([stat('Gry rozegrane'), stat('Gry utworzone'), stat('Polubień'), stat('Punkty')]).toEqual(['4', '1', '2', '76']);

    await user.click(screen.getByRole('button', { name: 'Poleć użytkownika' }));
    expect(await screen.findByText('Polubiono użytkownika')).toBeInTheDocument();
    expect(stat('Polubień')).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Usuń polubienie' }));
    expect(await screen.findByText('Usunięto polubienie')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Poleć użytkownika' })).toBeInTheDocument();
  });

  it('shows no age when the player gave no birth date', async () => {
    server.use(http.get(`${API}/users/u-2`, () => HttpResponse.json({ user: { ...zenek, age: null } })));
    renderApp('/dashboard/profile-users/u-2', { preloadedState: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Zenek' })).toBeInTheDocument();
    expect(screen.queryByText(/\d+ (lat|lata|rok)$/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a like", async () => {
    server.use(
      http.get(`${API}/users/u-2`, () => HttpResponse.json({ user: zenek })),
      http.post(`${API}/user-stats/like`, () => HttpResponse.json({ msg: 'Już polubiłeś tego użytkownika' }, { status: 409 })),
    );
    const { user } = renderApp('/dashboard/profile-users/u-2', { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Poleć użytkownika' }));
    expect(await screen.findByText('Już polubiłeś tego użytkownika')).toBeInTheDocument();
  });

  it('opens the report form about this player', async () => {
    server.use(http.get(`${API}/users/u-2`, () => HttpResponse.json({ user: zenek })));
    const { user, router } = renderApp('/dashboard/profile-users/u-2', { preloadedState: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Zgłoś użytkownika' }));
    expect(await screen.findByRole('heading', { name: 'Zgłoszenie użytkownika' })).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ type: 'user', reportedUserId: 'u-2' });
    expect(screen.getByText('Zgłaszasz gracza Zenek.')).toBeInTheDocument();
  });

  it('has no like or report buttons on my own profile', async () => {
    server.use(http.get(`${API}/users/${testUser._id}`, () =>
      HttpResponse.json({ user: { ...zenek, _id: testUser._id, nickName: testUser.nickName } })));
    renderApp(`/dashboard/profile-users/${testUser._id}`, { preloadedState: signedIn() });
    await screen.findByRole('heading', { name: testUser.nickName });
    expect(screen.queryByRole('button', { name: 'Poleć użytkownika' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zgłoś użytkownika' })).not.toBeInTheDocument();
  });

  it('says when the player cannot be loaded', async () => {
    server.use(http.get(`${API}/users/u-9`, () => HttpResponse.json({ msg: 'Nie znaleziono użytkownika' }, { status: 404 })));
    renderApp('/dashboard/profile-users/u-9', { preloadedState: signedIn() });
    expect(await screen.findByText('Nie udało się pobrać danych użytkownika')).toBeInTheDocument();
  });
});
