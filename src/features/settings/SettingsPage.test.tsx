import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RootState } from '../../app/store';
import { API, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const preferences = { eventStatusUpdates: true, chatMessages: true, eventReminders: true, newEventInArea: true, mutedChatRooms: [], mutedEvents: [] };
const consent = (accepted: boolean): Partial<RootState> => ({
  consent: {
    preferences: { necessary: true, functional: false, analytics: false, marketing: false, social: false },
    isOpened: false, isAccepted: accepted, exists: accepted,
  },
});

function open(state: Partial<RootState> = {}) {
  server.use(http.get(`${API}/notifications/preferences`, () => HttpResponse.json({ preferences })));
  return renderApp('/dashboard/settings-event', { preloadedState: { ...signedIn(), ...consent(true), ...state } });
}

// The page is a lazy route: its first compile under a busy test run must not eat the first test's wait.
beforeAll(() => import('./SettingsPage'), 30_000);

describe('settings', () => {
  beforeEach(() => localStorage.clear());

  it('switches the map theme, keeps it and says so', async () => {
    const { user, store } = open();
    await screen.findByRole('heading', { name: 'Ustawienia' });
    await user.click(screen.getByRole('radio', { name: 'Jasny' }));
    expect(await screen.findByText('Motyw mapy zmieniono na jasny')).toBeInTheDocument();
    expect(store.getState().mapTheme).toBe('light');
    expect(localStorage.getItem('mapTheme')).toBe('light');
    await user.click(screen.getByRole('radio', { name: 'Ciemny' }));
    expect(await screen.findByText('Motyw mapy zmieniono na ciemny')).toBeInTheDocument();
    expect(localStorage.getItem('mapTheme')).toBe('dark');
  });

  it('stores each cookie category as soon as it is changed', async () => {
    const saved: unknown[] = [];
    server.use(http.post(`${API}/cookies/set-cookies`, async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ msg: 'ok' });
    }));
    const { user, store } = open();
    await user.click(await screen.findByRole('checkbox', { name: /Analityczne/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ necessary: true, functional: false, analytics: true, marketing: false, social: false });
    await user.click(screen.getByRole('checkbox', { name: /Społecznościowe/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ analytics: true, social: true });
    expect(store.getState().consent.preferences).toMatchObject({ analytics: true, social: true });
    expect(screen.getByRole('checkbox', { name: /Niezbędne/ })).toBeDisabled();
  });

  it('undoes a cookie change the server did not store, and says so', async () => {
    server.use(http.post(`${API}/cookies/set-cookies`, () => HttpResponse.json({ msg: 'x' }, { status: 500 })));
    const { user } = open();
    const marketing = await screen.findByRole('checkbox', { name: /Marketingowe/ });
    await user.click(marketing);
    expect(await screen.findByText('Nie udało się zaktualizować ustawień cookies')).toBeInTheDocument();
    expect(marketing).not.toBeChecked();
  });

  it('counts a first choice made here as the cookie consent', async () => {
    const saved: unknown[] = [];
    server.use(http.post(`${API}/cookies/set-cookies`, async ({ request }) => {
      saved.push(await request.json());
      return HttpResponse.json({ msg: 'ok' });
    }));
    const { user, store } = open(consent(false));
    await user.click(await screen.findByRole('checkbox', { name: /Funkcjonalne/ }));
    await waitFor(() => expect(saved).toEqual([expect.objectContaining({ functional: true })]));
    expect(store.getState().consent.isAccepted).toBe(true);
  });

  it('deletes the saved location, with its texts for success and both failures', async () => {
    let answer = () => HttpResponse.json({ msg: 'Lokalizacja została usunięta' });
    server.use(http.delete(`${API}/location/clear`, () => answer()));
    const { user } = open();
    const button = await screen.findByRole('button', { name: 'Usuń zapisaną lokalizację' });
    await user.click(button);
    expect(await screen.findByText('Lokalizacja została usunięta')).toBeInTheDocument();
    answer = () => HttpResponse.json({ msg: 'x' }, { status: 500 });
    await user.click(button);
    expect(await screen.findByText('Nie udało się usunąć lokalizacji')).toBeInTheDocument();
    answer = () => HttpResponse.error();
    await user.click(button);
    expect(await screen.findByText('Wystąpił błąd podczas usuwania lokalizacji')).toBeInTheDocument();
  });

  it('opens the bug report form', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Zgłoś błąd' }));
    expect(await screen.findByRole('heading', { name: 'Zgłoszenie błędu' })).toBeInTheDocument();
  });

  it('has the notification switches and the chat history button', async () => {
    open();
    expect(await screen.findByRole('switch', { name: 'Powiadomienia z czatu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Wyczyść historię czatu' })).toBeInTheDocument();
  });
});
