import type { LoginResponse } from '@contract/auth';
import type { SecondStepResponse } from '@contract/two-factor';
import type { CompleteOauthBody, ProvidersResponse } from '@contract/users';
import { api } from '../../api/api';

export type LoginOauthAnswer =
  | (LoginResponse & { registered: true })
  | { registered: false; email: string }
  | (SecondStepResponse & { registered: true });

/** Google sign-in (Firebase): whether it is configured, signing in, and finishing a new account. */
export const oauthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthProviders: build.query<ProvidersResponse, void>({
      query: () => '/auth/providers',
    }),
    loginWithGoogle: build.mutation<LoginOauthAnswer, { email: string; googleIdToken: string }>({
      query: (body) => ({ url: '/auth/login-oauth', method: 'POST', body }),
    }),
    completeGoogleSignUp: build.mutation<{ msg: string }, CompleteOauthBody>({
      query: (body) => ({ url: '/auth/complete-oauth', method: 'POST', body }),
    }),
  }),
});

export const { useGetAuthProvidersQuery, useLoginWithGoogleMutation, useCompleteGoogleSignUpMutation } = oauthApi;
