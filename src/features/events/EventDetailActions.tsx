import { useNavigate } from 'react-router';
import type { EventDto } from '@contract/events';
import { EVENT_MSG } from '@contract/plain/events';
import { toast } from '../../app/notify';
import { EventMuteButtons } from '../notifications/EventMuteButtons';
import { useLeaveEventMutation, type MyStatus } from './eventsApi';
import './EventDetailActions.css';

interface EventDetailActionsProps {
  event: EventDto;
  status: MyStatus | undefined;
}

function FlagIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function LeaveIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11" fill="none" stroke="currentColor" strokeWidth="2"
        strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The icon buttons of the event detail (spec: Event detail). The chat issue adds 'Wycisz chat'
 * and 'Wycisz powiadomienia' here, before Zgłoś. The organiser reports and leaves nothing.
 */
export function EventDetailActions({ event, status }: EventDetailActionsProps) {
  const navigate = useNavigate();
  const [leave, { isLoading: leaving }] = useLeaveEventMutation();
  if (status === undefined || status === 'owner') return null;

  const report = () =>
    navigate('/dashboard/report', { state: { type: 'event', reportedEventId: event._id, eventName: event.eventName } });

  const onLeave = async () => {
    // Only a pending, accepted or waiting player may leave; anyone else gets the spec's refusal without a call.
    if (status !== 'interested' && status !== 'accepted' && status !== 'waitlisted') return toast(EVENT_MSG.cannotLeave, 'error');
    const result = await leave(event._id);
    if ('data' in result && result.data) toast(EVENT_MSG.left, 'success');
  };

  return (
    <div className="event-actions" role="group" aria-label="Akcje wydarzenia">
      <EventMuteButtons eventId={event._id} />
      <button type="button" className="event-action" onClick={report}>
        <FlagIcon />
        <span>Zgłoś</span>
      </button>
      <button type="button" className="event-action" onClick={onLeave} disabled={leaving}>
        <LeaveIcon />
        <span>Opuść</span>
      </button>
    </div>
  );
}
