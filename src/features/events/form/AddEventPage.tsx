import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EventForm } from './EventForm';
import { initialFormState } from './eventForm';

/** 'Stwórz Wydarzenie': after saving, the organiser lands on the game's management page. */
export function AddEventPage() {
  const navigate = useNavigate();
  const [initial] = useState(() => initialFormState());
  return (
    <div className="event-page">
      <h1>Stwórz Wydarzenie</h1>
      <EventForm initial={initial} onSaved={(event) => navigate(`/dashboard/event/edit/${event._id}`, { state: { event, status: 'owner' } })} />
    </div>
  );
}
