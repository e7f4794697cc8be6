import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../api/api';
import { registerErrorToast } from '../api/errorToasts';
import { errorMsg } from '../api/errors';
import { API } from '../test/fixtures';
import { renderApp } from '../test/render';
import { server } from '../test/server';

const testApi = api.injectEndpoints({
  endpoints: (build) => ({
    failLoudly: build.query<unknown, void>({ query: () => '/test/loud' }),
    failSilently: build.query<unknown, void>({ query: () => '/test/silent' }),
  }),
});
registerErrorToast('failLoudly', (error) => errorMsg(error) ?? 'Coś poszło nie tak, spróbuj ponownie');

describe('error toasts', () => {
  it('shows the registered text of a failed endpoint as a toast', async () => {
    server.use(http.get(`${API}/test/loud`, () => HttpResponse.json({ msg: 'Serwer mówi nie' }, { status: 400 })));
    const { store } = renderApp('/');
    await act(() => store.dispatch(testApi.endpoints.failLoudly.initiate()));
    expect(await screen.findByText('Serwer mówi nie')).toBeInTheDocument();
  });

  it('stays silent for endpoints without a registered text', async () => {
    server.use(http.get(`${API}/test/silent`, () => HttpResponse.json({ msg: 'Nie pokazuj' }, { status: 500 })));
    const { store } = renderApp('/');
    const result = await act(() => store.dispatch(testApi.endpoints.failSilently.initiate()));
    expect(result.isError).toBe(true);
    expect(screen.queryByText('Nie pokazuj')).not.toBeInTheDocument();
  });
});
