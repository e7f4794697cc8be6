import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { CALENDAR_TEXTS } from './CalendarFeedSettings';
import { PUSH_TEXTS } from './PushSettings';

const preferences = { eventStatusUpdates: true, chatMessages: true, eventReminders: true, newEventInArea: true, mutedChatRooms: [], mutedEvents: [] };
const FEED = 'http://localhost:3000/api/v1/calendar/feed/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function open() {
  server.use(http.get(`${API}/notifications/preferences`, () => HttpResponse.json({ preferences })));
  return renderApp('/dashboard/settings-event', { preloadedState: signedIn() });
}

beforeAll(() => import('./SettingsPage'), 30_000);

describe('settings: push on this device', () => {
  it('says plainly when the browser cannot do push, and keeps the switch off', async () => {
    open();
    const toggle = await screen.findByRole('switch', { name: PUSH_TEXTS.label });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeInTheDocument();
  });
});

describe('settings: calendar feed', () => {
  it('makes a link, shows it once with a copy button, regenerates and turns it off', async () => {
    let active = false;
    let created = 0;
    server.use(
      http.get(`${API}/calendar/feed`, () => HttpResponse.json({ active, createdAt: active ? '2026-11-23T10:00:00.000Z' : null })),
      http.post(`${API}/calendar/feed`, () => {
        created += 1;
        const msg = active ? 'Utworzono nowy link do kalendarza. Poprzedni link przestał działać.' : 'Utworzono link do kalendarza';
        active = true;
        return HttpResponse.json({ url: `${FEED}${created}`, createdAt: '2026-11-23T10:00:00.000Z', msg });
      }),
      http.delete(`${API}/calendar/feed`, () => {
        active = false;
        return HttpResponse.json({ msg: 'Link do kalendarza został wyłączony' });
      }),
    );
    const { user } = open();
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    const section = within((await screen.findByRole('heading', { name: 'Kalendarz' })).closest('section')!);
    await user.click(await section.findByRole('button', { name: CALENDAR_TEXTS.create }));
    expect(await screen.findByText('Utworzono link do kalendarza')).toBeInTheDocument();
    expect(section.getByLabelText('Twój link do kalendarza')).toHaveValue(`${FEED}1`);
    expect(section.getByText(CALENDAR_TEXTS.onceOnly)).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: CALENDAR_TEXTS.copy }));
    expect(await screen.findByText(CALENDAR_TEXTS.copied)).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith(`${FEED}1`);

    await user.click(await section.findByRole('button', { name: CALENDAR_TEXTS.regenerate }));
    expect(await screen.findByText('Utworzono nowy link do kalendarza. Poprzedni link przestał działać.')).toBeInTheDocument();
    expect(section.getByLabelText('Twój link do kalendarza')).toHaveValue(`${FEED}2`);

    await user.click(section.getByRole('button', { name: CALENDAR_TEXTS.revoke }));
    expect(await screen.findByText('Link do kalendarza został wyłączony')).toBeInTheDocument();
    expect(section.queryByLabelText('Twój link do kalendarza')).not.toBeInTheDocument();
    expect(await section.findByRole('button', { name: CALENDAR_TEXTS.create })).toBeInTheDocument();
  });
});
