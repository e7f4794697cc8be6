import type { CalendarFeedCreated, CalendarFeedStatus } from '@contract/calendar';
import type { PushEndpointBody, PushPublicKeyResponse, PushStatusResponse, PushSubscribeBody } from '@contract/push';
import { api } from '../../api/api';

/** Settings' delivery channels: this device's Web Push subscription and the calendar feed (docs/adr/0088, 0089). */
export const channelsApi = api.injectEndpoints({
  endpoints: (build) => ({
    pushPublicKey: build.query<PushPublicKeyResponse, void>({ query: () => '/push/public-key' }),
    pushSubscribe: build.mutation<{ msg: string }, PushSubscribeBody>({
      query: (body) => ({ url: '/push/subscribe', method: 'POST', body }),
    }),
    pushUnsubscribe: build.mutation<{ msg: string }, PushEndpointBody>({
      query: (body) => ({ url: '/push/unsubscribe', method: 'POST', body }),
    }),
    pushStatus: build.mutation<PushStatusResponse, PushEndpointBody>({
      query: (body) => ({ url: '/push/status', method: 'POST', body }),
    }),
    pushTest: build.mutation<{ msg: string }, void>({ query: () => ({ url: '/push/test', method: 'POST' }) }),
    getCalendarFeed: build.query<CalendarFeedStatus, void>({ query: () => '/calendar/feed', providesTags: ['CalendarFeed'] }),
    createCalendarFeed: build.mutation<CalendarFeedCreated, void>({
      query: () => ({ url: '/calendar/feed', method: 'POST' }),
      invalidatesTags: ['CalendarFeed'],
    }),
    revokeCalendarFeed: build.mutation<{ msg: string }, void>({
      query: () => ({ url: '/calendar/feed', method: 'DELETE' }),
      invalidatesTags: ['CalendarFeed'],
    }),
  }),
});

export const {
  useLazyPushPublicKeyQuery, usePushSubscribeMutation, usePushUnsubscribeMutation, usePushStatusMutation, usePushTestMutation,
  useGetCalendarFeedQuery, useCreateCalendarFeedMutation, useRevokeCalendarFeedMutation,
} = channelsApi;
