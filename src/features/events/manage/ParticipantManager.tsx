import type { UserStats } from '@contract/auth';
import { EVENT_MSG, freePlaces } from '@contract/plain/events';
import { useSetParticipantStatusMutation, type EventUsersResponse, type Participant } from '../eventsApi';
import { PlayerCard } from '../PlayerCard';
import { useGetRegularsQuery, useSetRegularMutation } from '../seriesApi';

interface ParticipantManagerProps {
  eventId: string;
  users: EventUsersResponse | undefined;
  /** A finished game's line-up can no longer change. */
  locked: boolean;
  /** Places of the game (0: no limit); accepting stops when they are taken (docs/adr/0090). */
  playerCount: number;
  /** A weekly series' game: accepted players may be marked "Stały gracz" (docs/adr/0092). */
  inSeries?: boolean;
}

const GROUPS = [
  { key: 'interested', title: 'Zainteresowani', empty: 'Nikt nie czeka na decyzję.' },
  { key: 'accepted', title: 'Zaakceptowani', empty: 'Nikogo jeszcze nie przyjęto.' },
  { key: 'waitlisted', title: 'Lista rezerwowa', empty: 'Nikt nie czeka na miejsce.' },
  { key: 'rejected', title: 'Odrzuceni', empty: 'Nikogo nie odrzucono.' },
] as const;

/** The organiser's participant cards with Dodaj (accept) and Odrzuć (reject) (spec: Event management). */
export function ParticipantManager({ eventId, users, locked, playerCount, inSeries = false }: ParticipantManagerProps) {
  const [setStatus, { isLoading, originalArgs }] = useSetParticipantStatusMutation();
  const { data: regularsData } = useGetRegularsQuery(eventId, { skip: !inSeries });
  const [setRegular, regularCall] = useSetRegularMutation();
  const regulars = new Set(regularsData?.regulars ?? []);
  const statsOf = (id: string): UserStats | undefined => users?.userStats.find((s) => s.userID === id);
  const busyWith = isLoading ? originalArgs?.userId : undefined;
  // Failures are silent (spec section 8); the list is refetched either way.
  const decide = (person: Participant, status: 'accepted' | 'rejected') => void setStatus({ eventId, userId: person._id, status });
  const full = freePlaces(playerCount, users?.usersByStatus.accepted.length ?? 0) === 0;

  return (
    <>
      {GROUPS.map(({ key, title, empty }) => {
        const people = users?.usersByStatus[key] ?? [];
        // The waitlist only matters for a game with places, or when someone is on it.
        if (key === 'waitlisted' && playerCount === 0 && people.length === 0) return null;
        return (
          <section key={key} className="event-section" aria-labelledby={`manage-${key}`}>
            <h2 id={`manage-${key}`}>
              {title} ({people.length})
            </h2>
            {key === 'waitlisted' && (
              <p className="event-hint">
                {full ? 'Wszystkie miejsca są zajęte. ' : ''}W kolejności zgłoszeń: pierwszy dostaje miejsce, które się zwolni.
              </p>
            )}
            {people.length === 0 ? (
              <p className="event-empty">{empty}</p>
            ) : (
              <ul className="player-grid">
                {people.map((person, index) => (
                  <li key={person._id}>
                    {key === 'waitlisted' && <span className="waitlist-position">{index + 1}.</span>}
                    <PlayerCard
                      person={person}
                      stats={statsOf(person._id)}
                      actions={
                        !locked && (
                          <>
                            <button type="button" className="btn btn-primary btn-small" disabled={key === 'accepted' || full || busyWith === person._id}
                              title={key !== 'accepted' && full ? EVENT_MSG.full : undefined}
                              onClick={() => decide(person, 'accepted')}>
                              Dodaj
                            </button>
                            <button type="button" className="btn btn-secondary btn-small" disabled={key === 'rejected' || busyWith === person._id}
                              onClick={() => decide(person, 'rejected')}>
                              Odrzuć
                            </button>
                            {inSeries && key === 'accepted' && (
                              <button type="button" className="btn btn-secondary btn-small regular-toggle" aria-pressed={regulars.has(person._id)}
                                disabled={regularCall.isLoading}
                                title="Stały gracz dostaje miejsce w każdym kolejnym wydarzeniu serii"
                                onClick={() => void setRegular({ eventId, userId: person._id, regular: !regulars.has(person._id) })}>
                                {regulars.has(person._id) && <span aria-hidden="true">✓ </span>}
                                Stały gracz
                              </button>
                            )}
                          </>
                        )
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </>
  );
}
