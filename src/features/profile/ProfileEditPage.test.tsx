import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { TEXT_MSG } from '@contract/text';
import { USER_MSG } from '@contract/users';
import { API, signedIn, testUser } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';
import { isoToPolishDate } from '../../components/polishDateTime';

async function openForm() {
  const view = renderApp('/dashboard/profile-edit', { preloadedState: signedIn() });
  await screen.findByRole('heading', { name: 'Edytuj Profil' });
  return view;
}

async function replace(user: ReturnType<typeof renderApp>['user'], label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
}

describe('profile edit', () => {
  it('starts from the current data and links to the password change', async () => {
    await openForm();
    expect(screen.getByLabelText('Nick')).toHaveValue(testUser.nickName);
    expect(screen.getByLabelText('Imię')).toHaveValue(testUser.name);
    expect(screen.getByLabelText('Nazwisko')).toHaveValue(testUser.surname);
    expect(screen.getByLabelText('Data urodzenia')).toHaveValue(isoToPolishDate(testUser.age ?? ''));
    expect(screen.getByRole('link', { name: 'Zmień hasło' })).toHaveAttribute('href', '/forget-password');
  });

  it('applies the spec rules before calling the server', async () => {
    let called = false;
    server.use(http.patch(`${API}/users/current-user/update-user`, () => {
      called = true;
      return HttpResponse.json({});
    }));
    const { user } = await openForm();
    await replace(user, 'Nick', 'ab');
    await replace(user, 'Imię', 'Jan3');
    await replace(user, 'Nazwisko', '');
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(screen.getByText(USER_MSG.nickTooShort)).toBeInTheDocument();
    expect(screen.getByText('Imię może zawierać tylko litery!')).toBeInTheDocument();
    expect(screen.getByText('Nazwisko jest wymagane')).toBeInTheDocument();
    await replace(user, 'Nazwisko', 'Nowak');
    await replace(user, 'Imię', '');
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(screen.getByText('Imię jest wymagane')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('accepts Polish letters, spaces and hyphens, saves, and shows the new nick everywhere', async () => {
    let sent: unknown;
    server.use(
      http.patch(`${API}/users/current-user/update-user`, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ msg: USER_MSG.profileUpdated, user: { ...testUser, nickName: 'Łukasz_9', surname: 'Żółć-Nowak' } });
      }),
      http.get(`${API}/user-stats/current`, () => HttpResponse.json({ stats: { userID: 'u-1', gamesPlayed: 0, eventsOrganized: 0, totalLikes: 0, points: 0 } })),
    );
    const { user, store, router } = await openForm();
    await replace(user, 'Nick', 'Łukasz_9');
    await replace(user, 'Nazwisko', 'Żółć-Nowak');
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(await screen.findByText('Profil został zaktualizowany!')).toBeInTheDocument();
    // Only what changed is sent (issue 13: one rule per field).
    expect(sent).toEqual({ nickName: 'Łukasz_9', surname: 'Żółć-Nowak' });
    expect(store.getState().session.user?.nickName).toBe('Łukasz_9');
    expect(router.state.location.pathname).toBe('/dashboard/profile');
  });

  it("shows each of the server's messages, or the generic one", async () => {
    server.use(http.patch(`${API}/users/current-user/update-user`, () =>
      HttpResponse.json({ msg: `${MSG.nickTaken}, Coś jeszcze`, errors: { nickName: MSG.nickTaken } }, { status: 409 })));
    const { user } = await openForm();
    await replace(user, 'Nick', 'Zajety1');
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(await screen.findByText('Coś jeszcze')).toBeInTheDocument();
    expect(screen.getAllByText(MSG.nickTaken).length).toBeGreaterThanOrEqual(2);

    server.use(http.patch(`${API}/users/current-user/update-user`, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(await screen.findByText('Wystąpił błąd podczas aktualizacji profilu')).toBeInTheDocument();
  });

  it('lets an account whose stored name breaks the rule change its nick, sending only the nick', async () => {
    let sent: unknown;
    server.use(http.patch(`${API}/users/current-user/update-user`, async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ msg: USER_MSG.profileUpdated, user: { ...testUser, name: 'Jan2', nickName: 'NowyNick' } });
    }));
    const legacy = { ...signedIn(), session: { ...signedIn().session!, user: { ...testUser, name: 'Jan2' } } };
    const { user, router } = renderApp('/dashboard/profile-edit', { preloadedState: legacy });
    await screen.findByRole('heading', { name: 'Edytuj Profil' });
    await replace(user, 'Nick', 'NowyNick');
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(await screen.findByText(USER_MSG.profileUpdated)).toBeInTheDocument();
    expect(sent).toEqual({ nickName: 'NowyNick' });
    expect(screen.queryByText(USER_MSG.nameLetters)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/profile');
  });

  it('refuses invisible characters in a changed field with the Polish message, before calling the server', async () => {
    let called = false;
    server.use(http.patch(`${API}/users/current-user/update-user`, () => {
      called = true;
      return HttpResponse.json({});
    }));
    const { user } = await openForm();
    await replace(user, 'Nick', 'ali\u200bce');
    await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    expect(screen.getByText(TEXT_MSG.forbidden)).toBeInTheDocument();
    expect(called).toBe(false);
  });
});
