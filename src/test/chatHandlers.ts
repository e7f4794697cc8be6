import { http, HttpResponse } from 'msw';
import type { ChatMessage, ChatRoom } from '@contract/chat';
import { DEFAULT_PREFERENCES } from '@contract/notifications';
import { API, testUser } from './fixtures';

/**
 * What every signed-in store asks for as soon as its socket opens (the room list, notification
 * preferences and unread notifications, for the bell): an empty, quiet account by default.
 */
export const chatDefaultHandlers = [
  http.get(`${API}/chat/rooms`, () => HttpResponse.json({ chatRooms: [] })),
  http.get(`${API}/chat/event-participants`, () => HttpResponse.json({ participants: [] })),
  http.get(`${API}/notifications/preferences`, () => HttpResponse.json({ preferences: DEFAULT_PREFERENCES })),
  http.get(`${API}/notifications/unread`, () => HttpResponse.json({ unreadNotifications: [], organiserNotifications: [] })),
  http.patch(`${API}/chat/messages/read`, () => HttpResponse.json({ msg: 'OK' })),
];

export const otherUser = { _id: 'u-2', nickName: 'Bramkarz', avatarUrl: null };

let seq = 0;
export function chatMessage(roomId: string, text: string, sender: { _id: string; nickName: string } = otherUser, at?: string): ChatMessage {
  seq += 1;
  return {
    _id: `m-${seq}`,
    roomId,
    sender: { _id: sender._id, nickName: sender.nickName },
    message: text,
    createdAt: at ?? new Date(Date.UTC(2025, 4, 10, 12, 0, seq)).toISOString(),
  };
}

export function groupRoom(eventId: string, overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    roomId: `group_${eventId}`,
    roomType: 'group',
    participants: [
      { _id: testUser._id, nickName: testUser.nickName, avatarUrl: null },
      otherUser,
    ],
    eventId,
    eventName: 'Gierka na Orliku',
    gameType: 'football',
    eventOwnerAvatarUrl: null,
    eventOwnerNick: otherUser.nickName,
    lastMessage: null,
    unreadCount: 0,
    ...overrides,
  };
}

export function privateRoom(other = otherUser, overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    roomId: `private_${testUser._id}_${other._id}`,
    roomType: 'private',
    participants: [{ _id: testUser._id, nickName: testUser.nickName, avatarUrl: null }, other],
    eventId: null,
    eventName: null,
    gameType: null,
    eventOwnerAvatarUrl: null,
    eventOwnerNick: null,
    lastMessage: null,
    unreadCount: 0,
    otherUser: other,
    ...overrides,
  };
}
