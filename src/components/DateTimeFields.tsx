import { useState } from 'react';
import { FormField, type FormFieldProps } from './FormField';
import { isoToPolishDate, polishDateToIso, polishTimeToIso } from './polishDateTime';

interface TextDateProps extends Omit<FormFieldProps, 'value' | 'onChange' | 'type' | 'min' | 'max'> {
  /** The form's value: 'YYYY-MM-DD' for a date, 'HH:MM' for a time (or what was typed, while invalid). */
  value: string;
  onChange?: (e: { target: { name: string; value: string } }) => void;
}

/** One text field that shows `show(value)` and hands `read(text)` to the form. */
function useShownText(value: string, show: (v: string) => string) {
  const [shown, setShown] = useState({ value, text: show(value) });
  // A value set from outside (a loaded profile, a reset) replaces what is on show.
  if (shown.value !== value) {
    const next = { value, text: show(value) };
    setShown(next);
    return [next, setShown] as const;
  }
  return [shown, setShown] as const;
}

function TextDateTime({ value, onChange, onBlur, show, read, ...field }: TextDateProps & { show: (v: string) => string; read: (t: string) => string }) {
  const [shown, setShown] = useShownText(value, show);
  return (
    <FormField
      {...field}
      type="text"
      inputMode="numeric"
      spellCheck={false}
      value={shown.text}
      onChange={(e) => {
        const next = read(e.target.value);
        setShown({ value: next, text: e.target.value });
        onChange?.({ target: { name: field.name, value: next } });
      }}
      onBlur={(e) => {
        // Once the person leaves the field, a readable entry is shown the one way it is written.
        setShown({ value: shown.value, text: show(shown.value) });
        onBlur?.(e);
      }}
    />
  );
}

/** A date field in the Polish format (dd.mm.rrrr) in every browser; the form gets 'YYYY-MM-DD'. */
export function DateField({ hint = 'Format: dd.mm.rrrr', ...props }: TextDateProps) {
  return <TextDateTime {...props} hint={hint} placeholder="dd.mm.rrrr" maxLength={10} show={isoToPolishDate} read={polishDateToIso} />;
}

/** A 24-hour time field (gg:mm) in every browser; the form gets 'HH:MM'. */
export function TimeField({ hint = 'Format 24-godzinny: gg:mm', ...props }: TextDateProps) {
  return <TextDateTime {...props} hint={hint} placeholder="gg:mm" maxLength={5} show={(v) => v} read={polishTimeToIso} />;
}
