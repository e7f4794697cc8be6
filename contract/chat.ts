import { z } from 'zod';
import { multiLineText, singleLineText } from './text';
import { CHAT_MESSAGE_MAX, CHAT_MSG, CHAT_PAGE_MAX, CHAT_PAGE_SIZE, ROOM_ID_PATTERN, ROOM_TYPES } from './plain/chat';

// The limits, messages and room-id helpers live in a zod-free module (docs/adr/0035).
export * from './plain/chat';

export const roomId = z.string({ error: CHAT_MSG.invalidRoom }).regex(ROOM_ID_PATTERN, CHAT_MSG.invalidRoom);

export const chatPerson = z.object({ _id: z.string(), nickName: z.string(), avatarUrl: z.string().nullable() });
export type ChatPerson = z.infer<typeof chatPerson>;

/** Spec section 3, "Chat message". */
export const chatMessage = z.object({
  _id: z.string(),
  roomId: z.string(),
  sender: z.object({ _id: z.string(), nickName: z.string() }),
  message: z.string(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Spec section 3, "Chat room"; group rooms carry the game, private rooms the other person. */
export const chatRoom = z.object({
  roomId: z.string(),
  roomType: z.enum(ROOM_TYPES),
  participants: z.array(chatPerson),
  eventId: z.string().nullable(),
  eventName: z.string().nullable(),
  gameType: z.string().nullable(),
  eventOwnerAvatarUrl: z.string().nullable(),
  eventOwnerNick: z.string().nullable(),
  lastMessage: chatMessage.nullable(),
  unreadCount: z.number().int().min(0),
  otherUser: chatPerson.optional(),
});
export type ChatRoom = z.infer<typeof chatRoom>;

export const chatRoomsResponse = z.object({ chatRooms: z.array(chatRoom) });
export type ChatRoomsResponse = z.infer<typeof chatRoomsResponse>;

/**
 * A page of a room's history, oldest first. `before` (the previous page's `nextCursor`) pages by
 * position in the history, so messages arriving meanwhile cause no gaps or repeats; `page` is the
 * spec's offset paging, kept for its client.
 */
export const messagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_SIZE),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  before: singleLineText((s) => s.max(120)).optional(),
});
export type MessagesQuery = z.input<typeof messagesQuery>;

export const messagesResponse = z.object({
  messages: z.array(chatMessage),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

export const roomIdBody = z.object({ roomId });
export const roomIdQuery = z.object({ roomId });
export const unreadCountResponse = z.object({ unreadCount: z.number().int().min(0) });

export const participantsResponse = z.object({
  participants: z.array(chatPerson.extend({ name: z.string(), surname: z.string() })),
});
export type ChatParticipant = z.infer<typeof participantsResponse>['participants'][number];

export const createRoomBody = z.object({ otherUserId: z.uuid({ error: CHAT_MSG.userNotFound }) });
export const createRoomResponse = z.object({ chatRoom });
export const clearHistoryResponse = z.object({ deletedCount: z.number().int().min(0) });

/** The text a person may send: trimmed, 1–1000 characters. */
export const messageText = multiLineText((s) => s.trim().min(1, CHAT_MSG.empty).max(CHAT_MESSAGE_MAX, CHAT_MSG.tooLong), CHAT_MSG.empty);

// ---- Socket.IO events (spec section 4, "Real-time connection") ----

/** `sendMessage`; senderId is what the spec's client sends, the server uses the session instead. */
export const sendMessagePayload = z.object({
  roomId,
  message: messageText,
  senderId: singleLineText((s) => s.max(100)).optional(),
});
export type SendMessagePayload = z.input<typeof sendMessagePayload>;

export type SocketAck = { ok: true; message?: ChatMessage } | { ok: false; msg: string };

export const newChatRoomPayload = z.object({ targetUserId: z.string(), chatRoom });
export type NewChatRoomPayload = z.infer<typeof newChatRoomPayload>;

export const removedFromChatRoomPayload = z.object({ targetUserId: z.string(), roomId: z.string() });
export type RemovedFromChatRoomPayload = z.infer<typeof removedFromChatRoomPayload>;
