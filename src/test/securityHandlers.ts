import { http, HttpResponse } from 'msw';
import type { SessionInfo } from '@contract/two-factor';
import { API } from './fixtures';

export const thisBrowser: SessionInfo = {
  id: 'a'.repeat(32), browser: 'Firefox 128', os: 'Linux', createdAt: '2026-11-20T10:00:00.000Z', lastSeenAt: '2026-11-23T09:00:00.000Z', current: true,
};

/** What Ustawienia and the deletion dialog ask for: by default two-factor off, a password, one session. */
export const securityDefaultHandlers = [
  http.get(`${API}/auth/totp`, () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0, hasPassword: true })),
  http.get(`${API}/auth/sessions`, () => HttpResponse.json({ sessions: [thisBrowser] })),
];
