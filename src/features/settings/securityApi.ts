import type { SessionInfo, TotpSetup, TotpSetupBody, TotpStatus } from '@contract/two-factor';
import { api } from '../../api/api';

/** Two-factor sign-in and the person's sessions (Ustawienia → Bezpieczeństwo). */
export const securityApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTotpStatus: build.query<TotpStatus, void>({
      query: () => '/auth/totp',
      providesTags: ['TwoFactor'],
    }),
    startTotpSetup: build.mutation<TotpSetup, TotpSetupBody>({
      query: (body) => ({ url: '/auth/totp/setup', method: 'POST', body }),
    }),
    enableTotp: build.mutation<{ msg: string; recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: '/auth/totp/enable', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    disableTotp: build.mutation<{ msg: string }, { code: string }>({
      query: (body) => ({ url: '/auth/totp/disable', method: 'POST', body }),
      invalidatesTags: ['TwoFactor'],
    }),
    getSessions: build.query<{ sessions: SessionInfo[] }, void>({
      query: () => '/auth/sessions',
      providesTags: ['Sessions'],
    }),
    endSession: build.mutation<{ msg: string }, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    logoutOtherSessions: build.mutation<{ msg: string }, void>({
      query: () => ({ url: '/auth/sessions/logout-others', method: 'POST' }),
      invalidatesTags: ['Sessions'],
    }),
  }),
});

export const {
  useGetTotpStatusQuery, useStartTotpSetupMutation, useEnableTotpMutation, useDisableTotpMutation,
  useGetSessionsQuery, useEndSessionMutation, useLogoutOtherSessionsMutation,
} = securityApi;
