import { ageInYears } from './time';

describe('ageInYears', () => {
  const on = (iso: string) => new Date(iso);
  it('counts full years on the Warsaw date', () => {
    expect(ageInYears('2000-06-15', on('2025-06-14T12:00:00Z'))).toBe(24);
    expect(ageInYears('2000-06-15', on('2025-06-15T12:00:00Z'))).toBe(25);
    // 23:30 UTC on the 14th is already the 15th in Warsaw.
    expect(ageInYears('2000-06-15', on('2025-06-14T23:30:00Z'))).toBe(25);
    expect(ageInYears('2000-02-29', on('2025-02-28T12:00:00Z'))).toBe(24);
    expect(ageInYears('2000-02-29', on('2025-03-01T12:00:00Z'))).toBe(25);
  });

  it('is null without a usable date', () => {
    expect(ageInYears(null)).toBeNull();
    expect(ageInYears('')).toBeNull();
    expect(ageInYears('15.06.2000')).toBeNull();
    expect(ageInYears('2999-01-01', on('2025-01-01T00:00:00Z'))).toBeNull();
  });
});
