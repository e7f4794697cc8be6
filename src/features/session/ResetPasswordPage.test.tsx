import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { API, signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
type User = ReturnType<typeof renderApp>['user'];

async function openReset(path = `/reset-password/${TOKEN}`) {
  const view = renderApp(path, { preloadedState: signedOut() });
  await screen.findByRole('heading', { name: 'Ustaw nowe hasło' });
  return view;
}

async function submit(user: User, password: string, confirm: string) {
  if (password) await user.type(screen.getByLabelText('Nowe hasło'), password);
  if (confirm) await user.type(screen.getByLabelText('Powtórz nowe hasło'), confirm);
  await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
}

describe('reset password page', () => {
  it('asks to fill both fields', async () => {
    const { user } = await openReset();
    await submit(user, 'Secret1!', '');
    expect(screen.getByText('Proszę wypełnić oba pola')).toBeInTheDocument();
  });

  it('asks for at least 6 characters', async () => {
    const { user } = await openReset();
    await submit(user, 'abc', 'abc');
    expect(screen.getByText('Hasło musi mieć co najmniej 6 znaków')).toBeInTheDocument();
  });

  it('asks for matching passwords', async () => {
    const { user } = await openReset();
    await submit(user, 'Secret1!', 'Secret2!');
    expect(screen.getByText('Hasła nie są identyczne')).toBeInTheDocument();
  });

  it("applies the server's password policy before sending", async () => {
    const { user } = await openReset();
    await submit(user, 'abcdefgh', 'abcdefgh');
    expect(screen.getByText(MSG.passwordRule)).toBeInTheDocument();
  });

  it('resets the password, confirms it and goes to the login page after 2 seconds', async () => {
    let request: { url: string; body: unknown } | undefined;
    server.use(
      http.post(`${API}/auth/reset-password/:token`, async ({ request: req }) => {
        request = { url: req.url, body: await req.json() };
        return HttpResponse.json({ msg: MSG.resetDone });
      }),
    );
    const { user, router } = await openReset(`/new-password/${TOKEN}`);
    await submit(user, 'Secret1!', 'Secret1!');
    expect(await screen.findByText('Hasło zostało pomyślnie zresetowane')).toBeInTheDocument();
    expect(request).toEqual({ url: `${API}/auth/reset-password/${TOKEN}`, body: { password: 'Secret1!' } });
    expect(router.state.location.pathname).toBe(`/new-password/${TOKEN}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 3000 });
  });

  it("shows the server's error, or the default one", async () => {
    server.use(http.post(`${API}/auth/reset-password/:token`, () => HttpResponse.json({ msg: MSG.resetInvalid }, { status: 400 })));
    const { user } = await openReset();
    await submit(user, 'Secret1!', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.resetInvalid);

    server.use(http.post(`${API}/auth/reset-password/:token`, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Zmień hasło' }));
    expect(await screen.findByText('Wystąpił błąd podczas resetowania hasła')).toBeInTheDocument();
  });
});
