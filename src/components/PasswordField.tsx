import { useState } from 'react';
import { FormField, type FormFieldProps } from './FormField';

interface PasswordFieldProps extends Omit<FormFieldProps, 'type' | 'adornment'> {
  /** Accessible name of the show/hide button, e.g. 'Pokaż hasło'. */
  toggleLabel?: string;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 5C6.5 5 2.7 9.1 1.5 12c1.2 2.9 5 7 10.5 7s9.3-4.1 10.5-7C21.3 9.1 17.5 5 12 5zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z"
      />
      {crossed && <path stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" d="M4 4l16 16" />}
    </svg>
  );
}

/** A password input with a show/hide toggle (spec: login, register, reset). */
export function PasswordField({ toggleLabel = 'Pokaż hasło', ...field }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="field-toggle"
      aria-label={toggleLabel}
      aria-pressed={visible}
      onClick={() => setVisible((v) => !v)}
    >
      <EyeIcon crossed={visible} />
    </button>
  );
  return <FormField {...field} type={visible ? 'text' : 'password'} adornment={toggle} />;
}
