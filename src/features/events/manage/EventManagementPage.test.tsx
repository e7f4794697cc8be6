import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { EVENT_MSG, type EventDto } from '@contract/events';
import { CONFIRM_QUESTION } from '../../../components/ConfirmDialog';
import { eventUsers, makeEvent, ownEvent } from '../../../test/eventFixtures';
import { API, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const anna = { _id: 'u-5', nickName: 'Anna_gra', name: 'Anna', surname: 'Mak', avatarUrl: null };
const piotr = { _id: 'u-6', nickName: 'Piotr_gra', name: 'Piotr', surname: 'Bąk', avatarUrl: null };
const ewa = { _id: 'u-7', nickName: 'Ewa_gra', name: 'Ewa', surname: 'Wit', avatarUrl: null };

/** A game of mine that began ten minutes ago: only such a game may be finished (docs/adr/0077). */
function startedEvent(overrides: Partial<EventDto> = {}) {
  const start = Date.now() - 10 * 60_000;
  return ownEvent({ startDateTime: new Date(start).toISOString(), endDateTime: new Date(start + 90 * 60_000).toISOString(), ...overrides });
}

function serveManagement(event: EventDto, opts: { finish?: number; news?: boolean } = {}) {
  const decisions: Array<{ userId: string; status: string }> = [];
  const calls = { finish: 0, remove: 0, markRead: 0 };
  let news = opts.news ?? false;
  server.use(
    http.get(`${API}/status/events/${event._id}/my-status`, () => HttpResponse.json({ status: 'owner', readBy: !news })),
    http.patch(`${API}/status/events/${event._id}/mark-read`, () => {
      calls.markRead += 1;
      news = false;
      return HttpResponse.json({ msg: 'OK' });
    }),
    http.get(`${API}/football-events/${event._id}`, () => HttpResponse.json({ event })),
    http.get(`${API}/status/events/${event._id}/users`, () =>
      HttpResponse.json(eventUsers({ usersByStatus: { interested: [anna], accepted: [piotr], rejected: [ewa], waitlisted: [] }, total: 3 })),
    ),
    http.patch(`${API}/status/events/${event._id}/users/:userId/status`, async ({ params, request }) => {
      const { status } = (await request.json()) as { status: string };
      decisions.push({ userId: String(params.userId), status });
      return HttpResponse.json({ msg: EVENT_MSG.statusChanged, status });
    }),
    http.patch(`${API}/status/events/${event._id}/finish`, () => {
      calls.finish += 1;
      return HttpResponse.json({ msg: EVENT_MSG.completed }, { status: opts.finish ?? 200 });
    }),
    http.delete(`${API}/football-events/${event._id}`, () => {
      calls.remove += 1;
      return HttpResponse.json({ msg: EVENT_MSG.deleted });
    }),
  );
  return { decisions, calls };
}

async function openManagement(event: EventDto) {
  const view = renderApp(`/dashboard/event/edit/${event._id}`, { preloadedState: signedIn() });
  await screen.findByRole('heading', { level: 1, name: event.eventName }, { timeout: 5000 });
  return view;
}

describe('event management', () => {
  it('counts the people by status', async () => {
    const event = ownEvent();
    serveManagement(event);
    await openManagement(event);
    const counts = within(screen.getByRole('list', { name: 'Zgłoszenia' }));
    await waitFor(() => expect(counts.getByText(/Zainteresowanych/)).toHaveTextContent('Zainteresowanych: 1'));
    expect(counts.getByText(/Zaakceptowanych/)).toHaveTextContent('Zaakceptowanych: 1');
    expect(counts.getByText(/Odrzuconych/)).toHaveTextContent('Odrzuconych: 1');
  });

  it("disables 'Dodaj' for the accepted and 'Odrzuć' for the rejected, and sends the decision", async () => {
    const event = ownEvent();
    const { decisions } = serveManagement(event);
    const { user } = await openManagement(event);
    const accepted = within(await screen.findByRole('article', { name: 'Piotr_gra' }));
    expect(accepted.getByRole('button', { name: 'Dodaj' })).toBeDisabled();
    expect(accepted.getByRole('button', { name: 'Odrzuć' })).toBeEnabled();
    const rejected = within(screen.getByRole('article', { name: 'Ewa_gra' }));
    expect(rejected.getByRole('button', { name: 'Odrzuć' })).toBeDisabled();
    await user.click(within(screen.getByRole('article', { name: 'Anna_gra' })).getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(decisions).toEqual([{ userId: 'u-5', status: 'accepted' }]));
  });

  it('asks before finishing and does nothing on NIE', async () => {
    const event = startedEvent();
    const { calls } = serveManagement(event);
    const { user } = await openManagement(event);
    await user.click(screen.getByRole('button', { name: 'Zakończ' }));
    const dialog = screen.getByRole('alertdialog', { name: 'ZAKOŃCZ' });
    expect(within(dialog).getByText(CONFIRM_QUESTION)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'NIE' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'NIE' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.finish).toBe(0);
  });

  it('finishes on TAK, says so and goes to the dashboard', async () => {
    const event = startedEvent();
    const { calls } = serveManagement(event);
    const { user, router } = await openManagement(event);
    await user.click(screen.getByRole('button', { name: 'Zakończ' }));
    await user.click(screen.getByRole('button', { name: 'TAK' }));
    expect(await screen.findByText('Wydarzenie zostało zakończone')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.finish).toBe(1);
  });

  it('deletes after USUŃ is confirmed and goes to the dashboard', async () => {
    const event = ownEvent();
    const { calls } = serveManagement(event);
    const { user, router } = await openManagement(event);
    await user.click(screen.getByRole('button', { name: 'Usuń' }));
    expect(screen.getByRole('alertdialog', { name: 'USUŃ' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'TAK' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.remove).toBe(1);
  });

  it("says 'Coś poszło nie tak, spróbuj ponownie' when finishing fails and stays", async () => {
    const event = startedEvent();
    serveManagement(event, { finish: 500 });
    const { user, router } = await openManagement(event);
    await user.click(screen.getByRole('button', { name: 'Zakończ' }));
    await user.click(screen.getByRole('button', { name: 'TAK' }));
    expect(await screen.findByText('Coś poszło nie tak, spróbuj ponownie')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/dashboard/event/edit/${event._id}`);
  });

  it("toggles the edit form with 'Edytuj', filled with the game", async () => {
    const event = ownEvent({ eventName: 'Wtorkowy mecz' });
    serveManagement(event);
    const { user } = await openManagement(event);
    const edit = screen.getByRole('button', { name: 'Edytuj' });
    await user.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Nazwa wydarzenia')).toHaveValue('Wtorkowy mecz');
    await user.click(edit);
    expect(screen.queryByLabelText('Nazwa wydarzenia')).not.toBeInTheDocument();
  });

  it('keeps Zakończ off before the start, with the reason, and lets the game be deleted', async () => {
    const event = ownEvent();
    const { calls } = serveManagement(event);
    const { user } = await openManagement(event);
    const finish = screen.getByRole('button', { name: 'Zakończ' });
    expect(finish).toBeDisabled();
    expect(finish).toHaveAccessibleDescription(EVENT_MSG.finishBeforeStart);
    await user.click(finish);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.finish).toBe(0);
    expect(screen.getByRole('button', { name: 'Usuń' })).toBeEnabled();
  });

  it('turns Zakończ on when the start comes, without a reload', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], advanceTimers: true });
    try {
      const start = Date.now() + 60_000;
      const event = ownEvent({ startDateTime: new Date(start).toISOString(), endDateTime: new Date(start + 90 * 60_000).toISOString() });
      serveManagement(event);
      await openManagement(event);
      expect(screen.getByRole('button', { name: 'Zakończ' })).toBeDisabled();
      act(() => jest.advanceTimersByTime(61_000));
      expect(screen.getByRole('button', { name: 'Zakończ' })).toBeEnabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('warns that a started game without accepted players ends for no points', async () => {
    const event = startedEvent();
    serveManagement(event);
    server.use(http.get(`${API}/status/events/${event._id}/users`, () => HttpResponse.json(eventUsers({ usersByStatus: { interested: [anna], accepted: [], rejected: [], waitlisted: [] }, total: 1 }))));
    await openManagement(event);
    const finish = screen.getByRole('button', { name: 'Zakończ' });
    expect(finish).toBeEnabled();
    await waitFor(() => expect(finish).toHaveAccessibleDescription(EVENT_MSG.finishUncounted));
  });

  it("marks the organiser's unseen news about the game (requests, players leaving) read on opening", async () => {
    const event = ownEvent();
    const { calls } = serveManagement(event, { news: true });
    await openManagement(event);
    await waitFor(() => expect(calls.markRead).toBe(1));
  });

  it('marks nothing when there is no news', async () => {
    const event = ownEvent();
    const { calls } = serveManagement(event);
    await openManagement(event);
    await screen.findByRole('article', { name: 'Piotr_gra' });
    expect(calls.markRead).toBe(0);
  });

  it('tells a finished game apart and offers no actions', async () => {
    const event = ownEvent({ eventStatus: 'completed' });
    serveManagement(event);
    await openManagement(event);
    expect(screen.getByText(EVENT_MSG.finished)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zakończ' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dodaj' })).not.toBeInTheDocument();
  });

  it('does not let a stranger manage the game', async () => {
    const event = makeEvent();
    serveManagement(event);
    await openManagement(event);
    expect(screen.getByText(EVENT_MSG.notOwner)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Usuń' })).not.toBeInTheDocument();
  });

  describe('a game of a weekly series', () => {
    function serveSeries(event: EventDto) {
      const sent = { regular: [] as string[], deleteUrls: [] as string[], patchUrls: [] as string[] };
      let regulars: string[] = [];
      server.use(
        http.get(`${API}/football-events/${event._id}/regulars`, () => HttpResponse.json({ regulars })),
        http.put(`${API}/football-events/${event._id}/regulars/:userId`, ({ params }) => {
          sent.regular.push(`PUT ${String(params.userId)}`);
          regulars = [...regulars, String(params.userId)];
          return HttpResponse.json({ msg: EVENT_MSG.regularSaved });
        }),
        http.delete(`${API}/football-events/${event._id}`, ({ request }) => {
          sent.deleteUrls.push(new URL(request.url).search);
          return HttpResponse.json({ msg: new URL(request.url).search ? EVENT_MSG.seriesCancelled : EVENT_MSG.deleted });
        }),
        http.patch(`${API}/football-events/${event._id}`, ({ request }) => {
          sent.patchUrls.push(new URL(request.url).search);
          return HttpResponse.json({ msg: EVENT_MSG.seriesUpdated, event });
        }),
      );
      return sent;
    }
    // Next week: a date the form accepts (at most a year ahead).
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const weekly = () => ownEvent({ eventName: 'Wtorki', seriesId: 'series-1', isRecurring: true, startDate: nextWeek });

    it("marks an accepted player 'Stały gracz' with a toggle", async () => {
      const event = weekly();
      serveManagement(event);
      const sent = serveSeries(event);
      const { user } = await openManagement(event);
      const accepted = within(await screen.findByRole('region', { name: /Zaakceptowani/ }));
      const toggle = await accepted.findByRole('button', { name: 'Stały gracz' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      // Only accepted players can be regulars.
      expect(within(screen.getByRole('region', { name: /Zainteresowani/ })).queryByRole('button', { name: 'Stały gracz' })).not.toBeInTheDocument();
      await user.click(toggle);
      await waitFor(() => expect(accepted.getByRole('button', { name: 'Stały gracz' })).toHaveAttribute('aria-pressed', 'true'));
      expect(sent.regular).toEqual([`PUT ${piotr._id}`]);
    });

    it("asks which games Usuń cancels: 'To i następne' cancels the following ones too", async () => {
      const event = weekly();
      serveManagement(event);
      const sent = serveSeries(event);
      const { user, router } = await openManagement(event);
      await user.click(screen.getByRole('button', { name: 'Usuń' }));
      const choice = within(screen.getByRole('group', { name: 'Które wydarzenia usunąć?' }));
      await user.click(choice.getByRole('button', { name: 'To i następne' }));
      await user.click(screen.getByRole('button', { name: 'TAK' }));
      expect(await screen.findByText(EVENT_MSG.seriesCancelled)).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(sent.deleteUrls).toEqual(['?scope=following']);
    });

    it("edits this and the following games when 'To i następne' is chosen; the weekly box stays on", async () => {
      const event = weekly();
      serveManagement(event);
      const sent = serveSeries(event);
      const { user } = await openManagement(event);
      await user.click(screen.getByRole('button', { name: 'Edytuj' }));
      const weeklyBox = screen.getByRole('checkbox', { name: 'Powtarzaj co tydzień' });
      expect(weeklyBox).toBeChecked();
      expect(weeklyBox).toBeDisabled();
      expect(screen.getByRole('radio', { name: 'Tylko to wydarzenie' })).toBeChecked();
      await user.click(screen.getByRole('radio', { name: 'To i następne' }));
      await user.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
      expect(await screen.findByText(EVENT_MSG.seriesUpdated)).toBeInTheDocument();
      expect(sent.patchUrls).toEqual(['?scope=following']);
    });
  });

  it("a one-off game's Usuń asks nothing more and its form offers 'Powtarzaj co tydzień'", async () => {
    const event = ownEvent();
    serveManagement(event);
    const { user } = await openManagement(event);
    await user.click(screen.getByRole('button', { name: 'Edytuj' }));
    expect(screen.getByRole('checkbox', { name: 'Powtarzaj co tydzień' })).not.toBeChecked();
    expect(screen.queryByRole('radio', { name: 'To i następne' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Usuń' }));
    expect(screen.queryByRole('group', { name: 'Które wydarzenia usunąć?' })).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'USUŃ' })).toBeInTheDocument();
  });
});
