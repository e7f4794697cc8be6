import { EVENT_MSG } from '@contract/events';
import { warsawToUtc } from '@contract/time';
import { makeEvent } from '../../../test/eventFixtures';
import {
  filterPostalCode, formEndHour, formStateFromEvent, guardAddressNumber, guardCity, guardStreet, initialFormState, toPayload,
  validateForm, withPrice, type EventFormState,
} from './eventForm';

const now = warsawToUtc('2030-06-14', '17:05');

function filled(overrides: Partial<EventFormState> = {}): EventFormState {
  return {
    ...initialFormState(now),
    eventName: 'Gierka na Orliku',
    city: 'Warszawa',
    street: 'Marszałkowska',
    addressNumber: '10',
    postalCode: '00-001',
    startHour: '18:30',
    ...overrides,
  };
}

describe('event form defaults', () => {
  it('starts with football, 90 minutes, Orlik, beginner, nobody sought, free, today and now', () => {
    expect(initialFormState(now)).toMatchObject({
      gameType: 'football', duration: '90', fieldType: 'field', level: 'beginner', playerCount: '0', price: '0',
      startDate: '2030-06-14', startHour: '17:05', paymentMethod: '',
    });
  });
});

describe('event form input limits', () => {
  it('keeps only digits and one dash in the postal code, at most six characters', () => {
    expect(filterPostalCode('00-001')).toBe('00-001');
    expect(filterPostalCode('0a0--0b01')).toBe('00-001');
    expect(filterPostalCode('1234567')).toBe('123456');
  });

  it('rejects a city with digits, with the spec message', () => {
    expect(guardCity('Warszawa 2')).toEqual({ rejected: EVENT_MSG.cityDigits });
    expect(guardCity('Bielsko-Biała')).toEqual({ value: 'Bielsko-Biała' });
  });

  it('rejects a street with digits, with the spec message', () => {
    expect(guardStreet('3 Maja')).toEqual({ rejected: EVENT_MSG.streetDigits });
    expect(guardStreet('Aleje Jerozolimskie')).toEqual({ value: 'Aleje Jerozolimskie' });
  });

  it('accepts only digits as the street number', () => {
    expect(guardAddressNumber('12a')).toEqual({ rejected: EVENT_MSG.addressNumber });
    expect(guardAddressNumber('12')).toEqual({ value: '12' });
  });
});

describe('event form rules', () => {
  it('clears the payment method when the price is 0 and brings the default back for a price', () => {
    const paid = withPrice(filled(), '20');
    expect(paid.paymentMethod).toBe('Na miejscu');
    expect(withPrice({ ...paid, paymentMethod: 'BLIK' }, '0').paymentMethod).toBe('');
    expect(toPayload(withPrice(paid, '0')).paymentMethod).toBeNull();
  });

  it('ends the game duration minutes after the start', () => {
    expect(formEndHour(filled({ startHour: '18:30', duration: '90' }))).toBe('20:00');
    expect(formEndHour(filled({ startHour: '23:30', duration: '60' }))).toBe('00:30');
  });

  it('sends the derived start, end and address string', () => {
    const payload = toPayload(filled({ startDate: '2030-06-14', startHour: '18:30', duration: '90' }));
    expect(payload.startDateTime).toBe('2030-06-14T16:30:00.000Z');
    expect(payload.endDateTime).toBe('2030-06-14T18:00:00.000Z');
    expect(payload.addressString).toBe('Marszałkowska 10, 00-001 Warszawa');
    expect(payload.address).toEqual({ city: 'Warszawa', street: 'Marszałkowska', addressNumber: '10', postalCode: '00-001' });
  });

  it('accepts a complete form', () => {
    expect(validateForm(filled(), { isNew: true, now: now.getTime() })).toEqual({});
  });

  it('rejects a postal code without a dash, next to its field', () => {
    expect(validateForm(filled({ postalCode: '00001' }), { isNew: true, now: now.getTime() })).toEqual({
      'address.postalCode': EVENT_MSG.postalCode,
    });
  });

  it('asks for a name of 3 to 60 characters', () => {
    // One real-date rule (contract): no rolling over, at most a year ahead, strict hours.
    expect(validateForm(filled({ startDate: '2031-02-31' }), { isNew: true, now: now.getTime() }).startDate).toBe(EVENT_MSG.date);
    expect(validateForm(filled({ startDate: '9999-12-31' }), { isNew: true, now: now.getTime() }).startDate).toBe(EVENT_MSG.tooFarAhead);
    expect(validateForm(filled({ startDate: '2031-06-15' }), { isNew: true, now: now.getTime() }).startDate).toBe(EVENT_MSG.tooFarAhead);
    expect(validateForm(filled({ startDate: '2031-06-14' }), { isNew: true, now: now.getTime() }).startDate).toBeUndefined();
    expect(validateForm(filled({ startHour: '24:00' }), { isNew: true, now: now.getTime() }).startHour).toBe(EVENT_MSG.hour);
    expect(validateForm(filled({ eventName: 'ab' }), { isNew: true, now: now.getTime() }).eventName).toBe(EVENT_MSG.nameLength);
  });

  it('refuses a new game that starts in the past but lets an edit keep its old start', () => {
    const past = filled({ startHour: '12:00' });
    expect(validateForm(past, { isNew: true, now: now.getTime() }).startDate).toBe(EVENT_MSG.inPast);
    expect(validateForm(past, { isNew: false, now: now.getTime() })).toEqual({});
  });

  it('fills the edit form from an event, with its place as the pin', () => {
    const state = formStateFromEvent(makeEvent({ price: 0, paymentMethod: null, geolocation: { type: 'Point', coordinates: [21.01, 52.23] } }));
    expect(state).toMatchObject({ city: 'Warszawa', price: '0', paymentMethod: '', latitude: 52.23, longitude: 21.01, duration: '90' });
  });
});
