import { http, HttpResponse } from 'msw';
import { API } from './fixtures';

/** Calls every login and register page makes: by default Google sign-in is not configured. */
export const profileDefaultHandlers = [http.get(`${API}/auth/providers`, () => HttpResponse.json({ google: null }))];
