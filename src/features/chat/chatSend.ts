import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SocketAck } from '@contract/chat';
import { CHAT_MSG } from '@contract/plain/chat';
import { sendMessageRequested } from './chatActions';

/** Sends through the socket middleware; without a connection the answer is a clear refusal. */
export function sendChatMessage(dispatch: Dispatch<UnknownAction>, roomId: string, message: string): Promise<SocketAck> {
  const answer: unknown = dispatch(sendMessageRequested({ roomId, message }));
  return answer instanceof Promise ? (answer as Promise<SocketAck>) : Promise.resolve({ ok: false, msg: CHAT_MSG.offline });
}
