import { useId } from 'react';
import { EVENT_LIMITS, WAITLIST_MODES, WAITLIST_MODE_LABELS, type WaitlistMode } from '@contract/plain/events';
import { FormField } from '../../../components/FormField';
import { SelectField } from '../../../components/SelectField';
import { PAYMENT_OPTIONS } from '../eventFormat';
import { withPrice } from './eventForm';
import type { EventFormApi } from './useEventForm';

const FREE = [{ value: '', label: 'Brak (gra bezpłatna)' }];
const WAITLIST_OPTIONS = WAITLIST_MODES.map((mode) => ({ value: mode, label: WAITLIST_MODE_LABELS[mode] }));

/** `inSeries`: editing a game of a weekly series; it stays weekly (cancel "to i następne" ends the series). */
export function DetailsFieldset({ form, inSeries = false }: { form: EventFormApi; inSeries?: boolean }) {
  const { state, errors, change } = form;
  const id = useId();
  const free = Number(state.price) === 0;
  return (
    <fieldset className="event-fieldset">
      <legend>Szczegóły</legend>
      <div className="event-grid">
        <FormField label="Liczba szukanych graczy" name="playerCount" type="number" inputMode="numeric" min={0}
          max={EVENT_LIMITS.playersMax} value={state.playerCount} error={errors.playerCount}
          onChange={(e) => change({ playerCount: e.target.value })} />
        <SelectField label="Gdy zwolni się miejsce, pierwszy z listy rezerwowej dołącza" name="waitlistMode" options={WAITLIST_OPTIONS}
          value={state.waitlistMode} error={errors.waitlistMode}
          hint="Gdy gra jest pełna, kolejni chętni trafiają na listę rezerwową w kolejności zgłoszeń."
          onChange={(e) => change({ waitlistMode: e.target.value as WaitlistMode })} />
        <FormField label="Cena (zł)" name="price" type="number" inputMode="decimal" min={0} max={EVENT_LIMITS.priceMax} step={0.01}
          value={state.price} error={errors.price}
          onChange={(e) => {
            const next = withPrice(state, e.target.value);
            change({ price: next.price, paymentMethod: next.paymentMethod }, ['price', 'paymentMethod']);
          }} />
        <SelectField label="Metoda płatności" name="paymentMethod" options={free ? FREE : PAYMENT_OPTIONS} disabled={free}
          value={state.paymentMethod} error={errors.paymentMethod}
          hint={free ? 'Przy cenie 0 zł płatność nie jest potrzebna.' : undefined}
          onChange={(e) => change({ paymentMethod: e.target.value })} />
        <FormField label="Telefon kontaktowy (opcjonalnie)" name="phoneNumber" type="tel" autoComplete="tel" maxLength={15}
          value={state.phoneNumber} error={errors.phoneNumber} onChange={(e) => change({ phoneNumber: e.target.value })} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-description`}>
          Opis
        </label>
        <div className="field-control">
          <textarea id={`${id}-description`} name="eventDescription" maxLength={EVENT_LIMITS.descriptionMax}
            aria-describedby={`${id}-count${errors.eventDescription ? ` ${id}-description-error` : ''}`}
            aria-invalid={errors.eventDescription ? true : undefined} value={state.eventDescription}
            onChange={(e) => change({ eventDescription: e.target.value })} />
        </div>
        <p id={`${id}-count`} className="field-hint">
          {state.eventDescription.length}/{EVENT_LIMITS.descriptionMax}
        </p>
        {errors.eventDescription && (
          <p id={`${id}-description-error`} className="field-error">
            {errors.eventDescription}
          </p>
        )}
      </div>
      <div className="event-checks">
        <label className="field-check">
          <input type="checkbox" name="isPrivate" checked={state.isPrivate} onChange={(e) => change({ isPrivate: e.target.checked })} />
          Wydarzenie prywatne (nie pojawi się na mapie ani w wyszukiwarce, dostęp tylko przez link)
        </label>
        <label className="field-check">
          <input type="checkbox" name="isRecurring" checked={inSeries || state.isRecurring} disabled={inSeries}
            onChange={(e) => change({ isRecurring: e.target.checked })} />
          Powtarzaj co tydzień
        </label>
      </div>
    </fieldset>
  );
}
