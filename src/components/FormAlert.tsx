import './forms.css';

interface FormAlertProps {
  message?: string;
  /** For a field that names this alert in its aria-describedby. */
  id?: string;
  kind?: 'error' | 'success';
}

/** A form-level outcome that stays on screen and is announced to screen readers. */
export function FormAlert({ message, id, kind = 'error' }: FormAlertProps) {
  if (!message) return null;
  return (
    <p id={id} className={`form-alert form-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
