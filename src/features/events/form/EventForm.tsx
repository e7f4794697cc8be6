import { useRef, useState, type FormEvent } from 'react';
import type { EventDto } from '@contract/events';
import { EVENT_MSG, SERIES_SCOPES, SERIES_SCOPE_LABELS, type SeriesScope } from '@contract/plain/events';
import { errorBody } from '../../../api/errors';
import { toast } from '../../../app/notify';
import { focusFirstInvalid } from '../../../components/focusFirstError';
import { FormAlert } from '../../../components/FormAlert';
import { useCreateEventMutation, useUpdateEventMutation } from '../eventsApi';
import { DetailsFieldset } from './DetailsFieldset';
import { toPayload, validateForm, type EventFormState } from './eventForm';
import { GameFieldset } from './GameFieldset';
import { PlaceFieldset } from './PlaceFieldset';
import { useEventForm } from './useEventForm';
import '../../../components/formControls.css';
import './EventForm.css';

interface EventFormProps {
  initial: EventFormState;
  /** Set when editing an existing game. */
  eventId?: string;
  onSaved: (event: EventDto) => void;
  onCancel?: () => void;
  /** Editing a game of a weekly series: the change is for this game only, or for it and the following ones (docs/adr/0092). */
  inSeries?: boolean;
}

const FAILED = { create: 'Błąd podczas dodawania wydarzenia!', update: 'Błąd podczas aktualizacji wydarzenia!' };

/** The add and edit form (spec sections 3, 5 and 8). */
export function EventForm({ initial, eventId, onSaved, onCancel, inSeries = false }: EventFormProps) {
  const form = useEventForm(initial);
  const [scope, setScope] = useState<SeriesScope>('one');
  const [formError, setFormError] = useState<string>();
  const [createEvent, created] = useCreateEventMutation();
  const [updateEvent, updated] = useUpdateEventMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const isNew = !eventId;
  const busy = created.isLoading || updated.isLoading;

  const focusFirstError = () => requestAnimationFrame(() => focusFirstInvalid(formRef.current));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errors = validateForm(form.state, { isNew });
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      setFormError('Popraw zaznaczone pola formularza.');
      return focusFirstError();
    }
    setFormError(undefined);
    const payload = toPayload(form.state);
    try {
      const result = isNew ? await createEvent(payload).unwrap() : await updateEvent({ id: eventId, body: payload, scope: inSeries ? scope : undefined }).unwrap();
      toast(isNew ? EVENT_MSG.created : inSeries && scope === 'following' ? EVENT_MSG.seriesUpdated : EVENT_MSG.updated, 'success');
      onSaved(result.event);
    } catch (error) {
      // Spec section 8: the failure toast, then each item of the server's msg as its own toast.
      const { msg, errors: fieldErrors = {} } = errorBody(error);
      toast(isNew ? FAILED.create : FAILED.update, 'error');
      for (const item of msg?.split(',') ?? []) if (item.trim()) toast(item.trim(), 'error');
      form.setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length) focusFirstError();
    }
  };

  return (
    <form ref={formRef} className="event-form" noValidate onSubmit={submit} aria-label={isNew ? 'Nowe wydarzenie' : 'Edycja wydarzenia'}>
      <GameFieldset form={form} />
      <PlaceFieldset form={form} />
      <DetailsFieldset form={form} inSeries={inSeries} />
      {inSeries && (
        <fieldset className="event-fieldset series-scope">
          <legend>Zmiany dotyczą</legend>
          {SERIES_SCOPES.map((s) => (
            <label key={s} className="field-check">
              <input type="radio" name="seriesScope" value={s} checked={scope === s} onChange={() => setScope(s)} />
              {SERIES_SCOPE_LABELS[s]}
            </label>
          ))}
        </fieldset>
      )}
      <FormAlert message={formError} />
      <div className="event-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Zapisywanie…' : isNew ? 'Stwórz wydarzenie' : 'Zapisz zmiany'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Anuluj
          </button>
        )}
      </div>
    </form>
  );
}
