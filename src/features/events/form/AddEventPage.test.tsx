import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EVENT_MSG } from '@contract/events';
import { utcToWarsaw } from '@contract/time';
import { makeEvent } from '../../../test/eventFixtures';
import { API, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

async function openForm() {
  const view = renderApp('/dashboard/add-event', { preloadedState: signedIn() });
  // The page is a lazy chunk: the first render of a run compiles it.
  await screen.findByRole('heading', { name: 'Stwórz Wydarzenie' }, { timeout: 5000 });
  return view;
}

async function fillValidForm(user: Awaited<ReturnType<typeof openForm>>['user']) {
  await user.type(screen.getByLabelText('Nazwa wydarzenia'), 'Gierka na Orliku');
  await user.clear(screen.getByLabelText('Data rozpoczęcia'));
  // Within a year from today (the contract's one real-date rule).
  await user.type(screen.getByLabelText('Data rozpoczęcia'), utcToWarsaw(Date.now() + 30 * 24 * 3600_000).date);
  await user.type(screen.getByRole('combobox', { name: 'Miasto' }), 'Warsz');
  await user.click(await screen.findByRole('option', { name: 'Warszawa' }));
  await user.type(screen.getByLabelText('Ulica'), 'Marszałkowska');
  await user.type(screen.getByLabelText('Numer'), '10');
  await user.type(screen.getByLabelText('Kod pocztowy'), '00-001');
}

describe('add event form', () => {
  it('starts with the spec defaults', async () => {
    await openForm();
    expect(screen.getByLabelText('Rodzaj gry')).toHaveValue('football');
    expect(screen.getByLabelText('Czas trwania (min)')).toHaveValue(90);
    expect(screen.getByLabelText('Rodzaj boiska')).toHaveValue('field');
    expect(screen.getByLabelText('Poziom')).toHaveValue('beginner');
    expect(screen.getByLabelText('Liczba szukanych graczy')).toHaveValue(0);
    expect(screen.getByLabelText('Cena (zł)')).toHaveValue(0);
    expect(screen.getByLabelText('Metoda płatności')).toBeDisabled();
  });

  it('refuses digits in the city and the street and keeps what was there', async () => {
    const { user } = await openForm();
    const city = screen.getByRole('combobox', { name: 'Miasto' });
    await user.type(city, 'Łódź1');
    expect(city).toHaveValue('Łódź');
    expect(screen.getByText(EVENT_MSG.cityDigits)).toBeInTheDocument();
    const street = screen.getByLabelText('Ulica');
    await user.type(street, '3');
    expect(street).toHaveValue('');
    expect(screen.getByText(EVENT_MSG.streetDigits)).toBeInTheDocument();
  });

  it('accepts only digits as the street number and keeps the postal code to digits and a dash', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Numer'), '12a');
    expect(screen.getByLabelText('Numer')).toHaveValue('12');
    expect(screen.getByText(EVENT_MSG.addressNumber)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Kod pocztowy'), '0a0-0011');
    expect(screen.getByLabelText('Kod pocztowy')).toHaveValue('00-001');
  });

  it('offers the payment method only for a paid game and clears it at price 0', async () => {
    const { user } = await openForm();
    const price = screen.getByLabelText('Cena (zł)');
    await user.clear(price);
    await user.type(price, '15');
    expect(screen.getByLabelText('Metoda płatności')).toBeEnabled();
    expect(screen.getByLabelText('Metoda płatności')).toHaveValue('Na miejscu');
    await user.clear(price);
    await user.type(price, '0');
    expect(screen.getByLabelText('Metoda płatności')).toBeDisabled();
    expect(screen.getByLabelText('Metoda płatności')).toHaveValue('');
  });

  it('shows the end time as start plus duration', async () => {
    const { user } = await openForm();
    await user.clear(screen.getByLabelText('Godzina rozpoczęcia'));
    await user.type(screen.getByLabelText('Godzina rozpoczęcia'), '18:30');
    await user.clear(screen.getByLabelText('Czas trwania (min)'));
    await user.type(screen.getByLabelText('Czas trwania (min)'), '120');
    expect(screen.getByText('20:30')).toBeInTheDocument();
  });

  it('shows the rules next to the fields and sends nothing when the form is incomplete', async () => {
    let sent = false;
    server.use(http.post(`${API}/football-events`, () => {
      sent = true;
      return HttpResponse.json({}, { status: 201 });
    }));
    const { user } = await openForm();
    await user.type(screen.getByLabelText('Kod pocztowy'), '00001');
    await user.click(screen.getByRole('button', { name: 'Stwórz wydarzenie' }));
    expect(await screen.findByText(EVENT_MSG.postalCode)).toBeInTheDocument();
    expect(screen.getByText(EVENT_MSG.nameLength)).toBeInTheDocument();
    expect(screen.getByText('Popraw zaznaczone pola formularza.')).toBeInTheDocument();
    expect(sent).toBe(false);
  });

  it('creates the game with the derived times, toasts and opens its management page', async () => {
    let body: Record<string, unknown> = {};
    const created = makeEvent({ _id: 'new-1', eventName: 'Gierka na Orliku' });
    server.use(
      http.post(`${API}/football-events`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ msg: EVENT_MSG.created, event: created }, { status: 201 });
      }),
      http.get(`${API}/football-events/new-1`, () => HttpResponse.json({ event: created })),
      http.get(`${API}/status/events/new-1/users`, () => HttpResponse.json({ usersByStatus: { interested: [], accepted: [], rejected: [] }, eventUsers: [], userStats: [], total: 0 })),
    );
    const { user, router } = await openForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Stwórz wydarzenie' }));
    expect(await screen.findByText(EVENT_MSG.created)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/event/edit/new-1');
    expect(body).toMatchObject({
      eventName: 'Gierka na Orliku', region: 'mazowieckie', paymentMethod: null, addressString: 'Marszałkowska 10, 00-001 Warszawa',
      address: { city: 'Warszawa', street: 'Marszałkowska', addressNumber: '10', postalCode: '00-001' },
    });
    expect(Date.parse(body.endDateTime as string) - Date.parse(body.startDateTime as string)).toBe(90 * 60_000);
  });

  it("toasts the failure and each of the server's messages, and marks the fields", async () => {
    server.use(
      http.post(`${API}/football-events`, () =>
        HttpResponse.json(
          { msg: `${EVENT_MSG.postalCode}, ${EVENT_MSG.inPast}`, errors: { 'address.postalCode': EVENT_MSG.postalCode, startDate: EVENT_MSG.inPast } },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openForm();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Stwórz wydarzenie' }));
    expect(await screen.findByText('Błąd podczas dodawania wydarzenia!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(EVENT_MSG.postalCode)).toHaveLength(2));
    expect(screen.getAllByText(EVENT_MSG.inPast)).toHaveLength(2);
    const postal = screen.getByLabelText('Kod pocztowy');
    expect(postal).toHaveAttribute('aria-invalid', 'true');
    expect(within(postal.closest('.field')!).getByText(EVENT_MSG.postalCode)).toBeInTheDocument();
  });
});
