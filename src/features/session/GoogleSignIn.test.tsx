import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { API, signedOut, testStats, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { signInWithGoogle } from './googleAuth';

// The Firebase popup itself is exercised in the browser against the Auth emulator (e2e/oauth.e2e.ts).
jest.mock('./googleAuth', () => ({
  ...jest.requireActual('./googleAuth'),
  preloadFirebase: () => Promise.resolve(),
  signInWithGoogle: jest.fn(),
}));
const popup = signInWithGoogle as jest.MockedFunction<typeof signInWithGoogle>;

const google = { apiKey: 'key', authDomain: 'demo.firebaseapp.com', projectId: 'demo' };
const profile = { email: 'ola@example.com', googleIdToken: 'token-'.repeat(5), displayName: 'Ola Maria Nowak', photoURL: 'https://x/p.jpg' };

function configured() {
  server.use(http.get(`${API}/auth/providers`, () => HttpResponse.json({ google })));
}

describe('Google sign-in buttons', () => {
  it('are hidden when Google sign-in is not configured', async () => {
    renderApp('/login', { preloadedState: signedOut() });
    await screen.findByRole('button', { name: 'Zaloguj się' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Zaloguj przez Google' })).not.toBeInTheDocument());
  });

  it('sign a known person in and open the dashboard', async () => {
    configured();
    popup.mockResolvedValue(profile);
    let sent: unknown;
    server.use(
      http.post(`${API}/auth/login-oauth`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ registered: true, msg: MSG.loggedIn, ...testUser });
      }),
      http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: testStats })),
    );
    const { user, router, store } = renderApp('/login', { preloadedState: signedOut() });
    await user.click(await screen.findByRole('button', { name: 'Zaloguj przez Google' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent).toEqual({ email: profile.email, googleIdToken: profile.googleIdToken });
    expect(store.getState().session.user).toEqual(testUser);
  });

  it('send a new person to /register-oauth with what Google told us', async () => {
    configured();
    popup.mockResolvedValue(profile);
    server.use(http.post(`${API}/auth/login-oauth`, () => HttpResponse.json({ registered: false, email: profile.email })));
    const { user, router } = renderApp('/register', { preloadedState: signedOut() });
    await user.click(await screen.findByRole('button', { name: 'Zarejestruj przez Google' }));
    expect(await screen.findByRole('heading', { name: 'Jeszcze tylko jeden krok' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual(profile);
  });

  it("say 'Błąd logowania przez Google' when it fails, and nothing when the popup is closed", async () => {
    configured();
    popup.mockRejectedValueOnce(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }));
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    await user.click(await screen.findByRole('button', { name: 'Zaloguj przez Google' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Zaloguj przez Google' })).toBeEnabled());
    expect(screen.queryByText(MSG.googleLoginFailed)).not.toBeInTheDocument();
    popup.mockResolvedValueOnce(profile);
    server.use(http.post(`${API}/auth/login-oauth`, () => HttpResponse.json({ msg: 'x' }, { status: 401 })));
    await user.click(screen.getByRole('button', { name: 'Zaloguj przez Google' }));
    expect(await screen.findByText('Błąd logowania przez Google')).toBeInTheDocument();
  });
});
