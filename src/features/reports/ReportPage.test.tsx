import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { REPORT_MSG } from '@contract/reports';
import { API, signedIn } from '../../test/fixtures';
import { renderApp, setupTestStore } from '../../test/render';
import { server } from '../../test/server';

/** Opens the report form the way other screens do: with navigation state. */
async function openReport(state: unknown) {
  const view = renderApp('/dashboard', { preloadedState: signedIn() });
  await screen.findByRole('heading', { level: 1 });
  await view.router.navigate('/dashboard/report', { state });
  return view;
}

const textarea = () => screen.getByLabelText('Opis zgłoszenia');

describe('report screen', () => {
  it.each([
    [{ type: 'user', reportedUserId: 'u-2', reportedUserNick: 'Zenek' }, 'Zgłoszenie użytkownika', 'Zgłaszasz gracza Zenek.'],
    [{ type: 'event', reportedEventId: 'e-1', reportedEventName: 'Mecz' }, 'Zgłoszenie wydarzenia', 'Zgłaszasz wydarzenie „Mecz”.'],
    [{ type: 'bug' }, 'Zgłoszenie błędu', 'Opisz, co nie działa i jak do tego doszło.'],
  ])('titles the form by the type %j', async (state, title, subject) => {
    await openReport(state);
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(subject)).toBeInTheDocument();
  });

  it('without navigation state says so and returns to the dashboard', async () => {
    const { store } = setupTestStore(signedIn());
    const { router } = renderApp('/dashboard/report', { store });
    expect(await screen.findByText('Brak danych do zgłoszenia. Przekierowuję do dashboard...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 4000 });
  });

  it('counts characters, warns above 450 and stops at 500', async () => {
    await openReport({ type: 'bug' });
    await screen.findByRole('heading', { name: 'Zgłoszenie błędu' });
    fireEvent.change(textarea(), { target: { value: 'x'.repeat(450) } });
    expect(screen.getByText('450/500')).toBeInTheDocument();
    expect(screen.queryByText(/Zbliżasz się do limitu znaków/)).not.toBeInTheDocument();
    fireEvent.change(textarea(), { target: { value: 'x'.repeat(451) } });
    expect(screen.getByText('Zbliżasz się do limitu znaków (49 pozostało)')).toBeInTheDocument();
    fireEvent.change(textarea(), { target: { value: 'x'.repeat(520) } });
    expect(textarea()).toHaveValue('x'.repeat(500));
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect(textarea()).toHaveAttribute('maxLength', '500');
  });

  it('asks for at least 10 characters before sending', async () => {
    let called = false;
    server.use(http.post(`${API}/reports`, () => {
      called = true;
      return HttpResponse.json({}, { status: 201 });
    }));
    const { user } = await openReport({ type: 'bug' });
    await user.type(await screen.findByLabelText('Opis zgłoszenia'), 'za mało');
    await user.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REPORT_MSG.tooShort);
    expect(called).toBe(false);
  });

  it('sends the report with its target, resets the form and returns to the dashboard', async () => {
    let sent: unknown;
    server.use(http.post(`${API}/reports`, async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ msg: REPORT_MSG.sent, reportId: 'r-1' }, { status: 201 });
    }));
    const target = '7b0c6f7e-4a39-4c5d-9a57-2f0c1d2e3f41';
    const { user, router } = await openReport({ type: 'user', reportedUserId: target });
    await user.type(await screen.findByLabelText('Opis zgłoszenia'), 'Obraża innych na czacie');
    await user.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByText('Raport został wysłany pomyślnie')).toBeInTheDocument();
    expect(sent).toEqual({ type: 'user', message: 'Obraża innych na czacie', reportedUserId: target });
    expect(textarea()).toHaveValue('');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 4000 });
  });

  it("shows the server's message, or the generic one", async () => {
    server.use(http.post(`${API}/reports`, () => HttpResponse.json({ msg: REPORT_MSG.duplicate }, { status: 409 })));
    const { user } = await openReport({ type: 'bug' });
    await user.type(await screen.findByLabelText('Opis zgłoszenia'), 'Mapa się nie ładuje');
    await user.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REPORT_MSG.duplicate);
    server.use(http.post(`${API}/reports`, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Wyślij zgłoszenie' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Wystąpił błąd podczas wysyłania raportu'));
  });
});

