import { useCallback, useState } from 'react';
import type { EventFormState } from './eventForm';

export interface EventFormApi {
  state: EventFormState;
  errors: Record<string, string>;
  /** Applies a change and clears the errors of the fields it touched. */
  change: (patch: Partial<EventFormState>, errorKeys?: string[]) => void;
  /** A refused change (spec section 5): the value stays, the message shows next to the field. */
  reject: (errorKey: string, message: string) => void;
  setErrors: (errors: Record<string, string>) => void;
}

export function useEventForm(initial: EventFormState): EventFormApi {
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useCallback((patch: Partial<EventFormState>, errorKeys: string[] = Object.keys(patch)) => {
    setState((s) => ({ ...s, ...patch }));
    setErrors((e) => {
      if (!errorKeys.some((k) => k in e)) return e;
      const next = { ...e };
      for (const k of errorKeys) delete next[k];
      return next;
    });
  }, []);
  const reject = useCallback((errorKey: string, message: string) => setErrors((e) => ({ ...e, [errorKey]: message })), []);
  return { state, errors, change, reject, setErrors };
}
