import { isoToPolishDate, polishDateToIso, polishTimeToIso } from './polishDateTime';

describe('Polish dates and times in text fields', () => {
  it('shows an ISO date as dd.mm.rrrr and leaves anything else as typed', () => {
    expect(isoToPolishDate('2026-11-23')).toBe('23.11.2026');
    expect(isoToPolishDate('')).toBe('');
    expect(isoToPolishDate('23.11')).toBe('23.11');
  });

  it('reads dd.mm.rrrr, its variants and a pasted ISO date', () => {
    for (const typed of ['23.11.2026', '23/11/2026', '23-11-2026', '23 11 2026', ' 23.11.2026 ', '23112026', '2026-11-23']) {
      expect(polishDateToIso(typed)).toBe('2026-11-23');
    }
    expect(polishDateToIso('5.3.2027')).toBe('2027-03-05');
    expect(polishDateToIso('')).toBe('');
    // Unfinished or wrong: kept as typed for the form's rules to reject (calendar checks are theirs).
    expect(polishDateToIso('23.11.26')).toBe('23.11.26');
    expect(polishDateToIso('31.02.2027')).toBe('2027-02-31');
    expect(polishDateToIso('11/23/2026 AM')).toBe('11/23/2026 AM');
  });

  it('reads a 24-hour time with a colon, a dot or nothing between', () => {
    for (const typed of ['18:30', '18.30', '1830', ' 18:30 ']) expect(polishTimeToIso(typed)).toBe('18:30');
    expect(polishTimeToIso('9:05')).toBe('09:05');
    expect(polishTimeToIso('930')).toBe('09:30');
    expect(polishTimeToIso('')).toBe('');
    expect(polishTimeToIso('6:08 PM')).toBe('6:08 PM');
  });
});
