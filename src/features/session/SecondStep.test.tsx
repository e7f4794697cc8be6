import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { TWO_FACTOR_MSG } from '@contract/two-factor';
import { API, signedOut, testStats, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { signInWithGoogle } from './googleAuth';

jest.mock('./googleAuth', () => ({
  ...jest.requireActual('./googleAuth'),
  preloadFirebase: () => Promise.resolve(),
  signInWithGoogle: jest.fn(),
}));
const popup = signInWithGoogle as jest.MockedFunction<typeof signInWithGoogle>;

const loginToken = 't'.repeat(43);
const CODE_LABEL = TWO_FACTOR_MSG.codeLabel;

function twoFactorServer(sent: unknown[]) {
  server.use(
    http.post(`${API}/auth/login`, () => HttpResponse.json({ secondStep: true, loginToken, msg: TWO_FACTOR_MSG.secondStepRequired })),
    http.post(`${API}/auth/login/second-step`, async ({ request }) => {
      const body = (await request.json()) as { loginToken: string; code: string };
      sent.push(body);
      if (body.code !== '123456' && body.code !== 'abcde-fghjk') return HttpResponse.json({ msg: TWO_FACTOR_MSG.codeInvalid }, { status: 401 });
      return HttpResponse.json({ msg: MSG.loggedIn, ...testUser });
    }),
    http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: testStats })),
  );
}

describe('the second login step', () => {
  it('asks for the code after the password, refuses a wrong one and signs in with the right one', async () => {
    const sent: unknown[] = [];
    twoFactorServer(sent);
    const { user, router, store } = renderApp('/login?next=/dashboard/settings-event', { preloadedState: signedOut() });
    await user.type(await screen.findByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Hasło'), 'Haslo123!');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    const field = await screen.findByLabelText(CODE_LABEL);
    expect(store.getState().session.user).toBeNull();
    expect(screen.queryByLabelText('Hasło')).not.toBeInTheDocument();

    // Empty: nothing sent.
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.codeRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.codeInvalid)).toBeInTheDocument();
    expect(store.getState().session.user).toBeNull();
    // A wrong code is an answer about what was typed, not an ended session.
    expect(router.state.location.pathname).toBe('/login');

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings-event'));
    expect(store.getState().session.user).toEqual(testUser);
    expect(sent).toEqual([{ loginToken, code: '000000' }, { loginToken, code: '123456' }]);
  });

  it('goes back to the password when the pending login expired', async () => {
    server.use(
      http.post(`${API}/auth/login`, () => HttpResponse.json({ secondStep: true, loginToken, msg: TWO_FACTOR_MSG.secondStepRequired })),
      http.post(`${API}/auth/login/second-step`, () => HttpResponse.json({ msg: TWO_FACTOR_MSG.loginExpired }, { status: 400 })),
    );
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    await user.type(await screen.findByLabelText('Email'), testUser.email);
    await user.type(screen.getByLabelText('Hasło'), 'Haslo123!');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    await user.type(await screen.findByLabelText(CODE_LABEL), '123456');
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.loginExpired)).toBeInTheDocument();
    expect(screen.getByLabelText('Hasło')).toBeInTheDocument();
  });

  it('follows a Google sign-in of a two-factor account, accepting a recovery code', async () => {
    const sent: unknown[] = [];
    twoFactorServer(sent);
    server.use(
      http.get(`${API}/auth/providers`, () => HttpResponse.json({ google: { apiKey: 'k', authDomain: 'd', projectId: 'p' } })),
      http.post(`${API}/auth/login-oauth`, () =>
        HttpResponse.json({ registered: true, secondStep: true, loginToken, msg: TWO_FACTOR_MSG.secondStepRequired })),
    );
    popup.mockResolvedValue({ email: testUser.email, googleIdToken: 'g'.repeat(30), displayName: null, photoURL: null });
    const { user, router, store } = renderApp('/login', { preloadedState: signedOut() });
    await user.click(await screen.findByRole('button', { name: 'Zaloguj przez Google' }));
    await user.type(await screen.findByLabelText(CODE_LABEL), 'abcde-fghjk');
    expect(store.getState().session.user).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Potwierdź' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sent).toEqual([{ loginToken, code: 'abcde-fghjk' }]);
  });
});
