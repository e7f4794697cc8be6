import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { suggestTowns, type Town } from '@contract/towns';
import { useTownIndex } from './townsData';
import '../../components/forms.css';
import './TownInput.css';

interface TownInputProps {
  label: string;
  name: string;
  value: string;
  /** The voivodeship of the chosen suggestion, shown under the field. */
  region: string | null;
  onChange: (value: string) => void;
  onSelect: (town: Town) => void;
  error?: string;
  autoFocus?: boolean;
}

/**
 * A city field with suggestions grouped by voivodeship from the second letter (spec: Find
 * event), as an ARIA combobox: arrows move, Enter picks, Escape closes.
 */
export function TownInput({ label, name, value, region, onChange, onSelect, error, autoFocus }: TownInputProps) {
  const id = useId();
  const index = useTownIndex();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const groups = useMemo(() => (index ? suggestTowns(index, value) : []), [index, value]);
  const options = useMemo(() => groups.flatMap((g) => g.towns), [groups]);
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${id}-opt-${i}`;
  const describedBy = [region ? `${id}-region` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  const pick = (town: Town) => {
    onSelect(town);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault();
      setOpen(false);
    }
  };

  let position = -1;
  return (
    <div className="field town-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        <input
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <div id={`${id}-list`} role="listbox" aria-label={`Podpowiedzi: ${label}`} className="town-suggestions" hidden={!expanded}>
          {expanded &&
            groups.map((group) => (
              <div key={group.region} role="group" aria-labelledby={`${id}-${group.region}`}>
                <div id={`${id}-${group.region}`} className="town-group-label" role="presentation">
                  {group.region}
                </div>
                {group.towns.map((town) => {
                  position += 1;
                  const i = position;
                  return (
                    <div
                      key={`${town.name}-${town.latitude}-${town.longitude}`}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      className="town-option"
                      // Keep the focus in the input, so blur does not close the list before the click lands.
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => pick(town)}
                    >
                      {town.name}
                    </div>
                  );
                })}
              </div>
            ))}
        </div>
      </div>
      {region && (
        <p id={`${id}-region`} className="field-hint">
          Województwo: {region}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
