import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { REQUEST_TIMEOUT_MS, XSRF_HEADER } from '@contract/constants';
import { API_BASE_URL } from '../config/env';
import { TAG_TYPES } from './tags';
import { readXsrfToken } from './xsrf';

/**
 * The app's only API slice; features add endpoints with `api.injectEndpoints`.
 * A 401 is returned to the caller as it is: no retry (spec section 7); when the call needed a session,
 * the session listeners end it in one place (features/session/sessionListeners.ts). Freshness per
 * screen: api/freshness.ts (docs/adr/0070).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: API_BASE_URL,
    credentials: 'include',
    timeout: REQUEST_TIMEOUT_MS,
    prepareHeaders: (headers) => {
      const token = readXsrfToken();
      if (token) headers.set(XSRF_HEADER, token);
      return headers;
    },
  }),
  tagTypes: TAG_TYPES,
  // Whatever is on screen asks again when the browser comes back online.
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
