import type { ConsentPreferences } from '@contract/consent';
import { api } from '../../api/api';

export const consentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConsent: build.query<unknown, void>({
      query: () => '/cookies/decrypt',
      providesTags: ['Consent'],
    }),
    saveConsent: build.mutation<unknown, ConsentPreferences>({
      query: (body) => ({ url: '/cookies/set-cookies', method: 'POST', body }),
    }),
  }),
});
