import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CHAT_MSG } from '@contract/chat';
import { DEFAULT_PREFERENCES, NOTIFICATION_MSG, type NotificationPreferences } from '@contract/notifications';
import { groupRoom } from '../../test/chatHandlers';
import { chatReadyStore } from '../../test/chatStore';
import { API } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { ClearChatHistoryButton } from '../chat/ClearChatHistoryButton';
import { EventMuteButtons, NOT_IN_CHAT } from './EventMuteButtons';
import { NotificationToggles } from './NotificationToggles';

async function show(element: React.ReactNode, opts: Parameters<typeof chatReadyStore>[0] = {}) {
  const { store } = await chatReadyStore(opts);
  return renderApp('/', { store, routes: [{ path: '/', element }] });
}

const answer = (prefs: Partial<NotificationPreferences>) => HttpResponse.json({ preferences: { ...DEFAULT_PREFERENCES, ...prefs } });

describe('settings: notification switches', () => {
  it('switch chat and event notifications off, saying so', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(`${API}/notifications/preferences`, async ({ request }) => {
        const body = (await request.json()) as Partial<NotificationPreferences>;
        sent.push(body);
        return answer(body);
      }),
    );
    const { user } = await show(<NotificationToggles />);
    const chat = screen.getByRole('switch', { name: 'Powiadomienia z czatu' });
    expect(chat).toBeChecked();
    await user.click(chat);
    expect(await screen.findByText(NOTIFICATION_MSG.chatNotificationsOff)).toBeInTheDocument();
    expect(chat).not.toBeChecked();
    expect(sent).toEqual([{ chatMessages: false }]);
    await user.click(screen.getByRole('switch', { name: 'Powiadomienia o wydarzeniach' }));
    expect(await screen.findByText(NOTIFICATION_MSG.eventNotificationsOff)).toBeInTheDocument();
    expect(sent).toEqual([{ chatMessages: false }, { eventStatusUpdates: false }]);
  });

  it('put the switch back and say what failed', async () => {
    server.use(http.put(`${API}/notifications/preferences`, () => HttpResponse.json({ msg: 'nie' }, { status: 500 })));
    const { user } = await show(<NotificationToggles />);
    const chat = screen.getByRole('switch', { name: 'Powiadomienia z czatu' });
    await user.click(chat);
    expect(await screen.findByText(NOTIFICATION_MSG.settingsFailed)).toBeInTheDocument();
    await waitFor(() => expect(chat).toBeChecked());
  });

  it('say the server could not be reached when it could not', async () => {
    server.use(http.put(`${API}/notifications/preferences`, () => HttpResponse.error()));
    const { user } = await show(<NotificationToggles />);
    await user.click(screen.getByRole('switch', { name: 'Powiadomienia o wydarzeniach' }));
    expect(await screen.findByText(NOTIFICATION_MSG.settingsError)).toBeInTheDocument();
  });
});

describe('settings: clear chat history', () => {
  it('asks first, then deletes and says how many messages went', async () => {
    let calls = 0;
    server.use(
      http.delete(`${API}/chat/messages/clear`, () => {
        calls += 1;
        return HttpResponse.json({ deletedCount: 12 });
      }),
    );
    const { user } = await show(<ClearChatHistoryButton />);
    await user.click(screen.getByRole('button', { name: 'Wyczyść historię czatu' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent(CHAT_MSG.clearConfirm);
    await user.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(calls).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Wyczyść historię czatu' }));
    await user.click(screen.getByRole('button', { name: 'Usuń historię' }));
    expect(await screen.findByText('Historia czatu została wyczyszczona. Usunięto 12 wiadomości.')).toBeInTheDocument();
    expect(calls).toBe(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('says it failed when the server refuses, and when it cannot be reached', async () => {
    server.use(http.delete(`${API}/chat/messages/clear`, () => HttpResponse.json({ msg: 'x' }, { status: 500 })));
    const { user } = await show(<ClearChatHistoryButton />);
    await user.click(screen.getByRole('button', { name: 'Wyczyść historię czatu' }));
    await user.click(screen.getByRole('button', { name: 'Usuń historię' }));
    expect(await screen.findByText(CHAT_MSG.clearFailed)).toBeInTheDocument();
    server.use(http.delete(`${API}/chat/messages/clear`, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Wyczyść historię czatu' }));
    await user.click(screen.getByRole('button', { name: 'Usuń historię' }));
    expect(await screen.findByText(CHAT_MSG.clearError)).toBeInTheDocument();
  });
});

describe('event detail: mute buttons', () => {
  it("mute and unmute the game's chat for good, pressed while muted", async () => {
    let muted = false;
    server.use(
      http.post(`${API}/notifications/mute-chat/group_e-1`, async ({ request }) => {
        expect(await request.json()).toEqual({ muteExpiresAt: null });
        muted = true;
        return answer({ mutedChatRooms: [{ chatRoomId: 'group_e-1', muteExpiresAt: null }] });
      }),
      http.delete(`${API}/notifications/mute-chat/group_e-1`, () => {
        muted = false;
        return answer({});
      }),
    );
    const { user } = await show(<EventMuteButtons eventId="e-1" />, { rooms: [groupRoom('e-1')] });
    const button = screen.getByRole('button', { name: 'Wycisz chat' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(await screen.findByText(NOTIFICATION_MSG.eventChatMuted)).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(muted).toBe(true);
    await user.click(button);
    expect(await screen.findByText(NOTIFICATION_MSG.eventChatUnmuted)).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
  });

  it('explain that the chat is for accepted players when the person is not in it', async () => {
    const { user } = await show(<EventMuteButtons eventId="e-1" />);
    await user.click(screen.getByRole('button', { name: 'Wycisz chat' }));
    expect(await screen.findByText(NOT_IN_CHAT)).toBeInTheDocument();
  });

  it("mute the game's notifications, and say so when it fails", async () => {
    server.use(http.post(`${API}/notifications/mute-event/e-1`, () => answer({ mutedEvents: [{ eventId: 'e-1' }] })));
    const { user } = await show(<EventMuteButtons eventId="e-1" />);
    const button = screen.getByRole('button', { name: 'Wycisz powiadomienia' });
    await user.click(button);
    expect(await screen.findByText(NOTIFICATION_MSG.eventMuted)).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    server.use(http.delete(`${API}/notifications/mute-event/e-1`, () => HttpResponse.json({ msg: 'x' }, { status: 500 })));
    await user.click(button);
    expect(await screen.findByText(NOTIFICATION_MSG.eventUnmuteFailed)).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });
});
