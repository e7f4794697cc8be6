import { useId, type SelectHTMLAttributes } from 'react';
import './forms.css';
import './formControls.css';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  options: readonly SelectOption[];
  error?: string;
  hint?: string;
}

/** A labelled select with its hint and error bound through aria-describedby, like FormField. */
export function SelectField({ label, options, error, hint, id, className, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? `${select.name}-${autoId}`;
  const describedBy = [hint ? `${selectId}-hint` : '', error ? `${selectId}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <div className="field-control">
        <select id={selectId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {hint && (
        <p id={`${selectId}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${selectId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
