import { act, screen, within } from '@testing-library/react';
import { chatMessage, groupRoom } from '../../test/chatHandlers';
import { chatReadyStore } from '../../test/chatStore';
import { makeEvent, statusRecord } from '../../test/eventFixtures';
import { renderApp } from '../../test/render';
import * as sound from './notificationSound';

jest.spyOn(sound, 'playNotificationSound').mockImplementation(() => undefined);

const bell = () => screen.getByRole('button', { name: /^Powiadomienia/ });

describe('navbar bell', () => {
  it("adds unread messages and event notifications, showing '9+' above 9", async () => {
    const { store } = await chatReadyStore({
      rooms: [groupRoom('e-1', { unreadCount: 4 }), groupRoom('e-2', { unreadCount: 4 })],
      unread: [statusRecord(makeEvent({ _id: 'e-5' }), 'accepted', false), statusRecord(makeEvent({ _id: 'e-6' }), 'rejected', false)],
    });
    renderApp('/dashboard', { store });
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent(/^9\+$/);
    expect(bell()).toHaveAccessibleName('Powiadomienia, nowe: 10');
  });

  it('rises as messages arrive and caps at 9+', async () => {
    const { store, socket } = await chatReadyStore({ rooms: [groupRoom('e-1', { unreadCount: 9 })] });
    renderApp('/dashboard', { store });
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent(/^9$/);
    act(() => socket.serverEmit('newMessage', chatMessage('group_e-1', 'dziesiąta')));
    expect(screen.getByTestId('bell-badge')).toHaveTextContent(/^9\+$/);
  });

  it('shows nothing without news, and is only on dashboard pages', async () => {
    const { store } = await chatReadyStore({ rooms: [groupRoom('e-1')] });
    const { router } = renderApp('/dashboard', { store });
    await screen.findByRole('navigation', { name: 'Menu aplikacji' });
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
    await act(() => router.navigate('/'));
    expect(screen.queryByRole('button', { name: /^Powiadomienia/ })).not.toBeInTheDocument();
  });

  it('opens a list leading to the chat and to my events, with their counts', async () => {
    const { store } = await chatReadyStore({
      rooms: [groupRoom('e-1', { unreadCount: 2 })],
      unread: [statusRecord(makeEvent({ _id: 'e-5' }), 'accepted', false)],
    });
    const { user, router } = renderApp('/dashboard', { store });
    await screen.findByTestId('bell-badge');
    await user.click(bell());
    const messages = screen.getByRole('link', { name: /Nowe wiadomości/ });
    expect(messages).toHaveAttribute('href', '/dashboard/chat');
    expect(within(messages).getByText('2')).toBeInTheDocument();
    const events = screen.getByRole('link', { name: /Nowe powiadomienia wydarzeń/ });
    expect(events).toHaveAttribute('href', '/dashboard/my-events');
    expect(within(events).getByText('1')).toBeInTheDocument();
    await user.click(messages);
    expect(router.state.location.pathname).toBe('/dashboard/chat');
    expect(screen.queryByRole('link', { name: /Nowe wiadomości/ })).not.toBeInTheDocument();
  });

  it("counts my games' news as the organiser: those waiting from before and a request arriving now, with a sound", async () => {
    const played = jest.mocked(sound.playNotificationSound);
    played.mockClear();
    const { store, socket } = await chatReadyStore({ organiser: [{ eventID: makeEvent({ _id: 'e-7' }), since: '2030-06-01T10:00:00.000Z' }] });
    renderApp('/dashboard', { store });
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent(/^1$/);
    // Listeners run after the dispatch: the async act lets them finish.
    await act(async () =>
      socket.serverEmit('statusUpdate', {
        eventId: 'e-8', eventName: 'Moja gra', userId: 'u-9', status: 'interested', eventStatus: 'upcoming', recordId: null, readBy: false,
        forOrganiser: true,
      }),
    );
    expect(screen.getByTestId('bell-badge')).toHaveTextContent(/^2$/);
    expect(played).toHaveBeenCalledTimes(1);
    // Someone taking back a request is not news.
    // Listeners run after the dispatch: the async act lets them finish.
    await act(async () =>
      socket.serverEmit('statusUpdate', {
        eventId: 'e-9', eventName: 'Inna gra', userId: 'u-9', status: null, eventStatus: 'upcoming', recordId: null, readBy: true, forOrganiser: true,
      }),
    );
    expect(screen.getByTestId('bell-badge')).toHaveTextContent(/^2$/);
    expect(played).toHaveBeenCalledTimes(1);
  });

  it("stays quiet about a muted game's requests", async () => {
    const played = jest.mocked(sound.playNotificationSound);
    played.mockClear();
    const { store, socket } = await chatReadyStore({ rooms: [groupRoom('e-1', { unreadCount: 1 })], prefs: { mutedEvents: [{ eventId: 'e-8' }] } });
    renderApp('/dashboard', { store });
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent(/^1$/);
    // Listeners run after the dispatch: the async act lets them finish.
    await act(async () =>
      socket.serverEmit('statusUpdate', {
        eventId: 'e-8', eventName: 'Moja gra', userId: 'u-9', status: 'interested', eventStatus: 'upcoming', recordId: null, readBy: false,
        forOrganiser: true,
      }),
    );
    expect(screen.getByTestId('bell-badge')).toHaveTextContent(/^1$/);
    expect(played).not.toHaveBeenCalled();
  });

  it('leaves a muted room out of the count', async () => {
    const { store } = await chatReadyStore({
      rooms: [groupRoom('e-1', { unreadCount: 2 }), groupRoom('e-2', { unreadCount: 5 })],
      prefs: { mutedChatRooms: [{ chatRoomId: 'group_e-2', muteExpiresAt: null }] },
    });
    renderApp('/dashboard', { store });
    expect(await screen.findByTestId('bell-badge')).toHaveTextContent(/^2$/);
  });
});
