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
  'Data urodzenia': '01.05.1990',
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
  it('reads the birth date as dd.mm.rrrr in any browser, limits it to 1900-01-01 up to seven years ago and marks the phone optional', async () => {
    const { user } = await openRegister();
    const birth = screen.getByLabelText('Data urodzenia');
    expect(birth).toHaveAttribute('type', 'text');
    expect(birth).toHaveAccessibleDescription('Format: dd.mm.rrrr');
    expect(screen.getByLabelText('Telefon (opcjonalnie)')).toBeInTheDocument();
    expect(screen.getByLabelText('Nick')).toHaveAccessibleDescription('3-20 znaków');

    const [y, m, d] = latestBirthDate().split('-').map(Number);
    const tooYoung = `${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y + 1}`;
    await fill(user, { ...VALID, 'Data urodzenia': tooYoung });
    await submit(user);
    expect(birth).toHaveAccessibleDescription(`Format: dd.mm.rrrr ${MSG.birthDateTooYoung}`);
    // The first field to fix takes the focus.
    expect(birth).toHaveFocus();
    await user.clear(birth);
    await user.type(birth, '31.12.1899');
    await submit(user);
    expect(within(fieldOf('Data urodzenia')).getByText(MSG.birthDateTooEarly)).toBeInTheDocument();
    expect(EARLIEST_BIRTH_DATE).toBe('1900-01-01');
    // Eight digits read as a date too, written back the one Polish way on leaving the field.
    await user.clear(birth);
    await user.type(birth, '01051990');
    await user.tab();
    expect(birth).toHaveValue('01.05.1990');
    expect(within(fieldOf('Data urodzenia')).queryByText(MSG.birthDateTooEarly)).not.toBeInTheDocument();
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
    expect(screen.getByLabelText('Nick')).toHaveFocus();
    expect(screen.getByLabelText('Nick')).toHaveAccessibleDescription(`3-20 znaków ${MSG.nickLength}`);
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
