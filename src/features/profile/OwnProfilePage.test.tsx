import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, signedIn, testStats, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

function open() {
  server.use(http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: { ...testStats, points: 300 } })));
  return renderApp('/dashboard/profile', { preloadedState: signedIn() });
}

describe('own profile', () => {
  it('shows names, e-mail and fresh statistics, and links to editing and the password change', async () => {
    open();
    expect(await screen.findByRole('heading', { name: testUser.nickName })).toBeInTheDocument();
    expect(screen.getByText(`${testUser.name} ${testUser.surname}`)).toBeInTheDocument();
    expect(screen.getByText(testUser.email)).toBeInTheDocument();
    const stats = screen.getByLabelText('Statystyki');
    expect(await within(stats).findByText('300')).toBeInTheDocument();
    expect(within(stats).getByText('Punkty').nextElementSibling).toHaveTextContent('300');
    expect(screen.getByRole('link', { name: 'Edytuj profil' })).toHaveAttribute('href', '/dashboard/profile-edit');
    expect(screen.getByRole('link', { name: 'Zmień hasło' })).toHaveAttribute('href', '/forget-password');
  });

  it('shows the avatar in the profile and in the navbar', async () => {
    renderApp('/dashboard/profile', {
      preloadedState: { ...signedIn(), session: { user: { ...testUser, avatarUrl: '/api/v1/users/u-1/avatar?v=3' }, stats: testStats, loading: false } },
    });
    server.use(http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: testStats })));
    expect(await screen.findByRole('img', { name: `Avatar gracza ${testUser.nickName}` })).toHaveAttribute('src', '/api/v1/users/u-1/avatar?v=3');
    const navbarLink = within(screen.getByRole('banner')).getByRole('link', { name: 'Profil' });
    expect(navbarLink.querySelector('img')).toHaveAttribute('src', '/api/v1/users/u-1/avatar?v=3');
  });

  it('ignores a file that is not an image', async () => {
    open();
    await screen.findByRole('heading', { name: testUser.nickName });
    const input = screen.getByLabelText('Zmień avatar');
    fireEvent.change(input, { target: { files: [new File(['tekst'], 'notatka.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Błąd ładowania obrazu')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Przytnij avatar' })).not.toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File([], 'pusty.png', { type: 'image/png' })] } });
    expect(screen.queryByRole('dialog', { name: 'Przytnij avatar' })).not.toBeInTheDocument();
  });

  it('deletes the account only after the confirmation, then signs out and goes home', async () => {
    let deleted = false;
    server.use(
      http.delete(`${API}/users/current-user/delete`, async ({ request }) => {
        const { password } = (await request.json()) as { password: string };
        if (password !== 'Haslo123!') return HttpResponse.json({ msg: 'Nieprawidłowe hasło' }, { status: 403 });
        deleted = true;
        return HttpResponse.json({ msg: 'Konto zostało pomyślnie usunięte', avatarUrlToDelete: null });
      }),
      http.post(`${API}/auth/logout`, () => HttpResponse.json({ msg: 'ok' })),
    );
    const { user, router, store } = open();
    await user.click(await screen.findByRole('button', { name: 'Usuń konto' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Czy na pewno chcesz usunąć swoje konto? Ta akcja jest nieodwracalna!');
    await user.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    expect(deleted).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Usuń konto' }));
    await screen.findByLabelText('Aby potwierdzić, wpisz swoje hasło.');
    // Without the password nothing is sent; a wrong one keeps the dialog open with the reason.
    await user.click(screen.getByRole('button', { name: 'Tak, usuń konto' }));
    expect(await screen.findByText('Podaj hasło, aby usunąć konto')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Aby potwierdzić, wpisz swoje hasło.'), 'zle');
    await user.click(screen.getByRole('button', { name: 'Tak, usuń konto' }));
    expect(await screen.findByText('Nieprawidłowe hasło')).toBeInTheDocument();
    expect(deleted).toBe(false);
    await user.clear(screen.getByLabelText('Aby potwierdzić, wpisz swoje hasło.'));
    await user.type(screen.getByLabelText('Aby potwierdzić, wpisz swoje hasło.'), 'Haslo123!');
    await user.click(screen.getByRole('button', { name: 'Tak, usuń konto' }));
    expect(await screen.findByText('Konto zostało pomyślnie usunięte')).toBeInTheDocument();
    expect(deleted).toBe(true);
    expect(router.state.location.pathname).toBe('/');
    // The navbar offers sign-in again (the landing page has its own "Zaloguj się" too).
    const nav = within(screen.getByRole('navigation', { name: 'Główna nawigacja' }));
    expect(await nav.findByRole('link', { name: 'Zaloguj się' })).toHaveAttribute('href', '/login');
    expect(store.getState().session.user).toBeNull();
  });

  it('stays signed in when the deletion fails', async () => {
    server.use(http.delete(`${API}/users/current-user/delete`, () => HttpResponse.json({ msg: 'x' }, { status: 500 })));
    const { user, router, store } = open();
    await user.click(await screen.findByRole('button', { name: 'Usuń konto' }));
    await user.type(await screen.findByLabelText('Aby potwierdzić, wpisz swoje hasło.'), 'Haslo123!');
    await user.click(screen.getByRole('button', { name: 'Tak, usuń konto' }));
    expect(await screen.findByText('Wystąpił błąd podczas usuwania konta. Spróbuj ponownie.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/profile');
    expect(store.getState().session.user).not.toBeNull();
  });
});

describe('deleting the account with two-factor sign-in or Google only', () => {
  it('asks for the code besides the password when two-factor sign-in is on', async () => {
    let sent: unknown;
    server.use(
      http.get(`${API}/auth/totp`, () => HttpResponse.json({ enabled: true, recoveryCodesLeft: 10, hasPassword: true })),
      http.delete(`${API}/users/current-user/delete`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ msg: 'Konto zostało pomyślnie usunięte', avatarUrlToDelete: null });
      }),
      http.post(`${API}/auth/logout`, () => HttpResponse.json({ msg: 'ok' })),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Usuń konto' }));
    await user.type(await screen.findByLabelText('Aby potwierdzić, wpisz swoje hasło.'), 'Haslo123!');
    await user.click(screen.getByRole('button', { name: 'Tak, usuń konto' }));
    expect(await screen.findByText('Podaj kod z aplikacji uwierzytelniającej')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.type(screen.getByLabelText('Kod z aplikacji lub kod odzyskiwania'), '123456');
    await user.click(screen.getByRole('button', { name: 'Tak, usuń konto' }));
    expect(await screen.findByText('Konto zostało pomyślnie usunięte')).toBeInTheDocument();
    expect(sent).toEqual({ password: 'Haslo123!', code: '123456' });
  });

  it("offers 'Potwierdź przez Google' instead of a password for a Google-only account", async () => {
    server.use(http.get(`${API}/auth/totp`, () => HttpResponse.json({ enabled: false, recoveryCodesLeft: 0, hasPassword: false })));
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Usuń konto' }));
    const dialog = screen.getByRole('alertdialog');
    expect(await within(dialog).findByRole('button', { name: 'Potwierdź przez Google' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Aby potwierdzić, wpisz swoje hasło.')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tak, usuń konto' })).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Aby potwierdzić, zaloguj się ponownie przez Google.');
  });
});
