import { http, HttpResponse } from 'msw';
import { API } from './fixtures';
import { townsFile } from './eventFixtures';

/**
 * Answers every dashboard page triggers on its own (the saved location, the map's games, the
 * towns file), so tests of any dashboard screen need not know about them. Tests override them
 * with `server.use`.
 */
export const eventDefaultHandlers = [
  http.get(`${API}/location/decrypt`, () => HttpResponse.json({ latitude: null, longitude: null, City: null, region: null, Country: null })),
  http.get(`${API}/football-events`, () => HttpResponse.json({ events: [] })),
  http.get('http://localhost/towns-pl.json', () => HttpResponse.json(townsFile)),
  // The management page reads the organiser's unseen news of the game; none unless a test says so.
  http.get(`${API}/status/events/:id/my-status`, () => HttpResponse.json({ status: null, readBy: true })),
];
