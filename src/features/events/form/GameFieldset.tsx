import { EVENT_LIMITS } from '@contract/plain/events';
import { DateField, TimeField } from '../../../components/DateTimeFields';
import { FormField } from '../../../components/FormField';
import { SelectField } from '../../../components/SelectField';
import { FIELD_TYPE_OPTIONS, GAME_TYPE_OPTIONS, LEVEL_OPTIONS } from '../eventFormat';
import { formEndHour } from './eventForm';
import type { EventFormApi } from './useEventForm';

/** What is played, and when: name, game type, level, pitch, start and duration (end = start + duration). */
export function GameFieldset({ form }: { form: EventFormApi }) {
  const { state, errors, change } = form;
  const end = formEndHour(state);
  return (
    <>
      <fieldset className="event-fieldset">
        <legend>Gra</legend>
        <div className="event-grid">
          <FormField label="Nazwa wydarzenia" name="eventName" className="event-grid-wide" maxLength={EVENT_LIMITS.nameMax}
            value={state.eventName} error={errors.eventName} onChange={(e) => change({ eventName: e.target.value })} />
          <SelectField label="Rodzaj gry" name="gameType" options={GAME_TYPE_OPTIONS} value={state.gameType} error={errors.gameType}
            onChange={(e) => change({ gameType: e.target.value })} />
          <SelectField label="Poziom" name="level" options={LEVEL_OPTIONS} value={state.level} error={errors.level}
            onChange={(e) => change({ level: e.target.value })} />
          <SelectField label="Rodzaj boiska" name="fieldType" options={FIELD_TYPE_OPTIONS} value={state.fieldType}
            error={errors.fieldType} onChange={(e) => change({ fieldType: e.target.value })} />
        </div>
      </fieldset>
      <fieldset className="event-fieldset">
        <legend>Termin</legend>
        <div className="event-grid">
          <DateField label="Data rozpoczęcia" name="startDate" value={state.startDate} error={errors.startDate}
            onChange={(e) => change({ startDate: e.target.value })} />
          <TimeField label="Godzina rozpoczęcia" name="startHour" value={state.startHour} error={errors.startHour}
            onChange={(e) => change({ startHour: e.target.value })} />
          <FormField label="Czas trwania (min)" name="duration" type="number" inputMode="numeric" min={EVENT_LIMITS.durationMin}
            max={EVENT_LIMITS.durationMax} step={5} value={state.duration} error={errors.duration}
            onChange={(e) => change({ duration: e.target.value })} />
          <p className="event-end" aria-live="polite">
            <span className="field-label">Koniec</span>
            <span className="event-end-value">{end || '—'}</span>
          </p>
        </div>
      </fieldset>
    </>
  );
}
