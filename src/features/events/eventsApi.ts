import type { UserStats } from '@contract/auth';
import type { EventDto, EventInput, ParticipationStatus, SearchInput, StatusRecordDto } from '@contract/events';
import { api } from '../../api/api';
import { idTag, listTag } from '../../api/tags';

export type MyStatus = ParticipationStatus | 'owner' | null;

export interface Participant {
  _id: string;
  nickName: string;
  name: string;
  surname: string;
  avatarUrl: string | null;
}

export interface EventUsersResponse {
  usersByStatus: { interested: Participant[]; accepted: Participant[]; rejected: Participant[] };
  eventUsers: Array<{ _id: string; userID: Participant; status: ParticipationStatus; readBy: boolean }>;
  userStats: UserStats[];
  total: number;
}

export interface Bounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export interface MyEventsResponse {
  userEvents: StatusRecordDto[];
  ownedEvents: EventDto[];
  /** My games with news I have not seen (requests to join, accepted players leaving). */
  ownedUnread: string[];
}

/** What the add/edit form sends: its fields plus the values the spec's client derives. */
export type EventPayload = EventInput & { startDateTime: string; endDateTime: string; addressString: string };

interface Msg {
  msg: string;
}

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listEventsInBounds: build.query<{ events: EventDto[] }, Bounds>({
      query: (params) => ({ url: '/football-events', params }),
      providesTags: [listTag('Event')],
    }),
    // `total` is exact up to a bound; `totalIsLowerBound` says it is only "at least" (ADR 80).
    searchEvents: build.query<{ events: EventDto[]; total: number; totalIsLowerBound?: boolean }, SearchInput>({
      query: (body) => ({ url: '/football-events/search', method: 'POST', body }),
      providesTags: [listTag('Event')],
      // People go from the results to an event and back: keep the list a while.
      keepUnusedDataFor: 300,
    }),
    getEvent: build.query<{ event: EventDto }, string>({
      query: (id) => `/football-events/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [idTag('Event', id)],
    }),
    createEvent: build.mutation<Msg & { event: EventDto }, EventPayload>({
      query: (body) => ({ url: '/football-events', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [listTag('Event'), listTag('MyEvents')]),
    }),
    updateEvent: build.mutation<Msg & { event: EventDto }, { id: string; body: EventPayload }>({
      query: ({ id, body }) => ({ url: `/football-events/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [idTag('Event', id), listTag('Event'), listTag('MyEvents')]),
    }),
    deleteEvent: build.mutation<Msg, string>({
      query: (id) => ({ url: `/football-events/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) =>
        error ? [] : [idTag('Event', id), listTag('Event'), listTag('MyEvents'), idTag('EventUsers', id)],
    }),
    getMyEvents: build.query<MyEventsResponse, void>({
      query: () => '/status/my-events',
      providesTags: [listTag('MyEvents')],
    }),
    getMyStatus: build.query<{ status: MyStatus; readBy: boolean }, string>({
      query: (id) => `/status/events/${encodeURIComponent(id)}/my-status`,
      providesTags: (_r, _e, id) => [idTag('EventStatus', id), listTag('EventStatus')],
    }),
    joinEvent: build.mutation<Msg & { status: string }, string>({
      query: (id) => ({ url: `/status/events/${encodeURIComponent(id)}/join`, method: 'POST' }),
      // Spec section 4: 'interested' is shown at once, then the call; a failure puts it back.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          eventsApi.util.updateQueryData('getMyStatus', id, (draft) => {
            draft.status = 'interested';
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_r, _e, id) => [idTag('EventStatus', id), idTag('EventUsers', id), listTag('MyEvents')],
    }),
    leaveEvent: build.mutation<Msg, string>({
      query: (id) => ({ url: `/status/events/${encodeURIComponent(id)}/leave`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [idTag('EventStatus', id), idTag('EventUsers', id), listTag('MyEvents')]),
    }),
    getEventUsers: build.query<EventUsersResponse, string>({
      query: (id) => `/status/events/${encodeURIComponent(id)}/users`,
      providesTags: (_r, _e, id) => [idTag('EventUsers', id), listTag('EventUsers')],
    }),
    setParticipantStatus: build.mutation<Msg & { status: string }, { eventId: string; userId: string; status: 'accepted' | 'rejected' }>({
      query: ({ eventId, userId, status }) => ({
        url: `/status/events/${encodeURIComponent(eventId)}/users/${encodeURIComponent(userId)}/status`,
        method: 'PATCH',
        body: { status },
      }),
      // Refetched either way: a failure (silent, spec section 8) must not leave a stale list.
      invalidatesTags: (_r, _e, { eventId }) => [idTag('EventUsers', eventId)],
    }),
    finishEvent: build.mutation<Msg, string>({
      query: (id) => ({ url: `/status/events/${encodeURIComponent(id)}/finish`, method: 'PATCH' }),
      invalidatesTags: (_r, error, id) =>
        error ? [] : [idTag('Event', id), listTag('Event'), listTag('MyEvents'), idTag('EventUsers', id), 'UserStats'],
    }),
    markEventRead: build.mutation<Msg, string>({
      query: (id) => ({ url: `/status/events/${encodeURIComponent(id)}/mark-read`, method: 'PATCH' }),
      // The badge goes at once; the server call only records it.
      async onQueryStarted(id, { dispatch }) {
        dispatch(
          eventsApi.util.updateQueryData('getMyEvents', undefined, (draft) => {
            for (const record of draft.userEvents) if (record.eventID._id === id) record.readBy = true;
            draft.ownedUnread = (draft.ownedUnread ?? []).filter((owned) => owned !== id);
          }),
        );
        dispatch(
          eventsApi.util.updateQueryData('getMyStatus', id, (draft) => {
            draft.readBy = true;
          }),
        );
      },
    }),
  }),
});

export const {
  useListEventsInBoundsQuery,
  useSearchEventsQuery,
  useGetEventQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useDeleteEventMutation,
  useGetMyEventsQuery,
  useGetMyStatusQuery,
  useJoinEventMutation,
  useLeaveEventMutation,
  useGetEventUsersQuery,
  useSetParticipantStatusMutation,
  useFinishEventMutation,
  useMarkEventReadMutation,
} = eventsApi;
