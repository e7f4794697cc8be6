import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './forms.css';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  /** Rendered inside the input's box, after it (e.g. a show/hide toggle). */
  adornment?: ReactNode;
}

/** A labelled input with its hint and error bound through aria-describedby. */
export function FormField({ label, error, hint, adornment, id, className, ...input }: FormFieldProps) {
  const autoId = useId();
  const inputId = id ?? `${input.name}-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field-control">
        <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {adornment}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
