import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { EventDto, StatusRecordDto } from '@contract/events';
import { EVENT_MSG } from '@contract/plain/events';
import { notice } from '../../../app/notify';
import { FormAlert } from '../../../components/FormAlert';
import { useGetMyEventsQuery, useMarkEventReadMutation } from '../eventsApi';
import { MyEventCard } from './MyEventCard';
import { ALL_FILTERS_ON, FILTERS, groupMyEvents, isParticipationOver, type FilterKey } from './myEventsFilters';
import './MyEventsPage.css';
import { FRESHNESS } from '../../../api/freshness';

/** Why a card does not open (spec: My events), or null when it opens the event. */
function participationMessage(record: StatusRecordDto): string | null {
  if (record.status === 'rejected') return EVENT_MSG.rejected;
  if (record.eventID.eventStatus === 'cancelled') return EVENT_MSG.cancelled;
  return isParticipationOver(record) ? EVENT_MSG.finished : null;
}

export function MyEventsPage() {
  const navigate = useNavigate();
  const [filters, setFilters] = useState(ALL_FILTERS_ON);
  const { data, isLoading, isError, refetch } = useGetMyEventsQuery(undefined, FRESHNESS.myEvents);
  const [markRead] = useMarkEventReadMutation();
  const groups = groupMyEvents(data, filters);
  const ownedUnread = new Set(data?.ownedUnread ?? []);
  const toggle = (key: FilterKey) => setFilters((f) => ({ ...f, [key]: !f[key] }));

  const openOwned = (event: EventDto) => navigate(`/dashboard/event/edit/${event._id}`, { state: { event, status: 'owner' } });
  const openFinishedOwned = (event: EventDto) => {
    notice(event.eventStatus === 'cancelled' ? EVENT_MSG.cancelled : EVENT_MSG.finished, 'info');
    // A completed game's page holds its check-in list (docs/adr/0091).
    if (event.eventStatus === 'completed') openOwned(event);
  };
  const openParticipation = (record: StatusRecordDto) => {
    const message = participationMessage(record);
    if (message) notice(message, 'info');
    else navigate(`/dashboard/event/${record.eventID._id}`);
  };

  return (
    <div className="my-events">
      <h1>Moje Wydarzenia</h1>
      <div className="my-filters" role="group" aria-label="Filtry">
        {FILTERS.map(({ key, label }) => (
          <button key={key} type="button" className="my-filter" aria-pressed={filters[key]} onClick={() => toggle(key)}>
            {label}
          </button>
        ))}
      </div>
      {isLoading && <p role="status">Ładowanie wydarzeń…</p>}
      {isError && (
        <>
          <FormAlert message="Nie udało się pobrać Twoich wydarzeń." />
          <button type="button" className="btn btn-secondary" onClick={() => void refetch()}>
            Spróbuj ponownie
          </button>
        </>
      )}
      {data && (
        <>
          {filters.mine && (
            <Group title="Moje Wydarzenia" empty={<>Nie organizujesz teraz żadnej gry. <Link to="/dashboard/add-event">Stwórz wydarzenie</Link></>}>
              {groups.owned.map((event) => (
                <MyEventCard key={event._id} event={event} own unread={ownedUnread.has(event._id)} onOpen={() => openOwned(event)}
                  onSeen={() => void markRead(event._id)} />
              ))}
            </Group>
          )}
          {groups.ownedFinished.length > 0 && (
            <Group title="Moje zakończone wydarzenia" muted>
              {groups.ownedFinished.map((event) => (
                <MyEventCard key={event._id} event={event} own muted unread={ownedUnread.has(event._id)} onOpen={() => openFinishedOwned(event)}
                  onSeen={() => void markRead(event._id)} />
              ))}
            </Group>
          )}
          <Group title="Wydarzenia, w których biorę udział" empty={<>Brak wydarzeń dla wybranych filtrów. <Link to="/dashboard/find-event">Znajdź wydarzenie</Link></>}>
            {groups.participating.map((record) => (
              <MyEventCard key={record._id} event={record.eventID} own={false} status={record.status} unread={!record.readBy}
                muted={isParticipationOver(record)} onOpen={() => openParticipation(record)} onSeen={() => void markRead(record.eventID._id)} />
            ))}
          </Group>
        </>
      )}
    </div>
  );
}

function Group({ title, empty, muted = false, children }: { title: string; empty?: ReactNode; muted?: boolean; children: ReactNode[] }) {
  const id = useId();
  return (
    <section className={`my-group${muted ? ' my-group-muted' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children.length ? <ul className="my-cards">{children}</ul> : <p className="my-empty">{empty}</p>}
    </section>
  );
}
