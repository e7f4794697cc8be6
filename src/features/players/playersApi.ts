import type { LikeResponse, PublicUser } from '@contract/users';
import { api } from '../../api/api';
import { idTag, listTag } from '../../api/tags';

/** Other players: their profile, and liking them. */
export const playersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<{ user: PublicUser }, string>({
      query: (id) => `/users/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [idTag('User', id)],
    }),
    likeUser: build.mutation<LikeResponse, { targetUserId: string; like: boolean }>({
      query: ({ targetUserId, like }) => ({ url: '/user-stats/like', method: like ? 'POST' : 'DELETE', body: { targetUserId } }),
      // The answer carries the new totals: the open profile shows them without another request.
      async onQueryStarted({ targetUserId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          playersApi.util.updateQueryData('getUser', targetUserId, (draft) => {
            draft.user.isLikedByCurrentUser = data.isLikedByCurrentUser;
            draft.user.userStats = data.userStats;
          }),
        );
      },
      invalidatesTags: (result) => (result ? [listTag('Ranking')] : []),
    }),
  }),
});

export const { useGetUserQuery, useLikeUserMutation } = playersApi;
