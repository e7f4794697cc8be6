import type { LeaderboardEntry, LeaderboardKey } from '@contract/users';
import { api } from '../../api/api';
import { listTag } from '../../api/tags';

export const rankingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLeaderboard: build.query<{ leaderboard: LeaderboardEntry[] }, { sortBy: LeaderboardKey; limit: number }>({
      query: ({ sortBy, limit }) => ({ url: '/user-stats/leaderboard', params: { sortBy, limit } }),
      providesTags: [listTag('Ranking')],
    }),
  }),
});

export const { useGetLeaderboardQuery } = rankingApi;
