import type { SetLocationBody, StoredLocation } from '@contract/location';
import { api } from '../../api/api';

/** The person's saved location (spec section 7, "Cookies and location"). */
export const locationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLocation: build.query<StoredLocation, void>({
      query: () => '/location/decrypt',
      providesTags: ['Location'],
    }),
    setLocation: build.mutation<StoredLocation, SetLocationBody>({
      query: (body) => ({ url: '/location/set-location', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Location']),
    }),
    clearLocation: build.mutation<{ msg: string }, void>({
      query: () => ({ url: '/location/clear', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Location']),
    }),
  }),
});

export const { useGetLocationQuery, useSetLocationMutation, useClearLocationMutation } = locationApi;
