import { makeEvent, ownEvent, statusRecord } from '../../../test/eventFixtures';
import { ALL_FILTERS_ON, groupMyEvents, type Filters } from './myEventsFilters';

const mineOpen = ownEvent({ eventName: 'Moja gra' });
const mineDone = ownEvent({ eventName: 'Moja stara gra', eventStatus: 'completed' });
const mineCancelled = ownEvent({ eventName: 'Moja odwołana gra', eventStatus: 'cancelled' });
const accepted = statusRecord(makeEvent({ eventName: 'Przyjęty' }), 'accepted');
const interested = statusRecord(makeEvent({ eventName: 'Czekam' }), 'interested');
const rejected = statusRecord(makeEvent({ eventName: 'Odrzucony' }), 'rejected');
const played = statusRecord(makeEvent({ eventName: 'Zagrany', eventStatus: 'completed' }), 'finished');
const cancelled = statusRecord(makeEvent({ eventName: 'Odwołany', eventStatus: 'cancelled' }), 'accepted');
const data = { ownedEvents: [mineOpen, mineDone, mineCancelled], userEvents: [accepted, interested, rejected, played, cancelled] };

const names = (filters: Filters) => {
  const g = groupMyEvents(data, filters);
  return {
    owned: g.owned.map((e) => e.eventName),
    ownedFinished: g.ownedFinished.map((e) => e.eventName),
    participating: g.participating.map((r) => r.eventID.eventName),
  };
};

describe('my events filters', () => {
  it('shows everything with all toggles on, finished own games in their own group', () => {
    expect(names(ALL_FILTERS_ON)).toEqual({
      owned: ['Moja gra'],
      ownedFinished: ['Moja stara gra', 'Moja odwołana gra'],
      participating: ['Przyjęty', 'Czekam', 'Odrzucony', 'Zagrany', 'Odwołany'],
    });
  });

  it("'Moje' off hides my own games, finished ones included", () => {
    expect(names({ ...ALL_FILTERS_ON, mine: false })).toMatchObject({ owned: [], ownedFinished: [] });
  });

  it.each([
    ['accepted', 'Przyjęty'],
    ['interested', 'Czekam'],
    ['rejected', 'Odrzucony'],
  ] as const)("'%s' off hides only that status", (key, hidden) => {
    const { participating } = names({ ...ALL_FILTERS_ON, [key]: false });
    expect(participating).not.toContain(hidden);
    expect(participating).toHaveLength(4);
  });

  it("'Zakończone' off hides played, cancelled and my finished games", () => {
    expect(names({ ...ALL_FILTERS_ON, finished: false })).toEqual({
      owned: ['Moja gra'],
      ownedFinished: [],
      participating: ['Przyjęty', 'Czekam', 'Odrzucony'],
    });
  });

  it("'Dzisiaj' and 'Tydzień' change nothing", () => {
    expect(names({ ...ALL_FILTERS_ON, today: false, week: false })).toEqual(names(ALL_FILTERS_ON));
  });

  describe("'Cykliczne'", () => {
    const weekly = ownEvent({ eventName: 'Moja seria', seriesId: 's1', isRecurring: true });
    const weeklyDone = ownEvent({ eventName: 'Moja stara seria', seriesId: 's1', isRecurring: true, eventStatus: 'completed' });
    const regular = statusRecord(makeEvent({ eventName: 'Wtorki', seriesId: 's2', isRecurring: true }), 'accepted');
    const withSeries = { ownedEvents: [...data.ownedEvents, weekly, weeklyDone], userEvents: [...data.userEvents, regular] };
    const shown = (filters: Filters) => {
      const g = groupMyEvents(withSeries, filters);
      return [...g.owned, ...g.ownedFinished, ...g.participating.map((r) => r.eventID)].map((e) => e.eventName);
    };

    it('on (the default) shows the games of weekly series with the others', () => {
      expect(shown(ALL_FILTERS_ON)).toEqual(expect.arrayContaining(['Moja seria', 'Moja stara seria', 'Wtorki', 'Moja gra', 'Przyjęty']));
    });

    it('off hides every game of a weekly series, own or not, and nothing else', () => {
      const off = shown({ ...ALL_FILTERS_ON, recurring: false });
      expect(off).not.toEqual(expect.arrayContaining(['Moja seria']));
      expect(off.filter((n) => ['Moja seria', 'Moja stara seria', 'Wtorki'].includes(n))).toEqual([]);
      expect(off).toHaveLength(shown(ALL_FILTERS_ON).length - 3);
    });

    it('combines with the status toggles: a series game I am accepted in needs both', () => {
      expect(shown({ ...ALL_FILTERS_ON, accepted: false })).not.toContain('Wtorki');
      expect(shown({ ...ALL_FILTERS_ON, mine: false })).toEqual(expect.not.arrayContaining(['Moja seria']));
    });
  });
});
