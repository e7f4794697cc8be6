import { http, HttpResponse } from 'msw';
import { API } from './fixtures';

/**
 * Calls every login and register page makes: by default Google sign-in is not configured. And the
 * signed-in person's stats, which the profile screens fetch (a save that lands on Mój profil asks
 * for them after its test's own handlers may be gone): zeros unless a test says otherwise.
 */
export const profileDefaultHandlers = [
  http.get(`${API}/auth/providers`, () => HttpResponse.json({ google: null })),
  http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: { userID: 'u-1', gamesPlayed: 0, eventsOrganized: 0, totalLikes: 0, points: 0 } })),
];
