import './forms.css';

interface FormAlertProps {
  message?: string;
  kind?: 'error' | 'success';
}

/** A form-level outcome that stays on screen and is announced to screen readers. */
export function FormAlert({ message, kind = 'error' }: FormAlertProps) {
  if (!message) return null;
  return (
    <p className={`form-alert form-alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
