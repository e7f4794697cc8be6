import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CHAT_MESSAGE_MAX } from '@contract/plain/chat';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { sendChatMessage } from './chatSend';

/** The input with 'Wyślij'; Enter sends, Shift+Enter starts a new line. What failed stays in the box. */
export function ChatComposer({ roomId }: { roomId: string }) {
  const dispatch = useAppDispatch();
  const online = useAppSelector((s) => s.realtime.status === 'online');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (sending) return;
    // The contract's rule (zod) loads with the first message sent, not with the page (docs/adr/0098).
    const { messageText } = await import('@contract/chat');
    const parsed = messageText.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setSending(true);
    const ack = await sendChatMessage(dispatch, roomId, parsed.data);
    setSending(false);
    if (ack.ok) {
      setText('');
      setError(null);
    } else setError(ack.msg);
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const left = CHAT_MESSAGE_MAX - text.length;
  return (
    <form className="chat-composer" onSubmit={(e) => void submit(e)}>
      <label htmlFor={inputId} className="chat-sr-only">
        Wiadomość
      </label>
      <textarea
        ref={input}
        id={inputId}
        className="chat-input"
        rows={1}
        placeholder={online ? 'Napisz wiadomość...' : 'Łączenie z serwerem...'}
        value={text}
        maxLength={CHAT_MESSAGE_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="btn btn-primary chat-send" disabled={sending}>
        Wyślij
      </button>
      {left <= 100 && (
        <p className="chat-counter" aria-live="polite">
          Pozostało znaków: {left}
        </p>
      )}
      {error && (
        <p id={errorId} className="chat-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
