import { useEffect, useId, useRef, useState } from 'react';
import { CHAT_MSG } from '@contract/plain/chat';
import { SETTINGS_NOTICE_MS } from '@contract/constants';
import { errorStatus } from '../../api/errors';
import { notice } from '../../app/notify';
import { ModalLayer } from '../../components/ModalLayer';
import { useClearChatHistoryMutation } from './chatApi';
import './chat.css';

/** Settings' 'clear chat history': deletes the messages the person sent, after a confirmation (spec section 5). */
export function ClearChatHistoryButton() {
  const [asking, setAsking] = useState(false);
  const [clear, { isLoading }] = useClearChatHistoryMutation();
  const opener = useRef<HTMLButtonElement>(null);

  const close = () => {
    setAsking(false);
    opener.current?.focus();
  };

  const confirm = async () => {
    try {
      const { deletedCount } = await clear().unwrap();
      notice(CHAT_MSG.cleared(deletedCount), 'success', SETTINGS_NOTICE_MS);
    } catch (error) {
      const text = typeof errorStatus(error) === 'number' ? CHAT_MSG.clearFailed : CHAT_MSG.clearError;
      notice(text, 'error', SETTINGS_NOTICE_MS);
    }
    close();
  };

  return (
    <>
      <button ref={opener} type="button" className="btn btn-secondary" onClick={() => setAsking(true)}>
        Wyczyść historię czatu
      </button>
      {asking && <ConfirmDialog busy={isLoading} onConfirm={() => void confirm()} onCancel={close} />}
    </>
  );
}

function ConfirmDialog({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  });
  // The safe answer has the focus, and Escape means no.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancelRef.current();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ModalLayer className="chat-confirm-backdrop" initial={cancelRef}>
      <div className="chat-confirm" role="alertdialog" aria-modal="true" aria-describedby={textId} aria-label="Wyczyść historię czatu">
        <p id={textId}>{CHAT_MSG.clearConfirm}</p>
        <div className="chat-confirm-actions">
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
            Usuń historię
          </button>
          <button ref={cancelRef} type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Anuluj
          </button>
        </div>
      </div>
    </ModalLayer>
  );
}
