import { api } from '../../api/api';
import { idTag, listTag } from '../../api/tags';

type Msg = { msg: string };

/** A game's weekly series (docs/adr/0092): its regulars, and cancelling this game and the following ones. */
export const seriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRegulars: build.query<{ regulars: string[] }, string>({
      query: (eventId) => `/football-events/${encodeURIComponent(eventId)}/regulars`,
      providesTags: (_r, _e, eventId) => [idTag('Regulars', eventId)],
    }),
    /** The organiser marks or unmarks "Stały gracz"; a player unmarking themself leaves the series. */
    setRegular: build.mutation<Msg, { eventId: string; userId: string; regular: boolean }>({
      query: ({ eventId, userId, regular }) => ({
        url: `/football-events/${encodeURIComponent(eventId)}/regulars/${encodeURIComponent(userId)}`,
        method: regular ? 'PUT' : 'DELETE',
      }),
      invalidatesTags: (_r, _e, { eventId }) => [idTag('Regulars', eventId), idTag('EventStatus', eventId), listTag('MyEvents')],
    }),
    cancelFollowing: build.mutation<Msg, string>({
      query: (eventId) => ({ url: `/football-events/${encodeURIComponent(eventId)}?scope=following`, method: 'DELETE' }),
      invalidatesTags: (_r, error, eventId) =>
        error ? [] : [idTag('Event', eventId), listTag('Event'), listTag('MyEvents'), idTag('EventUsers', eventId)],
    }),
  }),
});

export const { useGetRegularsQuery, useSetRegularMutation, useCancelFollowingMutation } = seriesApi;
