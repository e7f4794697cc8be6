import type { EventDto, StatusRecordDto } from '@contract/events';
import type { TownsFile } from '@contract/towns';
import type { EventUsersResponse } from '../features/events/eventsApi';
import { testUser } from './fixtures';

let seq = 0;

/** A football game in Warsaw; override what a test cares about. */
export function makeEvent(overrides: Partial<EventDto> = {}): EventDto {
  seq += 1;
  const longitude = overrides.geolocation?.coordinates[0] ?? 21.0122;
  const latitude = overrides.geolocation?.coordinates[1] ?? 52.2297;
  return {
    _id: `e-${seq}`,
    eventName: `Gierka ${seq}`,
    gameType: 'football',
    startDate: '2030-06-14',
    startHour: '18:30',
    startDateTime: '2030-06-14T16:30:00.000Z',
    endDateTime: '2030-06-14T18:00:00.000Z',
    duration: 90,
    address: { city: 'Warszawa', street: 'Marszałkowska', addressNumber: '10', postalCode: '00-001' },
    addressString: 'Marszałkowska 10, 00-001 Warszawa',
    region: 'mazowieckie',
    fieldType: 'field',
    playerCount: 4,
    level: 'beginner',
    price: 15,
    paymentMethod: 'Na miejscu',
    eventDescription: 'Gramy 5 na 5, weź wodę.',
    phoneNumber: '600100200',
    isPrivate: false,
    isRecurring: false,
    waitlistMode: 'approval',
    createdBy: { _id: 'u-2', nickName: 'Kapitan', name: 'Jan', surname: 'Kowalski', avatarUrl: null },
    eventStatus: 'upcoming',
    createdAt: '2030-06-01T10:00:00.000Z',
    ...overrides,
    geolocation: { type: 'Point', coordinates: [longitude, latitude] },
  };
}

/** An event organised by the signed-in test user. */
export function ownEvent(overrides: Partial<EventDto> = {}): EventDto {
  return makeEvent({ createdBy: { _id: testUser._id, nickName: testUser.nickName, name: testUser.name, surname: testUser.surname, avatarUrl: null }, ...overrides });
}

export function statusRecord(event: EventDto, status: StatusRecordDto['status'], readBy = true): StatusRecordDto {
  return { _id: `r-${event._id}`, eventID: event, userID: testUser._id, status, readBy, updatedAt: '2030-06-02T10:00:00.000Z' };
}

export function eventUsers(overrides: Partial<EventUsersResponse> = {}): EventUsersResponse {
  return {
    usersByStatus: { interested: [], accepted: [], rejected: [], waitlisted: [] },
    eventUsers: [],
    userStats: [{ userID: 'u-2', gamesPlayed: 5, eventsOrganized: 8, totalLikes: 2, points: 296 }],
    total: 0,
    ...overrides,
  };
}

/** A few towns, with one name ('Osiek') in two voivodeships. */
export const townsFile: TownsFile = {
  source: 'test',
  voivodeships: {
    mazowieckie: [
      ['Warszawa', 52.2298, 21.0118, 1702139],
      ['Warka', 51.7833, 21.1903, 11800],
      ['Radom', 51.4025, 21.1471, 226794],
    ],
    małopolskie: [
      ['Kraków', 50.0614, 19.9366, 755050],
      ['Osiek', 49.9507, 19.2644, 8000],
    ],
    świętokrzyskie: [['Osiek', 50.5197, 21.4189, 1900]],
  },
};
