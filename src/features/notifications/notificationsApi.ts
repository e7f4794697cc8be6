import type {
  MuteChatBody, NotificationDto, NotificationListQuery, NotificationListResponse, NotificationPreferences, PreferencesResponse,
  UnreadNotificationsResponse, UpdatePreferencesBody,
} from '@contract/notifications';
import { DEFAULT_PREFERENCES, completePreferences } from '@contract/plain/notifications';
import { api } from '../../api/api';
import { listTag } from '../../api/tags';
import { writeCachedPreferences } from './preferencesCache';

interface SessionShape {
  session: { user: { _id: string } | null };
}
export const userIdOf = (state: unknown) => (state as SessionShape).session.user?._id;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationPreferences: build.query<PreferencesResponse, void>({
      // Spec section 8: a failed load is silent and falls back to the cached copy, else the defaults.
      async queryFn(_arg, { getState }, _extra, baseQuery) {
        const userId = userIdOf(getState());
        const result = await baseQuery('/notifications/preferences');
        // The server's complete answer is checked without zod; anything else (a failed load, an
        // older cached copy to complete) loads the contract's checker (docs/adr/0098).
        const fresh = completePreferences((result.data as { preferences?: unknown } | undefined)?.preferences);
        if (fresh) {
          writeCachedPreferences(userId, fresh);
          return { data: { preferences: fresh } };
        }
        const { readPreferences } = await import('./readPreferences');
        return { data: readPreferences(result.data, userId) };
      },
      providesTags: ['NotificationPreferences'],
    }),
    updateNotificationPreferences: build.mutation<PreferencesResponse, UpdatePreferencesBody>({
      query: (body) => ({ url: '/notifications/preferences', method: 'PUT', body }),
      async onQueryStarted(changes, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotificationPreferences', undefined, (draft) => {
            Object.assign(draft.preferences, changes);
          }),
        );
        // On success the answer replaces the cached preferences (unreadListeners); a failure puts the switch back.
        queryFulfilled.catch(() => patch.undo());
      },
    }),
    // Every change below answers the whole preferences object; unreadListeners puts it in the cache.
    muteChat: build.mutation<PreferencesResponse, { roomId: string } & MuteChatBody>({
      query: ({ roomId, muteExpiresAt }) => ({
        url: `/notifications/mute-chat/${encodeURIComponent(roomId)}`,
        method: 'POST',
        body: { muteExpiresAt: muteExpiresAt ?? null },
      }),
    }),
    unmuteChat: build.mutation<PreferencesResponse, string>({
      query: (roomId) => ({ url: `/notifications/mute-chat/${encodeURIComponent(roomId)}`, method: 'DELETE' }),
    }),
    muteEvent: build.mutation<PreferencesResponse, string>({
      query: (eventId) => ({ url: `/notifications/mute-event/${encodeURIComponent(eventId)}`, method: 'POST' }),
    }),
    unmuteEvent: build.mutation<PreferencesResponse, string>({
      query: (eventId) => ({ url: `/notifications/mute-event/${encodeURIComponent(eventId)}`, method: 'DELETE' }),
    }),
    getUnreadNotifications: build.query<UnreadNotificationsResponse, void>({
      query: () => '/notifications/unread',
      providesTags: [listTag('Notification')],
    }),
    markNotificationRead: build.mutation<{ msg: string }, string>({
      query: (id) => ({ url: `/notifications/mark-read/${encodeURIComponent(id)}`, method: 'PATCH' }),
      invalidatesTags: (_r, error) => (error ? [] : [listTag('Notification'), listTag('MyEvents')]),
    }),
    // The stored notifications (docs/adr/0085); socket `notification` / `notificationsRead` refresh them.
    getNotifications: build.query<NotificationListResponse, NotificationListQuery>({
      query: ({ page = 1, limit = 20, unreadOnly }) => ({
        url: '/notifications',
        params: { page, limit, ...(unreadOnly ? { unreadOnly } : {}) },
      }),
      providesTags: [listTag('Notification')],
    }),
    readNotification: build.mutation<{ notification: NotificationDto }, string>({
      query: (id) => ({ url: `/notifications/${encodeURIComponent(id)}/read`, method: 'PATCH' }),
      invalidatesTags: (_r, error) => (error ? [] : [listTag('Notification'), listTag('MyEvents')]),
    }),
    readAllNotifications: build.mutation<{ marked: number }, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: (_r, error) => (error ? [] : [listTag('Notification'), listTag('MyEvents')]),
    }),
  }),
});

/** The preferences in force (the query itself falls back to the local copy); defaults until loaded. */
export const selectPreferences = (state: unknown): NotificationPreferences =>
  notificationsApi.endpoints.getNotificationPreferences.select()(state as never).data?.preferences ?? DEFAULT_PREFERENCES;

export const {
  useGetNotificationPreferencesQuery,
  useUpdateNotificationPreferencesMutation,
  useMuteChatMutation,
  useUnmuteChatMutation,
  useMuteEventMutation,
  useUnmuteEventMutation,
  useGetUnreadNotificationsQuery,
  useMarkNotificationReadMutation,
  useGetNotificationsQuery,
  useReadNotificationMutation,
  useReadAllNotificationsMutation,
} = notificationsApi;
