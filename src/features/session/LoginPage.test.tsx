import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { API, signedOut, testStats, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Hasło'), password);
  await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
}

function loginAnswers(status: number, body: object) {
  server.use(http.post(`${API}/auth/login`, () => HttpResponse.json(body, { status })));
}

describe('login page', () => {
  it('has links to password recovery and registration', async () => {
    renderApp('/login', { preloadedState: signedOut() });
    expect(await screen.findByRole('link', { name: 'Nie pamiętasz hasła?' })).toHaveAttribute('href', '/forget-password');
    expect(screen.getAllByRole('link', { name: 'Zarejestruj się' }).map((a) => a.getAttribute('href'))).toContain('/register');
  });

  it('asks for the e-mail and password before calling the server', async () => {
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    await fillAndSubmit(user, '', '');
    expect(await screen.findByText(MSG.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordRequired)).toBeInTheDocument();
  });

  it('shows and hides the password', async () => {
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    const password = await screen.findByLabelText('Hasło');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Pokaż hasło' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('signs in and opens the dashboard, replacing the login page in history', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/auth/login`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...testUser, msg: MSG.loggedIn });
      }),
      http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: testStats })),
    );
    const { user, router, store } = renderApp('/login', { preloadedState: signedOut() });
    await fillAndSubmit(user, 'Robert@Example.pl', 'Secret1!');
    expect(await screen.findByRole('heading', { name: `Cześć, ${testUser.nickName}!` })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(body).toEqual({ email: 'robert@example.pl', password: 'Secret1!' });
    expect(store.getState().session.user).toEqual(testUser);
  });

  it('tells an unverified user to verify the e-mail first', async () => {
    loginAnswers(403, { msg: MSG.verifyEmailFirst });
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    await fillAndSubmit(user, 'a@b.pl', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginVerifyFirst);
  });

  it('shows the generic error for wrong credentials', async () => {
    loginAnswers(401, { msg: MSG.badCredentials });
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    await fillAndSubmit(user, 'a@b.pl', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Błąd logowania. Spróbuj ponownie.');
  });

  it("shows the server's message when there were too many attempts", async () => {
    loginAnswers(429, { msg: MSG.tooManyRequests });
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    await fillAndSubmit(user, 'a@b.pl', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tooManyRequests);
  });

  it('shows the generic error when the server cannot be reached', async () => {
    server.use(http.post(`${API}/auth/login`, () => HttpResponse.error()));
    const { user } = renderApp('/login', { preloadedState: signedOut() });
    await fillAndSubmit(user, 'a@b.pl', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.loginFailed);
  });

  it('confirms a successful e-mail verification', async () => {
    renderApp('/login?status=success', { preloadedState: signedOut() });
    expect(await screen.findByText('Weryfikacja przebiegła pomyślnie! Możesz się teraz zalogować.')).toBeInTheDocument();
  });

  it('explains an invalid verification link', async () => {
    renderApp('/login?status=invalid', { preloadedState: signedOut() });
    expect(await screen.findByText(MSG.verifyInvalid)).toBeInTheDocument();
  });
});
