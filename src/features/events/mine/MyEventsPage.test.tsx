import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EVENT_MSG, type EventDto, type StatusRecordDto } from '@contract/events';
import { eventUsers, makeEvent, ownEvent, statusRecord } from '../../../test/eventFixtures';
import { API, signedIn } from '../../../test/fixtures';
import { renderApp, setupTestStore } from '../../../test/render';
import { server } from '../../../test/server';

function serveMyEvents(data: { ownedEvents: EventDto[]; userEvents: StatusRecordDto[]; ownedUnread?: string[] }) {
  let calls = 0;
  const marked: string[] = [];
  server.use(
    http.get(`${API}/status/my-events`, () => {
      calls += 1;
      return HttpResponse.json({ ownedUnread: [], ...data });
    }),
    http.patch(`${API}/status/events/:id/mark-read`, ({ params }) => {
      marked.push(String(params.id));
      return HttpResponse.json({ msg: 'OK' });
    }),
  );
  return { calls: () => calls, marked };
}

async function openMyEvents(data: Parameters<typeof serveMyEvents>[0]) {
  const served = serveMyEvents(data);
  const { store, sockets } = setupTestStore(signedIn());
  const view = renderApp('/dashboard/my-events', { store });
  await screen.findByRole('heading', { level: 1, name: 'Moje Wydarzenia' }, { timeout: 5000 });
  return { ...view, ...served, sockets };
}

describe('my events', () => {
  it('shows the card fields, with "Twoje Wydarzenie" on my own games', async () => {
    const mine = ownEvent({ eventName: 'Moja gra', price: 12.5, playerCount: 3, level: 'advanced', eventDescription: 'Gramy do 10.' });
    const theirs = statusRecord(makeEvent({ eventName: 'Cudza gra' }), 'accepted');
    await openMyEvents({ ownedEvents: [mine], userEvents: [theirs] });
    const card = within(await screen.findByRole('article', { name: 'Moja gra' }));
    for (const text of ['Piłka nożna', 'Twoje Wydarzenie', 'Marszałkowska 10, 00-001 Warszawa', '18:30', '90 min', '12,5 zł', 'Zaawansowany', 'Szuka: 3', 'Gramy do 10.']) {
      expect(card.getByText(text)).toBeInTheDocument();
    }
    expect(within(screen.getByRole('article', { name: 'Cudza gra' })).getByText('Kapitan')).toBeInTheDocument();
  });

  it('opens my own game on its management page', async () => {
    const mine = ownEvent({ eventName: 'Moja gra' });
    const { user, router } = await openMyEvents({ ownedEvents: [mine], userEvents: [] });
    server.use(
      http.get(`${API}/football-events/${mine._id}`, () => HttpResponse.json({ event: mine })),
      http.get(`${API}/status/events/${mine._id}/users`, () => HttpResponse.json(eventUsers())),
    );
    await user.click(await screen.findByRole('button', { name: 'Moja gra' }));
    expect(router.state.location.pathname).toBe(`/dashboard/event/edit/${mine._id}`);
    expect(router.state.location.state).toMatchObject({ status: 'owner', event: { _id: mine._id } });
    await screen.findByRole('button', { name: 'Edytuj' }, { timeout: 5000 });
  });

  it('puts finished own games in a muted group that explains instead of opening', async () => {
    const done = ownEvent({ eventName: 'Stary mecz', eventStatus: 'cancelled' });
    const { user, router } = await openMyEvents({ ownedEvents: [done], userEvents: [] });
    const group = within(await screen.findByRole('region', { name: 'Moje zakończone wydarzenia' }));
    await user.click(group.getByRole('button', { name: 'Stary mecz' }));
    expect(await screen.findByText(EVENT_MSG.cancelled)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-events');
  });

  it('tells a rejected player so, and opens accepted games', async () => {
    const no = statusRecord(makeEvent({ eventName: 'Nie tym razem' }), 'rejected');
    const yes = statusRecord(makeEvent({ eventName: 'Gramy' }), 'accepted');
    const { user, router } = await openMyEvents({ ownedEvents: [], userEvents: [no, yes] });
    await user.click(await screen.findByRole('button', { name: 'Nie tym razem' }));
    expect(await screen.findByText(EVENT_MSG.rejected)).toBeInTheDocument();
    server.use(http.get(`${API}/football-events/${yes.eventID._id}`, () => HttpResponse.json({ msg: EVENT_MSG.notFound }, { status: 404 })));
    await user.click(screen.getByRole('button', { name: 'Gramy' }));
    expect(router.state.location.pathname).toBe(`/dashboard/event/${yes.eventID._id}`);
    await screen.findByRole('heading', { name: 'Nie znaleziono wydarzenia' }, { timeout: 5000 });
  });

  it('hides a group when its toggle is switched off', async () => {
    const rejected = statusRecord(makeEvent({ eventName: 'Odrzucony mecz' }), 'rejected');
    const { user } = await openMyEvents({ ownedEvents: [], userEvents: [rejected] });
    await screen.findByRole('article', { name: 'Odrzucony mecz' });
    const toggle = screen.getByRole('button', { name: 'Odrzucone' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('article', { name: 'Odrzucony mecz' })).not.toBeInTheDocument();
  });

  it("marks a weekly series' game 'Co tydzień' and hides series games with 'Cykliczne' off", async () => {
    const weekly = ownEvent({ eventName: 'Wtorkowa seria', seriesId: 'series-1', isRecurring: true });
    const once = ownEvent({ eventName: 'Jednorazowa gra' });
    const { user } = await openMyEvents({ ownedEvents: [weekly, once], userEvents: [] });
    const card = await screen.findByRole('article', { name: 'Wtorkowa seria' });
    expect(within(card).getByText('Co tydzień')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Jednorazowa gra' })).queryByText('Co tydzień')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cykliczne' }));
    expect(screen.queryByRole('article', { name: 'Wtorkowa seria' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Jednorazowa gra' })).toBeInTheDocument();
  });

  it("shows 'New' on an unread change and marks it read on hover", async () => {
    const news = statusRecord(makeEvent({ eventName: 'Przyjęli mnie' }), 'accepted', false);
    const { user, marked } = await openMyEvents({ ownedEvents: [], userEvents: [news] });
    const card = await screen.findByRole('article', { name: 'Przyjęli mnie' });
    expect(within(card).getByText('New')).toBeInTheDocument();
    await user.hover(card);
    await waitFor(() => expect(within(card).queryByText('New')).not.toBeInTheDocument());
    expect(marked).toEqual([news.eventID._id]);
  });

  it("shows 'New' on my own game with a request I have not seen, and marks it read on hover", async () => {
    const mine = ownEvent({ eventName: 'Moja gra z prośbą' });
    const quiet = ownEvent({ eventName: 'Moja spokojna gra' });
    const { user, marked } = await openMyEvents({ ownedEvents: [mine, quiet], userEvents: [], ownedUnread: [mine._id] });
    const card = await screen.findByRole('article', { name: 'Moja gra z prośbą' });
    expect(within(card).getByText('New')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Moja spokojna gra' })).queryByText('New')).not.toBeInTheDocument();
    await user.hover(card);
    await waitFor(() => expect(within(card).queryByText('New')).not.toBeInTheDocument());
    expect(marked).toEqual([mine._id]);
  });

  it('refreshes when a statusUpdate arrives', async () => {
    const record = statusRecord(makeEvent({ eventName: 'Mecz' }), 'interested');
    const { calls, sockets } = await openMyEvents({ ownedEvents: [], userEvents: [record] });
    await screen.findByRole('article', { name: 'Mecz' });
    await waitFor(() => expect(sockets).toHaveLength(1));
    expect(calls()).toBe(1);
    await act(async () => {
      sockets[0].serverEmit('statusUpdate', {
        eventId: record.eventID._id, eventName: 'Mecz', userId: 'u-1', status: 'accepted', eventStatus: 'upcoming', recordId: record._id, readBy: false,
      });
    });
    await waitFor(() => expect(calls()).toBe(2));
  });
});
