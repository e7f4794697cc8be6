import type { EventDto, StatusRecordDto } from '@contract/events';
import { isFinishedStatus } from '@contract/plain/events';

export const FILTERS = [
  { key: 'mine', label: 'Moje' },
  { key: 'accepted', label: 'Zaakceptowany' },
  { key: 'interested', label: 'Zainteresowany' },
  { key: 'rejected', label: 'Odrzucone' },
  { key: 'finished', label: 'Zakończone' },
  // The spec has these two toggles, without any visible effect.
  { key: 'today', label: 'Dzisiaj' },
  { key: 'week', label: 'Tydzień' },
  // Games of a weekly series (docs/adr/0092): shown while on, like every other toggle.
  { key: 'recurring', label: 'Cykliczne' },
] as const;

export type FilterKey = (typeof FILTERS)[number]['key'];
export type Filters = Record<FilterKey, boolean>;

/** Spec: all toggles on by default. */
export const ALL_FILTERS_ON = Object.fromEntries(FILTERS.map((f) => [f.key, true])) as Filters;

/** A game I take part in is over when I played it or when the game itself finished or was cancelled. */
export function isParticipationOver(record: StatusRecordDto): boolean {
  return record.status === 'finished' || isFinishedStatus(record.eventID.eventStatus);
}

/** The toggle a status shows under: waiting on the waitlist is a request still pending (Zainteresowany). */
function filterOf(status: Exclude<StatusRecordDto['status'], 'finished'>): FilterKey {
  return status === 'waitlisted' ? 'interested' : status;
}

export interface MyEventsGroups {
  owned: EventDto[];
  ownedFinished: EventDto[];
  participating: StatusRecordDto[];
}

/** A game of a weekly series shows only while Cykliczne is on; a one-off game does not depend on it. */
const seriesShown = (e: EventDto, filters: Filters) => filters.recurring || !e.seriesId;

/**
 * The three groups of the screen under the toggles: Moje shows my own games (the finished ones
 * also need Zakończone); a game I take part in shows under its status toggle, or under
 * Zakończone once it is over. Every group also needs Cykliczne for the games of a weekly series.
 */
export function groupMyEvents(data: { userEvents: StatusRecordDto[]; ownedEvents: EventDto[] } | undefined, filters: Filters): MyEventsGroups {
  const owned = (data?.ownedEvents ?? []).filter((e) => seriesShown(e, filters));
  const records = (data?.userEvents ?? []).filter((r) => seriesShown(r.eventID, filters));
  return {
    owned: filters.mine ? owned.filter((e) => !isFinishedStatus(e.eventStatus)) : [],
    ownedFinished:
      filters.mine && filters.finished
        ? owned.filter((e) => isFinishedStatus(e.eventStatus)).sort((a, b) => b.startDateTime.localeCompare(a.startDateTime))
        : [],
    participating: records.filter((r) => (isParticipationOver(r) ? filters.finished : r.status !== 'finished' && filters[filterOf(r.status)])),
  };
}
