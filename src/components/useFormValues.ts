import { useCallback, useState, type ChangeEvent } from 'react';

/** Controlled form values with one change handler per field name. */
export function useFormValues<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const bind = useCallback(
    (name: keyof T & string) => ({
      name,
      value: values[name],
      onChange: (e: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: e.target.value })),
    }),
    [values],
  );
  return { values, bind };
}
