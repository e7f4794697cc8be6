import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { API, signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

const profile = { email: 'ola@example.com', googleIdToken: 'token-'.repeat(5), displayName: 'Ola Maria Nowak', photoURL: 'https://x/p.jpg' };

async function openWith(state: unknown) {
  const view = renderApp('/', { preloadedState: signedOut() });
  await view.router.navigate('/register-oauth', { state });
  await screen.findByRole('heading', { name: 'Jeszcze tylko jeden krok' });
  return view;
}

describe('/register-oauth', () => {
  it('splits the Google name on the first space and notes the 7+ audience', async () => {
    await openWith(profile);
    expect(screen.getByText(/aplikacja dla użytkowników 7\+/)).toBeInTheDocument();
    expect(screen.getByLabelText('Imię')).toHaveValue('Ola');
    expect(screen.getByLabelText('Nazwisko')).toHaveValue('Maria Nowak');
    expect(screen.getByText(profile.email)).toBeInTheDocument();
  });

  it('says the Google data is missing when opened without it', async () => {
    await openWith(null);
    expect(screen.getByRole('alert')).toHaveTextContent('Brak wymaganych danych z Google. Spróbuj ponownie.');
    expect(screen.queryByLabelText('Nick')).not.toBeInTheDocument();
  });

  it('needs the nick and the birth date, and a birth date 7 years back', async () => {
    const { user } = await openWith(profile);
    await user.click(screen.getByRole('button', { name: 'Zakończ rejestrację' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Uzupełnij wszystkie pola!');
    await user.type(screen.getByLabelText('Nick'), 'olenka');
    await user.type(screen.getByLabelText('Data urodzenia'), `${new Date().getFullYear() - 3}-05-05`);
    await user.click(screen.getByRole('button', { name: 'Zakończ rejestrację' }));
    expect(screen.getByText(MSG.birthDateTooYoung)).toBeInTheDocument();
  });

  it('finishes the sign-up and goes to /login', async () => {
    let sent: unknown;
    server.use(http.post(`${API}/auth/complete-oauth`, async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ msg: 'Rejestracja zakończona! Możesz się zalogować.' }, { status: 201 });
    }));
    const { user, router } = await openWith(profile);
    await user.type(screen.getByLabelText('Nick'), 'olenka');
    await user.type(screen.getByLabelText('Data urodzenia'), '2001-06-15');
    await user.click(screen.getByRole('button', { name: 'Zakończ rejestrację' }));
    expect(await screen.findByText('Rejestracja zakończona! Możesz się zalogować.')).toBeInTheDocument();
    expect(sent).toEqual({
      nick: 'olenka', birthDate: '2001-06-15', name: 'Ola', surname: 'Maria Nowak', email: profile.email,
      googleIdToken: profile.googleIdToken, avatarUrl: profile.photoURL,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 4000 });
  });

  it("shows the server's message, or the generic one", async () => {
    server.use(http.post(`${API}/auth/complete-oauth`, () => HttpResponse.json({ msg: MSG.nickTaken, errors: { nick: MSG.nickTaken } }, { status: 409 })));
    const { user } = await openWith(profile);
    await user.type(screen.getByLabelText('Nick'), 'olenka');
    await user.type(screen.getByLabelText('Data urodzenia'), '2001-06-15');
    await user.click(screen.getByRole('button', { name: 'Zakończ rejestrację' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.nickTaken);
    server.use(http.post(`${API}/auth/complete-oauth`, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Zakończ rejestrację' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Wystąpił błąd podczas rejestracji.'));
  });
});
