import type { LoginBody, LoginResponse, RegisterBody, SessionUser, UserStats } from '@contract/auth';
import type { SecondStepResponse } from '@contract/two-factor';
import { api } from '../../api/api';

export interface MsgResponse {
  msg: string;
}

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<{ user: SessionUser | null }, void>({
      query: () => '/users/current-user',
      providesTags: ['CurrentUser'],
    }),
    getCurrentStats: build.query<{ stats: UserStats }, void>({
      query: () => '/user-stats/current',
      providesTags: ['UserStats'],
    }),
    /** With two-factor sign-in on, the answer asks for the code (no session yet): `loginSecondStep` follows. */
    login: build.mutation<LoginResponse | SecondStepResponse, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    loginSecondStep: build.mutation<LoginResponse, { loginToken: string; code: string }>({
      query: (body) => ({ url: '/auth/login/second-step', method: 'POST', body }),
    }),
    register: build.mutation<MsgResponse, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    logout: build.mutation<MsgResponse, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    requestPasswordReset: build.mutation<MsgResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MsgResponse, { token: string; password: string }>({
      query: ({ token, password }) => ({
        url: `/auth/reset-password/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { password },
      }),
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginSecondStepMutation,
  useRegisterMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
} = sessionApi;
