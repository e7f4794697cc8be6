import { useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from './useModalFocus';
import './ConfirmDialog.css';

export const CONFIRM_QUESTION = 'Czy napewno chcesz wykonać tę akcję?';

interface ConfirmDialogProps {
  /** The action word in capitals, e.g. USUŃ or ZAKOŃCZ. */
  action: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/** The spec's confirmation: the question, the action word, TAK and NIE. NIE has the focus; Escape is NIE. */
export function ConfirmDialog({ action, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  useModalFocus(dialogRef, noRef);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !busy) {
      e.stopPropagation();
      onCancel();
    }
  };

  return createPortal(
    <div ref={dialogRef} className="confirm-backdrop" role="alertdialog" aria-modal="true" aria-labelledby={`${id}-action`}
      aria-describedby={`${id}-question`} tabIndex={-1} onKeyDown={onKeyDown}>
      <div className="confirm-dialog">
        <p id={`${id}-question`} className="confirm-question">
          {CONFIRM_QUESTION}
        </p>
        <p id={`${id}-action`} className="confirm-action">
          {action}
        </p>
        <div className="confirm-buttons">
          <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy}>
            TAK
          </button>
          <button ref={noRef} type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            NIE
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
