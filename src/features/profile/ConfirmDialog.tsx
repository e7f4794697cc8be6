import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ModalLayer } from '../../components/ModalLayer';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  /** The answer is a button among the children instead (e.g. 'Potwierdź przez Google'). */
  hideConfirm?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Extra fields between the question and the answers (e.g. the password for deleting the account). */
  children?: ReactNode;
}

/** A yes/no question that must be answered; the safe answer has the focus and Escape means no. */
export function ConfirmDialog({ title, text, confirmLabel, busy = false, hideConfirm = false, onConfirm, onCancel, children }: ConfirmDialogProps) {
  const textId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onCancelRef.current();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <ModalLayer className="confirm-backdrop" initial={cancel}>
      <div className="confirm-dialog" role="alertdialog" aria-modal="true" aria-label={title} aria-describedby={textId}>
        <p id={textId}>{text}</p>
        {children}
        <div className="profile-actions">
          {!hideConfirm && (
            <button type="button" className="btn btn-destructive" onClick={onConfirm} disabled={busy}>
              {busy ? 'Usuwanie…' : confirmLabel}
            </button>
          )}
          <button ref={cancel} type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Anuluj
          </button>
        </div>
      </div>
    </ModalLayer>
  );
}
