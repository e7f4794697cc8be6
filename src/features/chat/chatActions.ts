import { createAction } from '@reduxjs/toolkit';
import type { ChatMessage, NewChatRoomPayload, RemovedFromChatRoomPayload } from '@contract/chat';

/** Socket events, validated against the contract before they become actions. */
export const chatMessageReceived = createAction<ChatMessage>('chat/messageReceived');
export const chatRoomReceived = createAction<NewChatRoomPayload>('chat/roomReceived');
export const chatRoomRemoved = createAction<RemovedFromChatRoomPayload>('chat/roomRemoved');

/** Asks the socket middleware to send; dispatching it returns a promise of the server's answer. */
export const sendMessageRequested = createAction<{ roomId: string; message: string }>('chat/sendRequested');
