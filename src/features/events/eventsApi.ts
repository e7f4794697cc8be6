import type { UserStats } from '@contract/auth';
import type { EventDto, EventInput, MapAnswer, ParticipationStatus, SearchInput, StatusRecordDto } from '@contract/events';
import { SEARCH_PAGE_SIZE, type SeriesScope } from '@contract/plain/events';
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
  /** `waitlisted` in arrival order (docs/adr/0090). */
  usersByStatus: { interested: Participant[]; accepted: Participant[]; rejected: Participant[]; waitlisted: Participant[] };
  /** `attended`: a played game's check-in, for the organiser (docs/adr/0091). */
  eventUsers: Array<{ _id: string; userID: Participant; status: ParticipationStatus; readBy: boolean; attended?: boolean }>;
  /** Until when the organiser may change the check-in (a completed game of theirs), else null. */
  attendanceEditableUntil?: string | null;
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

export interface SearchPage {
  events: EventDto[];
  total: number;
  totalIsLowerBound?: boolean;
}

interface Msg {
  msg: string;
}

export const eventsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The map's view: markers, or at low zoom bubbles with counts (`zoom` ≤ 10, ADR 81). */
    listEventsInBounds: build.query<MapAnswer, Bounds & { zoom?: number }>({
      query: (params) => ({ url: '/football-events', params }),
      providesTags: [listTag('Event')],
    }),
    /**
     * Znajdź Wydarzenie's list, nearest first, a page at a time ('Pokaż więcej' asks for the next).
     * `total` is exact up to a bound (100, or the end of the page asked for); `totalIsLowerBound`
     * says it is only "at least" (ADR 80), so there is a next page while it is set.
     */
    searchEvents: build.infiniteQuery<SearchPage, SearchInput, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _all, lastPageParam, _params, queryArg) => {
          const limit = Number(queryArg.limit ?? SEARCH_PAGE_SIZE);
          return lastPage.totalIsLowerBound || lastPageParam * limit < lastPage.total ? lastPageParam + 1 : undefined;
        },
      },
      query: ({ queryArg, pageParam }) => ({ url: '/football-events/search', method: 'POST', body: { ...queryArg, page: pageParam } }),
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
    /** `scope: 'following'` edits a weekly series' game and the following ones (docs/adr/0092). */
    updateEvent: build.mutation<Msg & { event: EventDto }, { id: string; body: EventPayload; scope?: SeriesScope }>({
      query: ({ id, body, scope }) => ({
        url: `/football-events/${encodeURIComponent(id)}${scope === 'following' ? '?scope=following' : ''}`, method: 'PATCH', body,
      }),
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
    getMyStatus: build.query<{ status: MyStatus; readBy: boolean; waitlistPosition: number | null; isRegular?: boolean }, string>({
      query: (id) => `/status/events/${encodeURIComponent(id)}/my-status`,
      providesTags: (_r, _e, id) => [idTag('EventStatus', id), listTag('EventStatus')],
    }),
    joinEvent: build.mutation<Msg & { status: string; waitlistPosition: number | null }, string>({
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
    setAttendance: build.mutation<Msg, { eventId: string; userId: string; attended: boolean }>({
      query: ({ eventId, userId, attended }) => ({
        url: `/status/events/${encodeURIComponent(eventId)}/users/${encodeURIComponent(userId)}/attendance`,
        method: 'PATCH',
        body: { attended },
      }),
      invalidatesTags: (_r, _e, { eventId }) => [idTag('EventUsers', eventId), 'UserStats', listTag('Ranking')],
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
  useSearchEventsInfiniteQuery,
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
  useSetAttendanceMutation,
  useMarkEventReadMutation,
} = eventsApi;
