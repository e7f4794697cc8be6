import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { EventDto } from '@contract/events';
import { EVENT_MSG, SERIES_SCOPE_LABELS, finishRefusal, isFinishedStatus } from '@contract/plain/events';
import { useAppSelector } from '../../../app/hooks';
import { toast } from '../../../app/notify';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageFallback } from '../../../components/PageFallback';
import { EventInfoList } from '../detail/EventInfoList';
import '../eventErrorToasts';
import { formatDate, gameTypeLabel } from '../eventFormat';
import { EventLoadError } from '../EventLoadError';
import {
  useDeleteEventMutation, useFinishEventMutation, useGetEventQuery, useGetEventUsersQuery, useGetMyStatusQuery, useMarkEventReadMutation,
} from '../eventsApi';
import { EventForm } from '../form/EventForm';
import { useCancelFollowingMutation } from '../seriesApi';
import { formStateFromEvent } from '../form/eventForm';
import { AttendanceList } from './AttendanceList';
import { ParticipantManager } from './ParticipantManager';
import '../EventPages.css';
import './EventManagementPage.css';
import { FRESHNESS } from '../../../api/freshness';

type Pending = 'finish' | 'delete' | 'deleteFollowing' | null;

/** setTimeout's longest wait (about 24.8 days); a later start is checked again after it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Why Zakończ is off (the server's own rule, docs/adr/0077), re-read when the game's start comes. */
function useFinishRefusal(startDateTime: string | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  const startAt = startDateTime ? new Date(startDateTime).getTime() : NaN;
  useEffect(() => {
    if (!Number.isFinite(startAt) || startAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(startAt - now + 50, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [startAt, now]);
  return Number.isFinite(startAt) ? finishRefusal(startAt, now) : null;
}

/** The organiser's page of one game (spec: Event management). */
export function EventManagementPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  // My events passes the event along (spec), so the page has something to show at once.
  const passed = (useLocation().state as { event?: EventDto } | null)?.event;
  const me = useAppSelector((state) => state.session.user?._id);
  const eventQuery = useGetEventQuery(id, FRESHNESS.event);
  const event = eventQuery.data?.event ?? (passed?._id === id ? passed : undefined);
  const { data: users } = useGetEventUsersQuery(id, { skip: !eventQuery.isSuccess });
  // The organiser's news about this game (requests, players leaving) are seen here: marked read on sight.
  const { data: mine } = useGetMyStatusQuery(id, { skip: !eventQuery.isSuccess });
  const [markRead] = useMarkEventReadMutation();
  useEffect(() => {
    if (mine?.status === 'owner' && !mine.readBy) void markRead(id);
  }, [id, mine, markRead]);
  const [finishEvent, finishing] = useFinishEventMutation();
  const [deleteEvent, deleting] = useDeleteEventMutation();
  const [cancelFollowing, cancellingFollowing] = useCancelFollowingMutation();
  const [editing, setEditing] = useState(false);
  // A weekly series' game: Usuń first asks which games (docs/adr/0092).
  const [choosingScope, setChoosingScope] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const finishHintId = useId();
  const refusal = useFinishRefusal(event?.startDateTime);

  if (eventQuery.isError) return <EventLoadError error={eventQuery.error} onRetry={() => void eventQuery.refetch()} />;
  if (!event) return <PageFallback />;
  if (event.createdBy._id !== me) {
    return (
      <div className="event-page" role="alert">
        <h1>{event.eventName}</h1>
        <p>{EVENT_MSG.notOwner}</p>
        <Link to={`/dashboard/event/${event._id}`} className="btn btn-primary">
          Przejdź do wydarzenia
        </Link>
      </div>
    );
  }

  const finished = isFinishedStatus(event.eventStatus);
  const confirm = async () => {
    // Failures toast through the error middleware ('Coś poszło nie tak, spróbuj ponownie').
    const result = pending === 'finish' ? await finishEvent(id) : pending === 'deleteFollowing' ? await cancelFollowing(id) : await deleteEvent(id);
    setPending(null);
    setChoosingScope(false);
    if (!('data' in result) || !result.data) return;
    toast(pending === 'finish' ? EVENT_MSG.completed : result.data.msg, 'success');
    navigate('/dashboard');
  };
  const count = (key: 'interested' | 'accepted' | 'rejected' | 'waitlisted') => users?.usersByStatus[key]?.length ?? 0;
  // Before the start Zakończ is off with the reason; an empty game may end but counts for nobody.
  const finishHint = refusal ?? (users && count('accepted') === 0 ? EVENT_MSG.finishUncounted : null);

  return (
    <div className="event-page event-manage">
      <header className="event-header">
        <p className="event-kicker">
          Zarządzanie wydarzeniem · {gameTypeLabel(event.gameType)}
        </p>
        <h1>{event.eventName}</h1>
        <p className="event-when">
          {formatDate(event.startDate)}, {event.startHour} · {event.addressString}
        </p>
        <Link to={`/dashboard/event/${event._id}`}>Zobacz stronę wydarzenia</Link>
      </header>
      {finished ? (
        <p className="manage-finished" role="status">
          {event.eventStatus === 'cancelled' ? EVENT_MSG.cancelled : EVENT_MSG.finished}
        </p>
      ) : (
        <div className="manage-actions">
          <button type="button" className="btn btn-primary" aria-expanded={editing} aria-controls="event-edit" onClick={() => setEditing((v) => !v)}>
            Edytuj
          </button>
          <button type="button" className="btn btn-secondary" disabled={Boolean(refusal)} aria-describedby={finishHint ? finishHintId : undefined}
            onClick={() => setPending('finish')}>
            Zakończ
          </button>
          <button type="button" className="btn btn-danger" aria-expanded={event.seriesId ? choosingScope : undefined}
            onClick={() => (event.seriesId ? setChoosingScope((v) => !v) : setPending('delete'))}>
            Usuń
          </button>
          {choosingScope && (
            <div className="series-scope-choice" role="group" aria-label="Które wydarzenia usunąć?">
              <p className="manage-hint">To wydarzenie powtarza się co tydzień. Usunąć:</p>
              <button type="button" className="btn btn-danger btn-small" onClick={() => setPending('delete')}>
                {SERIES_SCOPE_LABELS.one}
              </button>
              <button type="button" className="btn btn-danger btn-small" onClick={() => setPending('deleteFollowing')}>
                {SERIES_SCOPE_LABELS.following}
              </button>
            </div>
          )}
          {finishHint && (
            <p id={finishHintId} className="manage-hint">
              {finishHint}
            </p>
          )}
        </div>
      )}
      {editing && !finished && (
        <section id="event-edit" className="event-section" aria-labelledby="event-edit-title">
          <h2 id="event-edit-title">Edycja wydarzenia</h2>
          <EventForm initial={formStateFromEvent(event)} eventId={event._id} inSeries={Boolean(event.seriesId)}
            onSaved={() => setEditing(false)} onCancel={() => setEditing(false)} />
        </section>
      )}
      <ul className="manage-counts" aria-label="Zgłoszenia">
        <li>Zainteresowanych: <strong>{count('interested')}</strong></li>
        <li>Zaakceptowanych: <strong>{count('accepted')}</strong></li>
        <li>Odrzuconych: <strong>{count('rejected')}</strong></li>
        <li>Na liście rezerwowej: <strong>{count('waitlisted')}</strong></li>
      </ul>
      {event.eventStatus === 'completed' && <AttendanceList eventId={event._id} users={users} />}
      <ParticipantManager eventId={event._id} users={users} locked={finished} playerCount={event.playerCount} inSeries={Boolean(event.seriesId)} />
      {!editing && (
        <details className="event-section">
          <summary>Informacje o wydarzeniu</summary>
          <EventInfoList event={event} />
        </details>
      )}
      {pending && (
        <ConfirmDialog action={pending === 'finish' ? 'ZAKOŃCZ' : 'USUŃ'} busy={finishing.isLoading || deleting.isLoading || cancellingFollowing.isLoading}
          onConfirm={() => void confirm()} onCancel={() => setPending(null)} />
      )}
    </div>
  );
}
