import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { DEFAULT_PREFERENCES, NOTIFICATION_MSG, type NotificationDto, type NotificationPreferences } from '@contract/notifications';
import { chatReadyStore } from '../../test/chatStore';
import { API } from '../../test/fixtures';
import { notificationFixture } from '../../test/notificationHandlers';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import * as sound from '../unread/notificationSound';
import { DeliverySettings } from './DeliverySettings';

jest.spyOn(sound, 'playNotificationSound').mockImplementation(() => undefined);

/** A fake server keeping a person's notifications: lists pages, marks read, marks all read. */
function inbox(initial: NotificationDto[]) {
  const state = { items: [...initial], readCalls: [] as string[], readAll: 0 };
  const own = ['reminder', 'nearbyGame', 'eventChanged'];
  server.use(
    http.get(`${API}/notifications`, ({ request }) => {
      const q = new URL(request.url).searchParams;
      const page = Number(q.get('page') ?? 1);
      const limit = Number(q.get('limit') ?? 20);
      const items = q.get('unreadOnly') === 'true' ? state.items.filter((n) => !n.read) : state.items;
      return HttpResponse.json({
        notifications: items.slice((page - 1) * limit, page * limit),
        total: items.length,
        unread: state.items.filter((n) => !n.read).length,
        unreadOther: state.items.filter((n) => !n.read && own.includes(n.kind)).length,
        page,
        pages: Math.max(1, Math.ceil(items.length / limit)),
      });
    }),
    http.patch(`${API}/notifications/:id/read`, ({ params }) => {
      state.readCalls.push(String(params.id));
      const n = state.items.find((i) => i._id === params.id)!;
      n.read = true;
      return HttpResponse.json({ notification: n });
    }),
    http.post(`${API}/notifications/read-all`, () => {
      state.readAll += 1;
      const marked = state.items.filter((n) => !n.read).length;
      state.items.forEach((n) => (n.read = true));
      return HttpResponse.json({ marked });
    }),
  );
  return state;
}

const bell = () => screen.getByRole('button', { name: /^Powiadomienia/ });

describe('the bell and the list of notifications', () => {
  it("the bell counts a reminder, shows the latest in its dropdown and leads to the full list; a new one arrives by socket", async () => {
    const state = inbox([notificationFixture({ _id: 'n-a', title: 'Przypomnienie: Gierka na Orliku' })]);
    const { store, socket } = await chatReadyStore();
    const { user, router } = renderApp('/dashboard', { store });
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent(/^1$/);
    await user.click(bell());
    const latest = screen.getByRole('link', { name: /Przypomnienie: Gierka na Orliku/ });
    expect(latest).toHaveAttribute('href', '/dashboard/event/e-1');

    // The server stores a new one and says so on the socket: the dropdown refetches.
    state.items.unshift(notificationFixture({ _id: 'n-b', kind: 'nearbyGame', title: 'Nowa gra w Twojej okolicy', link: '/dashboard/settings-event' }));
    await act(async () => socket.serverEmit('notification', { notification: state.items[0] }));
    expect(await screen.findByRole('link', { name: /Nowa gra w Twojej okolicy/ })).toBeInTheDocument();
    expect(screen.getByTestId('bell-badge')).toHaveTextContent(/^2$/);

    await user.click(screen.getByRole('link', { name: /Nowa gra w Twojej okolicy/ }));
    expect(router.state.location.pathname).toBe('/dashboard/settings-event');
    await waitFor(() => expect(state.readCalls).toEqual(['n-b']));
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent(/^1$/));

    await user.click(bell());
    await user.click(screen.getByRole('link', { name: /Zobacz wszystkie powiadomienia/ }));
    expect(router.state.location.pathname).toBe('/dashboard/notifications');
    // The page is its own chunk: loading it may take a moment on a busy machine.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Powiadomienia', level: 1 })).toBeInTheDocument(), { timeout: 20_000 });
  });

  it('the list pages, marks one read and marks all read', async () => {
    const items = Array.from({ length: 23 }, (_, i) => notificationFixture({ _id: `n-${i}`, title: `Powiadomienie ${i + 1}`, read: i >= 3 }));
    const state = inbox(items);
    const { store } = await chatReadyStore();
    const { user } = renderApp('/dashboard/notifications', { store });
    const list = await screen.findByRole('list', { name: 'Lista powiadomień' }, { timeout: 5000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText('Strona 1 z 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Oznacz jako przeczytane: Powiadomienie 1' }));
    await waitFor(() => expect(state.readCalls).toEqual(['n-0']));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Oznacz jako przeczytane: Powiadomienie 1' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Następna' }));
    expect(await screen.findByText('Powiadomienie 23')).toBeInTheDocument();
    expect(screen.getByText('Strona 2 z 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Oznacz wszystkie jako przeczytane' }));
    expect(await screen.findByText(NOTIFICATION_MSG.markAllDone)).toBeInTheDocument();
    expect(state.readAll).toBe(1);
    await user.click(screen.getByRole('checkbox', { name: 'Tylko nieprzeczytane' }));
    expect(await screen.findByText('Nie masz nieprzeczytanych powiadomień.')).toBeInTheDocument();
  });
});

describe('settings: reminders, channels and new games nearby', () => {
  it('saves each switch, the game types, and shows the server’s Polish refusal', async () => {
    const sent: unknown[] = [];
    let prefs: NotificationPreferences = { ...DEFAULT_PREFERENCES };
    server.use(
      http.get(`${API}/notifications/preferences`, () => HttpResponse.json({ preferences: prefs })),
      http.put(`${API}/notifications/preferences`, async ({ request }) => {
        const body = (await request.json()) as Partial<NotificationPreferences>;
        sent.push(body);
        if (body.nearbyRadiusKm !== undefined) return HttpResponse.json({ msg: NOTIFICATION_MSG.radiusRange }, { status: 400 });
        prefs = { ...prefs, ...body };
        return HttpResponse.json({ preferences: prefs });
      }),
    );
    const { store } = await chatReadyStore();
    const { user } = renderApp('/', { store, routes: [{ path: '/', element: <DeliverySettings /> }] });
    const day = await screen.findByRole('switch', { name: /24 godziny przed startem/ });
    await waitFor(() => expect(day).toBeEnabled());
    await user.click(day);
    expect(await screen.findByText(NOTIFICATION_MSG.settingsSaved)).toBeInTheDocument();
    await waitFor(() => expect(day).not.toBeChecked());
    await user.click(screen.getByRole('checkbox', { name: 'Siatkówka' }));
    await user.click(screen.getByRole('switch', { name: /codzienne podsumowanie/ }));
    await waitFor(() => expect(sent).toEqual([{ reminder24h: false }, { nearbyGameTypes: ['volleyball'] }, { nearbyDigest: true }]));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Promień od zapisanej lokalizacji' }), '25 km');
    expect(await screen.findByText(NOTIFICATION_MSG.radiusRange)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ nearbyRadiusKm: 25 });
  });
});
