import type { SessionUser, UserStats } from '@contract/auth';
import type { RootState } from '../app/store';

export const API = 'http://localhost/api/v1';

export const testUser: SessionUser = {
  _id: 'u-1',
  id: 'u-1',
  userID: 'u-1',
  nickName: 'Lewy9',
  email: 'robert@example.pl',
  name: 'Robert',
  surname: 'Nowak',
  role: 'user',
  isActive: true,
  avatarUrl: null,
  age: '1990-05-01',
  phoneNumber: null,
};

export const testStats: UserStats = { userID: 'u-1', gamesPlayed: 12, eventsOrganized: 3, totalLikes: 7, points: 231 };

export function signedIn(): Partial<RootState> {
  return { session: { user: testUser, stats: testStats, loading: false } };
}

export function signedOut(): Partial<RootState> {
  return { session: { user: null, stats: null, loading: false } };
}
