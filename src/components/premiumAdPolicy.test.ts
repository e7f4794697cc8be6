import { AD_SEEN_KEY, claimAdShowing } from './premiumAdPolicy';

const ask = (over: Partial<Parameters<typeof claimAdShowing>[0]> = {}) =>
  claimAdShowing({ eventId: 'e-1', organiserId: 'u-org', viewerId: 'u-me', storage: localStorage, ...over });

beforeEach(() => localStorage.clear());

describe('premium ad policy', () => {
  it('shows the ad the first time a game is opened on a day, and not again that day', () => {
    const morning = new Date('2030-06-01T06:00:00Z');
    expect(ask({ now: morning })).toBe(true);
    expect(ask({ now: new Date('2030-06-01T20:00:00Z') })).toBe(false);
  });

  it('counts days as Warsaw does: 23:30 UTC is already the next day there', () => {
    expect(ask({ now: new Date('2030-06-01T21:00:00Z') })).toBe(true);
    // 21:00 UTC is 23:00 in Warsaw (summer); 22:30 UTC is 00:30 on 2 June.
    expect(ask({ now: new Date('2030-06-01T21:50:00Z') })).toBe(false);
    expect(ask({ now: new Date('2030-06-01T22:30:00Z') })).toBe(true);
  });

  it('keeps each game apart', () => {
    const now = new Date('2030-06-01T10:00:00Z');
    expect(ask({ now })).toBe(true);
    expect(ask({ now, eventId: 'e-2' })).toBe(true);
    expect(ask({ now })).toBe(false);
  });

  it('never shows the ad to the organiser, and does not count that as a showing', () => {
    expect(ask({ viewerId: 'u-org' })).toBe(false);
    expect(localStorage.getItem(AD_SEEN_KEY)).toBeNull();
  });

  it('forgets the days that are over', () => {
    ask({ now: new Date('2030-06-01T10:00:00Z'), eventId: 'old' });
    ask({ now: new Date('2030-06-03T10:00:00Z') });
    expect(JSON.parse(localStorage.getItem(AD_SEEN_KEY)!)).toEqual({ 'e-1': '2030-06-03' });
  });

  it('shows the ad when what is stored is not readable', () => {
    localStorage.setItem(AD_SEEN_KEY, 'not json');
    expect(ask()).toBe(true);
  });
});
