import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EARLIEST_BIRTH_DATE } from '@contract/constants';
import { MSG } from '@contract/messages';
import { latestBirthDate } from '@contract/validation';
import { API, signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

type User = ReturnType<typeof renderApp>['user'];

const VALID = {
  Nick: 'Lewy9',
  Imię: 'Robert',
  Nazwisko: 'Nowak',
  Email: 'robert@example.pl',
  'Data urodzenia': '1990-05-01',
  Hasło: 'Secret1!',
  'Powtórz hasło': 'Secret1!',
};

async function fill(user: User, values: Partial<typeof VALID>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
}

function fieldOf(label: string) {
  return screen.getByLabelText(label).closest('.field') as HTMLElement;
}

async function openRegister() {
  const view = renderApp('/register', { preloadedState: signedOut() });
  await screen.findByRole('heading', { name: 'Zarejestruj się' });
  return view;
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Zarejestruj się' }));

describe('register page', () => {
  it('limits the birth date to 1900-01-01 up to seven years ago and marks the phone optional', async () => {
    await openRegister();
    const birth = screen.getByLabelText('Data urodzenia');
    expect(birth).toHaveAttribute('type', 'date');
    expect(birth).toHaveAttribute('min', EARLIEST_BIRTH_DATE);
    expect(birth).toHaveAttribute('max', latestBirthDate());
    expect(screen.getByLabelText('Telefon (opcjonalnie)')).toBeInTheDocument();
    expect(screen.getByLabelText('Nick')).toHaveAccessibleDescription('3-20 znaków');
  });

  it('shows every rule that is broken next to its field and keeps the values', async () => {
    const { user } = await openRegister();
    await fill(user, { Nick: 'ab', Email: 'robert@example.pl', Hasło: 'secret', 'Powtórz hasło': 'other' });
    await submit(user);
    expect(within(fieldOf('Nick')).getByText(MSG.nickLength)).toBeInTheDocument();
    expect(within(fieldOf('Imię')).getByText(MSG.nameRequired)).toBeInTheDocument();
    expect(within(fieldOf('Nazwisko')).getByText(MSG.surnameRequired)).toBeInTheDocument();
    expect(within(fieldOf('Data urodzenia')).getByText(MSG.birthDateRequired)).toBeInTheDocument();
    expect(within(fieldOf('Hasło')).getByText(MSG.passwordLength)).toBeInTheDocument();
    expect(within(fieldOf('Powtórz hasło')).getByText('Hasła nie są identyczne')).toBeInTheDocument();
    expect(screen.getByLabelText('Nick')).toHaveValue('ab');
    expect(screen.getByLabelText('Email')).toHaveValue('robert@example.pl');
  });

  it('asks for a lowercase and uppercase letter, a digit and a special character', async () => {
    const { user } = await openRegister();
    await fill(user, { ...VALID, Hasło: 'secret123', 'Powtórz hasło': 'secret123' });
    await submit(user);
    expect(within(fieldOf('Hasło')).getByText(MSG.passwordRule)).toBeInTheDocument();
  });

  it('registers, shows the success notice and goes to the login page', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`${API}/auth/register`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ msg: MSG.registered }, { status: 201 });
      }),
    );
    const { user, router } = await openRegister();
    await fill(user, VALID);
    await submit(user);
    expect(await screen.findByText('Rejestracja zakończona pomyślnie! Sprawdź email aby zweryfikować konto.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(body).toEqual({
      nickName: 'Lewy9', name: 'Robert', surname: 'Nowak', email: 'robert@example.pl',
      age: '1990-05-01', password: 'Secret1!', passwordConfirm: 'Secret1!',
    });
  });

  it("shows the server's field errors next to their fields", async () => {
    server.use(
      http.post(`${API}/auth/register`, () =>
        HttpResponse.json({ msg: 'Konflikt', errors: { email: MSG.emailTaken, nickName: MSG.nickTaken } }, { status: 409 }),
      ),
    );
    const { user } = await openRegister();
    await fill(user, VALID);
    await submit(user);
    expect(await within(fieldOf('Email')).findByText(MSG.emailTaken)).toBeInTheDocument();
    expect(within(fieldOf('Nick')).getByText(MSG.nickTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Imię')).toHaveValue('Robert');
  });

  it("shows the server's message when it names no field", async () => {
    server.use(http.post(`${API}/auth/register`, () => HttpResponse.json({ msg: MSG.tooManyRequests }, { status: 429 })));
    const { user } = await openRegister();
    await fill(user, VALID);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tooManyRequests);
  });

  it('falls back to the generic failure text', async () => {
    server.use(http.post(`${API}/auth/register`, () => HttpResponse.error()));
    const { user } = await openRegister();
    await fill(user, VALID);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Rejestracja nie powiodła się. Spróbuj ponownie.');
  });
});
