import { http, HttpResponse } from 'msw';
import { consentResponse, DEFAULT_CONSENT } from '@contract/consent';
import { readConsentResponse } from '@contract/plain/consent';
import { API } from '../../test/fixtures';
import { setupTestStore } from '../../test/render';
import { server } from '../../test/server';
import {
  allAccepted, consentReducer, loadConsent, optionalRejected, preferenceSet, selectedAccepted,
} from './consentSlice';

const closed = consentReducer(undefined, { type: 'init' });
const open = { ...closed, isOpened: true };

describe('consent reducer', () => {
  it('starts with only necessary cookies, closed and not accepted', () => {
    expect(closed).toEqual({ preferences: DEFAULT_CONSENT, isOpened: false, isAccepted: false, exists: false });
  });

  it('accept all turns every category on, closes and marks accepted', () => {
    const state = consentReducer(open, allAccepted());
    expect(state.preferences).toEqual({ necessary: true, functional: true, analytics: true, marketing: true, social: true });
    expect(state).toMatchObject({ isOpened: false, isAccepted: true });
  });

  it('reject keeps only necessary cookies and closes', () => {
    const touched = consentReducer(open, preferenceSet({ category: 'analytics', value: true }));
    const state = consentReducer(touched, optionalRejected());
    expect(state.preferences).toEqual(DEFAULT_CONSENT);
    expect(state).toMatchObject({ isOpened: false, isAccepted: true });
  });

  it('accept selected keeps the chosen categories, closes and marks accepted', () => {
    const chosen = consentReducer(open, preferenceSet({ category: 'social', value: true }));
    const state = consentReducer(chosen, selectedAccepted());
    expect(state.preferences).toEqual({ ...DEFAULT_CONSENT, social: true });
    expect(state).toMatchObject({ isOpened: false, isAccepted: true });
  });
});

describe('consent start-up', () => {
  it('applies a stored choice: existing, accepted and closed', async () => {
    const stored = { ...DEFAULT_CONSENT, functional: true };
    server.use(http.get(`${API}/cookies/decrypt`, () => HttpResponse.json({ cookiesAccepted: stored })));
    const { store } = setupTestStore();
    await store.dispatch(loadConsent());
    expect(store.getState().consent).toEqual({ preferences: stored, exists: true, isAccepted: true, isOpened: false });
  });

  it('opens the popup when nothing is stored', async () => {
    server.use(http.get(`${API}/cookies/decrypt`, () => HttpResponse.json({ cookiesAccepted: null })));
    const { store } = setupTestStore();
    await store.dispatch(loadConsent());
    expect(store.getState().consent).toMatchObject({ exists: false, isAccepted: false, isOpened: true });
  });

  it('treats a failed or malformed answer as nothing stored', async () => {
    server.use(http.get(`${API}/cookies/decrypt`, () => HttpResponse.json({ msg: 'x' }, { status: 500 })));
    const failed = setupTestStore();
    await failed.store.dispatch(loadConsent());
    expect(failed.store.getState().consent).toMatchObject({ exists: false, isOpened: true });

    server.use(http.get(`${API}/cookies/decrypt`, () => HttpResponse.json({ cookiesAccepted: { analytics: 'yes' } })));
    const malformed = setupTestStore();
    await malformed.store.dispatch(loadConsent());
    expect(malformed.store.getState().consent).toMatchObject({ exists: false, isOpened: true });
  });

  it('does not post a choice it has just read from the server', async () => {
    let posted = false;
    server.use(
      http.get(`${API}/cookies/decrypt`, () => HttpResponse.json({ cookiesAccepted: DEFAULT_CONSENT })),
      http.post(`${API}/cookies/set-cookies`, () => {
        posted = true;
        return HttpResponse.json({});
      }),
    );
    const { store } = setupTestStore();
    await store.dispatch(loadConsent());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(posted).toBe(false);
  });
});

describe('reading the stored choice without zod', () => {
  const answers: unknown[] = [
    { cookiesAccepted: null },
    { cookiesAccepted: DEFAULT_CONSENT },
    { cookiesAccepted: { functional: true, analytics: false, marketing: true, social: false } },
    { cookiesAccepted: { ...DEFAULT_CONSENT, extra: 1 } },
    { cookiesAccepted: { ...DEFAULT_CONSENT, necessary: false } },
    { cookiesAccepted: { ...DEFAULT_CONSENT, analytics: 'yes' } },
    { cookiesAccepted: { functional: true } },
    { cookiesAccepted: [] },
    {},
    { msg: 'x' },
    null,
    'cookies',
  ];

  it.each(answers)('reads %j as the contract schema does', (answer) => {
    const parsed = consentResponse.safeParse(answer);
    expect(readConsentResponse(answer)).toEqual(parsed.success ? parsed.data.cookiesAccepted : null);
  });
});
