import { useEffect, useState } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { useParams } from 'react-router';
import { PageFallback } from '../../../components/PageFallback';
import { PremiumAd } from '../../../components/PremiumAd';
import { claimAdShowing } from '../../../components/premiumAdPolicy';
import { EventDetailActions } from '../EventDetailActions';
import { SeriesRegularNote } from './SeriesRegularNote';
import '../eventErrorToasts';
import { formatDate, gameTypeLabel } from '../eventFormat';
import { EventLoadError } from '../EventLoadError';
import { useGetEventQuery, useGetEventUsersQuery, useGetMyStatusQuery, useMarkEventReadMutation } from '../eventsApi';
import { PlayerCard } from '../PlayerCard';
import { EventInfoList, eventStatusLabel } from './EventInfoList';
import { EventShareButtons } from './EventShareButtons';
import { StatusButton } from './StatusButton';
import '../EventPages.css';
import { FRESHNESS } from '../../../api/freshness';

/** The session has no premium flag yet, so everyone sees the ad (spec: Event detail). */
const IS_PREMIUM = false;

/**
 * The ad, decided once per game opened, when the game is known: never for its organiser and at
 * most once per game per day in this browser (premiumAdPolicy.ts).
 */
function useAd(id: string, organiserId: string | undefined) {
  const viewerId = useAppSelector((state) => state.session.user?._id);
  const [decided, setDecided] = useState<{ id: string; open: boolean } | null>(null);
  useEffect(() => {
    if (IS_PREMIUM || !organiserId || decided?.id === id) return;
    setDecided({ id, open: claimAdShowing({ eventId: id, organiserId, viewerId }) });
  }, [id, organiserId, viewerId, decided]);
  const open = decided?.id === id && decided.open;
  return open && <PremiumAd onClose={() => setDecided({ id, open: false })} />;
}

export function EventDetailPage() {
  const { id = '' } = useParams();
  const eventQuery = useGetEventQuery(id, FRESHNESS.event);
  const ok = eventQuery.isSuccess;
  const ad = useAd(id, eventQuery.currentData?.event.createdBy._id);
  const { data: mine } = useGetMyStatusQuery(id, { skip: !ok });
  const me = useAppSelector((state) => state.session.user?._id);
  const { data: users } = useGetEventUsersQuery(id, { skip: !ok });
  const [markRead] = useMarkEventReadMutation();

  // Spec section 4: viewing an event whose status is not 'interested' marks the news about it read.
  useEffect(() => {
    if (mine && mine.status && mine.status !== 'interested' && mine.status !== 'owner' && !mine.readBy) void markRead(id);
  }, [id, mine, markRead]);

  if (eventQuery.isError) {
    return (
      <>
        {ad}
        <EventLoadError error={eventQuery.error} onRetry={() => void eventQuery.refetch()} />
      </>
    );
  }
  const event = eventQuery.data?.event;
  if (!event) return <>{ad}<PageFallback /></>;

  const statsOf = (userId: string) => users?.userStats.find((s) => s.userID === userId);
  const accepted = users?.usersByStatus.accepted ?? [];
  return (
    <article className="event-page event-detail">
      {ad}
      <header className="event-header">
        <p className="event-kicker">
          {gameTypeLabel(event.gameType)} · {eventStatusLabel(event.eventStatus)}
        </p>
        <h1>{event.eventName}</h1>
        <p className="event-when">
          {formatDate(event.startDate)}, {event.startHour} · {event.addressString}
        </p>
      </header>
      <div className="event-toolbar">
        <StatusButton event={event} status={mine?.status} waitlistPosition={mine?.waitlistPosition} />
        <EventDetailActions event={event} status={mine?.status} />
        {mine?.isRegular && me && <SeriesRegularNote eventId={event._id} userId={me} />}
        {event.eventStatus !== 'cancelled' && <EventShareButtons event={event} />}
      </div>
      <section className="event-section" aria-labelledby="event-organiser">
        <h2 id="event-organiser">Organizator</h2>
        <div className="player-grid">
          <PlayerCard person={event.createdBy} stats={statsOf(event.createdBy._id)} />
        </div>
      </section>
      <details className="event-section" open>
        <summary>Informacje o wydarzeniu</summary>
        <EventInfoList event={event} />
      </details>
      <details className="event-section" open>
        <summary>Uczestnicy ({accepted.length})</summary>
        {accepted.length ? (
          <ul className="player-grid">
            {accepted.map((person) => (
              <li key={person._id}>
                <PlayerCard person={person} stats={statsOf(person._id)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="event-empty">Nikt jeszcze nie został zaakceptowany.</p>
        )}
      </details>
    </article>
  );
}
