import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { sessionApi } from '../features/session/sessionApi';
import { API } from '../test/fixtures';
import { setupTestStore } from '../test/render';
import { server } from '../test/server';
import { readXsrfToken } from './xsrf';

function clearCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

afterEach(() => {
  clearCookie('XSRF-TOKEN');
});

describe('api base query', () => {
  it('sends the XSRF-TOKEN cookie back as the X-XSRF-TOKEN header on every request', async () => {
    document.cookie = 'XSRF-TOKEN=token%2B123; path=/';
    const seen: Array<string | null> = [];
    server.use(
      http.get(`${API}/users/current-user`, ({ request }) => {
        seen.push(request.headers.get('X-XSRF-TOKEN'));
        return HttpResponse.json({ msg: MSG.unauthorized }, { status: 401 });
      }),
      http.post(`${API}/auth/forgot-password`, ({ request }) => {
        seen.push(request.headers.get('X-XSRF-TOKEN'));
        return HttpResponse.json({ msg: 'ok' });
      }),
    );
    const { store } = setupTestStore();
    await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    await store.dispatch(sessionApi.endpoints.requestPasswordReset.initiate({ email: 'a@b.pl' }));
    expect(seen).toEqual(['token+123', 'token+123']);
  });

  it('sends no XSRF header when there is no cookie yet', async () => {
    let header: string | null = 'unset';
    server.use(
      http.get(`${API}/users/current-user`, ({ request }) => {
        header = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json({ msg: MSG.unauthorized }, { status: 401 });
      }),
    );
    const { store } = setupTestStore();
    await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    expect(header).toBeNull();
  });

  it('passes a 401 through unchanged, with its status and body', async () => {
    server.use(
      http.get(`${API}/users/current-user`, () => HttpResponse.json({ msg: MSG.unauthorized }, { status: 401 })),
    );
    const { store } = setupTestStore();
    const result = await store.dispatch(sessionApi.endpoints.getCurrentUser.initiate());
    expect(result.error).toEqual({ status: 401, data: { msg: MSG.unauthorized } });
  });
});

describe('readXsrfToken', () => {
  it('prefers the __Host- prefixed cookie used behind HTTPS', () => {
    expect(readXsrfToken('a=1; XSRF-TOKEN=plain; __Host-XSRF-TOKEN=secure')).toBe('secure');
  });

  it('reads the plain cookie and ignores others', () => {
    expect(readXsrfToken('other=1; XSRF-TOKEN=abc')).toBe('abc');
    expect(readXsrfToken('other=1')).toBeUndefined();
  });
});
