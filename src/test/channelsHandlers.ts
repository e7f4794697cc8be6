import { http, HttpResponse } from 'msw';
import { API } from './fixtures';

/** Ustawienia's calendar section: by default no feed link yet. */
export const channelsDefaultHandlers = [http.get(`${API}/calendar/feed`, () => HttpResponse.json({ active: false, createdAt: null }))];
