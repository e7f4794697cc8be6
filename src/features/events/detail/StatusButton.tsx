import { Link } from 'react-router';
import type { EventDto } from '@contract/events';
import { EVENT_MSG, isFinishedStatus, waitlistPositionText } from '@contract/plain/events';
import { notice, toast } from '../../../app/notify';
import { useJoinEventMutation, type MyStatus } from '../eventsApi';

const LABELS: Record<Exclude<MyStatus, 'owner' | null>, string> = {
  interested: 'Zainteresowany',
  accepted: 'Zaakceptowany',
  rejected: 'Odrzucony',
  finished: 'Zakończony',
  waitlisted: 'Lista rezerwowa',
};

const HINTS: Record<Exclude<MyStatus, 'owner' | null> | 'none' | 'closed', string> = {
  none: 'Wyślij organizatorowi prośbę o dołączenie do gry.',
  interested: 'Prośba wysłana: organizator musi ją zaakceptować.',
  accepted: 'Jesteś w składzie. Do zobaczenia na boisku!',
  rejected: EVENT_MSG.rejected,
  finished: EVENT_MSG.finished,
  waitlisted: 'Jesteś na liście rezerwowej: dołączysz, gdy zwolni się miejsce.',
  closed: 'Do tej gry nie można już dołączyć.',
};

/** What asking again says, per status (spec sections 4 and 8). */
function repeatMessage(status: Exclude<MyStatus, 'owner' | null>): string {
  if (status === 'rejected') return EVENT_MSG.rejected;
  if (status === 'finished') return EVENT_MSG.finished;
  return EVENT_MSG.alreadyHasStatus;
}

interface StatusButtonProps {
  event: EventDto;
  status: MyStatus | undefined;
  /** My place on the waitlist (1 = next to get a free place). */
  waitlistPosition?: number | null;
}

/** Asks to join (shown as 'interested' at once), shows the person's status, or leads the organiser to management. */
export function StatusButton({ event, status, waitlistPosition }: StatusButtonProps) {
  const [join, { isLoading }] = useJoinEventMutation();
  if (status === undefined) return <span className="status-button-pending" aria-hidden="true" />;
  if (status === 'owner') {
    return (
      <Link to={`/dashboard/event/edit/${event._id}`} state={{ event, status: 'owner' }} className="btn btn-primary">
        Zarządzaj wydarzeniem
      </Link>
    );
  }
  const closed = status === null && (isFinishedStatus(event.eventStatus) || Date.parse(event.endDateTime) <= Date.now());
  const hint = closed
    ? HINTS.closed
    : status === 'waitlisted' && waitlistPosition
      ? `${waitlistPositionText(waitlistPosition)}. Dołączysz, gdy zwolni się miejsce.`
      : HINTS[status ?? 'none'];

  const onClick = async () => {
    if (status !== null) return notice(repeatMessage(status), 'info');
    const result = await join(event._id);
    // Failures get their toast from the error middleware (eventErrorToasts.ts).
    if ('data' in result && result.data) toast(result.data.msg, 'success');
  };

  return (
    <div className="status-button">
      <button type="button" className={`btn btn-primary status-${status ?? 'none'}`} disabled={closed || isLoading}
        aria-describedby="status-button-hint" onClick={onClick}>
        {closed ? 'Zapisy zamknięte' : status === null ? 'Dołącz do gry' : LABELS[status]}
      </button>
      <p id="status-button-hint" className="status-button-hint">
        {hint}
      </p>
    </div>
  );
}
