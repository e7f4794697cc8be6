import { useCallback, useState, type SetStateAction } from 'react';
import { useFocusOnErrors } from './focusFirstError';

export type FieldErrors = Record<string, string>;

/**
 * What a change does to the errors on show: the edited field's error goes as soon as its value is
 * valid (or changes, for an error no client rule can check, e.g. the server's "nick taken"), and
 * shows the current rule's message while it is not; another field's error from the client rules
 * goes when the change made it valid (a repeated password). No new error appears while typing:
 * those wait for the submit.
 */
export function revalidate<T extends Record<string, string>>(
  errors: FieldErrors, before: T, after: T, changed: string, validate?: (values: T) => FieldErrors,
): FieldErrors {
  if (Object.keys(errors).length === 0) return errors;
  const now = validate?.(after);
  const then = validate && Object.keys(errors).some((k) => k !== changed) ? validate(before) : undefined;
  const next: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field === changed) {
      if (now?.[field]) next[field] = now[field];
    } else if (now && then?.[field] === message && !now[field]) {
      // It came from the rules, and the rules are now satisfied.
    } else next[field] = message;
  }
  return next;
}

/**
 * Controlled form values with one change handler per field name, and the field errors on show:
 * every form gets the same rule for when an error clears (`revalidate`). `validate` gives the
 * form's client rules as field → message (empty when all is valid).
 */
export function useFormValues<T extends Record<string, string>>(initial: T, validate?: (values: T) => FieldErrors) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const bind = useCallback(
    (name: keyof T & string) => ({
      name,
      value: values[name],
      onChange: (e: { target: { value: string } }) => {
        const after = { ...values, [name]: e.target.value };
        setValues(after);
        setErrors((current) => revalidate(current, values, after, name, validate));
      },
    }),
    [values, validate],
  );
  // Errors set from outside (a submit, the server's answer) move the focus to the first of them.
  const armFocus = useFocusOnErrors(errors);
  const showErrors = useCallback(
    (next: SetStateAction<FieldErrors>) => {
      if (typeof next !== 'function' && Object.keys(next).length) armFocus();
      setErrors(next);
    },
    [armFocus],
  );
  return { values, bind, errors, setErrors: showErrors };
}
