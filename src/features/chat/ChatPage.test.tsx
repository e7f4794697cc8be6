import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CHAT_MSG } from '@contract/chat';
import { DEFAULT_PREFERENCES, NOTIFICATION_MSG } from '@contract/notifications';
import { chatMessage, groupRoom, otherUser, privateRoom } from '../../test/chatHandlers';
import { chatReadyStore } from '../../test/chatStore';
import { API, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import * as sound from '../unread/notificationSound';

jest.spyOn(sound, 'playNotificationSound').mockImplementation(() => undefined);

const G1 = groupRoom('e-1', { unreadCount: 2, lastMessage: chatMessage('group_e-1', 'Kto przynosi piłkę?') });
const P1 = privateRoom(otherUser, { lastMessage: chatMessage(privateRoom().roomId, 'Cześć!') });

function messagesOf(roomId: string, texts: string[]) {
  server.use(
    http.get(`${API}/chat/messages/${roomId}`, () =>
      HttpResponse.json({ messages: texts.map((t) => chatMessage(roomId, t)), hasMore: false, nextCursor: null }),
    ),
  );
}

async function openChat(rooms = [G1, P1]) {
  const ready = await chatReadyStore({ rooms });
  const view = renderApp('/dashboard/chat', { store: ready.store });
  await screen.findByRole('heading', { name: 'Czat', level: 1 });
  return { ...ready, ...view, list: () => within(screen.getByRole('complementary', { name: 'Lista czatów' })) };
}

describe('chat page', () => {
  it('lists the rooms with their unread counts, filtered and searched', async () => {
    const { user, list } = await openChat();
    const group = list().getByRole('button', { name: /Gierka na Orliku.*czat grupowy/ });
    expect(group).toHaveTextContent('2 nieprzeczytanych');
    expect(list().getByRole('button', { name: /Bramkarz.*czat prywatny/ })).toBeInTheDocument();

    await user.click(list().getByRole('button', { name: 'Prywatne' }));
    expect(list().queryByRole('button', { name: /Gierka na Orliku/ })).not.toBeInTheDocument();
    await user.click(list().getByRole('button', { name: 'Grupowe' }));
    expect(list().queryByRole('button', { name: /Bramkarz.*czat prywatny/ })).not.toBeInTheDocument();
    await user.click(list().getByRole('button', { name: 'Wszystkie' }));
    await user.type(list().getByRole('searchbox', { name: 'Szukaj czatu lub gracza' }), 'bram');
    expect(list().getAllByRole('button', { name: /czat (grupowy|prywatny)/ })).toHaveLength(2); // Bramkarz is in both rooms
    await user.clear(list().getByRole('searchbox'));
    await user.type(list().getByRole('searchbox'), 'orlik');
    expect(list().getAllByRole('button', { name: /czat (grupowy|prywatny)/ })).toHaveLength(1);
  });

  it('opens a room: shows its messages and marks it read on the server and in the bell', async () => {
    let marked: unknown = null;
    server.use(
      http.patch(`${API}/chat/messages/read`, async ({ request }) => {
        marked = await request.json();
        return HttpResponse.json({ msg: 'OK' });
      }),
    );
    messagesOf(G1.roomId, ['Kto przynosi piłkę?', 'Ja mogę']);
    const { user, list, store } = await openChat();
    expect(screen.getByTestId('bell-badge')).toHaveTextContent(/^2$/);
    await user.click(list().getByRole('button', { name: /Gierka na Orliku/ }));
    const log = await screen.findByRole('log', { name: 'Wiadomości' });
    expect(await within(log).findByText('Ja mogę')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gierka na Orliku', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(marked).toEqual({ roomId: G1.roomId }));
    expect(store.getState().unread.rooms[G1.roomId]).toBe(0);
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
  });

  it('sends with Enter and with Wyślij, and says why a message was refused', async () => {
    messagesOf(P1.roomId, []);
    const { user, list, socket } = await openChat();
    await user.click(list().getByRole('button', { name: /Bramkarz.*czat prywatny/ }));
    const input = await screen.findByRole('textbox', { name: 'Wiadomość' });

    await user.click(screen.getByRole('button', { name: 'Wyślij' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CHAT_MSG.empty);
    expect(socket.emitted.filter((e) => e.event === 'sendMessage')).toHaveLength(0);

    await user.type(input, 'Gramy jutro?{Enter}');
    const sent = socket.emitted.filter((e) => e.event === 'sendMessage');
    expect(sent[0].args[0]).toEqual({ roomId: P1.roomId, message: 'Gramy jutro?', senderId: testUser._id });
    const stored = chatMessage(P1.roomId, 'Gramy jutro?', { _id: testUser._id, nickName: testUser.nickName });
    await act(async () => (sent[0].args[1] as (a: unknown) => void)({ ok: true, message: stored }));
    expect(input).toHaveValue('');
    expect(await within(screen.getByRole('log')).findByText('Gramy jutro?')).toBeInTheDocument();

    await user.type(input, 'Szybko');
    await user.click(screen.getByRole('button', { name: 'Wyślij' }));
    const second = socket.emitted.filter((e) => e.event === 'sendMessage')[1];
    await act(async () => (second.args[1] as (a: unknown) => void)({ ok: false, msg: CHAT_MSG.tooFast }));
    expect(screen.getByRole('alert')).toHaveTextContent(CHAT_MSG.tooFast);
    expect(input).toHaveValue('Szybko');
  });

  it('shows a message that arrives in the open room without ringing or counting', async () => {
    messagesOf(G1.roomId, ['Kto przynosi piłkę?']);
    const { user, list, socket, store } = await openChat();
    await user.click(list().getByRole('button', { name: /Gierka na Orliku/ }));
    const log = await screen.findByRole('log');
    await within(log).findByText('Kto przynosi piłkę?');
    act(() => socket.serverEmit('newMessage', chatMessage(G1.roomId, 'Ja przyniosę')));
    expect(await within(log).findByText('Ja przyniosę')).toBeInTheDocument();
    expect(store.getState().unread.rooms[G1.roomId]).toBe(0);
    expect(sound.playNotificationSound).not.toHaveBeenCalled();
  });

  it('mutes the open room for an hour and turns notifications back on, with the notices', async () => {
    let body: { muteExpiresAt: string | null } | null = null;
    const until = new Date(Date.now() + 3600_000).toISOString();
    server.use(
      http.post(`${API}/notifications/mute-chat/:roomId`, async ({ request }) => {
        body = (await request.json()) as { muteExpiresAt: string | null };
        return HttpResponse.json({ preferences: { ...DEFAULT_PREFERENCES, mutedChatRooms: [{ chatRoomId: G1.roomId, muteExpiresAt: until }] } });
      }),
      http.delete(`${API}/notifications/mute-chat/:roomId`, () => HttpResponse.json({ preferences: DEFAULT_PREFERENCES })),
    );
    messagesOf(G1.roomId, []);
    const { user, list } = await openChat();
    await user.click(list().getByRole('button', { name: /Gierka na Orliku/ }));
    await user.click(await screen.findByRole('button', { name: 'Ustawienia czatu' }));
    const menu = screen.getByRole('menu', { name: 'Ustawienia czatu' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['1h', '12h', '24h', 'Tydzień', 'Stałe', 'Włącz powiadomienia']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Wycisz na 1h' }));
    expect(await screen.findByText(NOTIFICATION_MSG.chatMuted('1h'))).toBeInTheDocument();
    expect(Date.parse(body!.muteExpiresAt!) - Date.now()).toBeGreaterThan(3500_000);
    expect(await screen.findByText(/Wyciszony do/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ustawienia czatu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Włącz powiadomienia' }));
    expect(await screen.findByText(NOTIFICATION_MSG.chatUnmuted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Wyciszony do/)).not.toBeInTheDocument());
  });

  it("says 'Błąd wyciszania czatu' when muting fails", async () => {
    server.use(http.post(`${API}/notifications/mute-chat/:roomId`, () => HttpResponse.json({ msg: 'nie' }, { status: 500 })));
    messagesOf(G1.roomId, []);
    const { user, list } = await openChat();
    await user.click(list().getByRole('button', { name: /Gierka na Orliku/ }));
    await user.click(await screen.findByRole('button', { name: 'Ustawienia czatu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Wycisz na Stałe' }));
    expect(await screen.findByText(NOTIFICATION_MSG.chatMuteFailed)).toBeInTheDocument();
  });

  it('starts a private chat with a player from my games', async () => {
    const created = privateRoom({ _id: 'u-3', nickName: 'Napastnik', avatarUrl: null });
    server.use(
      http.get(`${API}/chat/event-participants`, () =>
        HttpResponse.json({ participants: [{ _id: 'u-3', nickName: 'Napastnik', name: 'Adam', surname: 'Nowak', avatarUrl: null }] }),
      ),
      http.post(`${API}/chat/rooms`, () => HttpResponse.json({ chatRoom: created }, { status: 201 })),
    );
    messagesOf(created.roomId, []);
    const { user, list, socket } = await openChat([G1]);
    await user.click(await list().findByRole('button', { name: /Napastnik/ }));
    expect(await screen.findByRole('heading', { name: 'Napastnik', level: 2 })).toBeInTheDocument();
    expect(list().getByRole('button', { name: /Napastnik.*czat prywatny/ })).toBeInTheDocument();
    expect(socket.emitted).toContainEqual({ event: 'joinRoom', args: [created.roomId] });
  });
});
