import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { EVENT_MSG, type EventDto } from '@contract/events';
import { AD_WAIT_MS } from '../../../components/PremiumAd';
import { eventUsers, makeEvent, ownEvent } from '../../../test/eventFixtures';
import { API, signedIn } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import type { EventUsersResponse, MyStatus } from '../eventsApi';

interface Served {
  joins: number;
  leaves: number;
  marked: number;
}

function serveEvent(event: EventDto, status: MyStatus, opts: { readBy?: boolean; join?: () => Response; users?: EventUsersResponse } = {}) {
  const served: Served = { joins: 0, leaves: 0, marked: 0 };
  let current = status;
  server.use(
    http.get(`${API}/football-events/${event._id}`, () => HttpResponse.json({ event })),
    http.get(`${API}/status/events/${event._id}/my-status`, () => HttpResponse.json({ status: current, readBy: opts.readBy ?? true })),
    http.get(`${API}/status/events/${event._id}/users`, () => HttpResponse.json(opts.users ?? eventUsers())),
    http.post(`${API}/status/events/${event._id}/join`, () => {
      served.joins += 1;
      if (opts.join) return opts.join();
      current = 'interested';
      return HttpResponse.json({ msg: EVENT_MSG.joined, status: 'interested' }, { status: 201 });
    }),
    http.delete(`${API}/status/events/${event._id}/leave`, () => {
      served.leaves += 1;
      current = null;
      return HttpResponse.json({ msg: EVENT_MSG.left });
    }),
    http.patch(`${API}/status/events/${event._id}/mark-read`, () => {
      served.marked += 1;
      return HttpResponse.json({ msg: 'OK' });
    }),
  );
  return served;
}

beforeEach(() => {
  // The ad shows once per game per day in a browser: every test is a new browser.
  localStorage.clear();
  // Only the clock of timeouts is ours: promises and fetch keep running on their own.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] });
});
afterEach(() => {
  jest.useRealTimers();
});

/** Opens the page and waits out the ad, as a non-premium person does. */
async function openEvent(event: EventDto, { ad = true } = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderApp(`/dashboard/event/${event._id}`, { preloadedState: signedIn() });
  if (!ad) {
    await screen.findByRole('heading', { level: 1, name: event.eventName });
    return { ...view, user };
  }
  expect(await screen.findByText('Prośba w trakcie wysyłania...', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Zamknij reklamę' })).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(AD_WAIT_MS));
  await user.click(screen.getByRole('button', { name: 'Zamknij reklamę' }));
  await screen.findByRole('heading', { level: 1, name: event.eventName });
  return { ...view, user };
}

describe('event detail', () => {
  it('shows the ad first, with a link to premium', async () => {
    const event = makeEvent();
    serveEvent(event, null);
    renderApp(`/dashboard/event/${event._id}`, { preloadedState: signedIn() });
    const ad = await screen.findByRole('dialog', { name: 'Graj Razem Premium' }, { timeout: 5000 });
    expect(within(ad).getByText('9,99 zł + VAT')).toBeInTheDocument();
    expect(within(ad).getByRole('link', { name: 'Sprawdź Premium' })).toHaveAttribute('href', '/dashboard/premium');
  });

  it('shows the ad once per game per day: not again on the next opening, but for another game', async () => {
    const event = makeEvent();
    const other = makeEvent();
    serveEvent(event, null);
    serveEvent(other, null);
    const { router } = await openEvent(event);
    await router.navigate('/dashboard');
    await router.navigate(`/dashboard/event/${event._id}`);
    await screen.findByRole('heading', { level: 1, name: event.eventName });
    expect(screen.queryByRole('dialog', { name: 'Graj Razem Premium' })).not.toBeInTheDocument();
    await router.navigate(`/dashboard/event/${other._id}`);
    expect(await screen.findByRole('dialog', { name: 'Graj Razem Premium' })).toBeInTheDocument();
  });

  it('never shows the ad to the organiser of the game', async () => {
    const event = ownEvent();
    serveEvent(event, 'owner');
    renderApp(`/dashboard/event/${event._id}`, { preloadedState: signedIn() });
    await screen.findByRole('heading', { level: 1, name: event.eventName });
    expect(screen.queryByRole('dialog', { name: 'Graj Razem Premium' })).not.toBeInTheDocument();
  });

  it("offers the game's .ics and shares its link: the share sheet where there is one, else the link copied", async () => {
    const event = ownEvent();
    serveEvent(event, 'owner');
    const { user } = await openEvent(event, { ad: false });
    expect(screen.getByRole('link', { name: 'Dodaj do kalendarza' })).toHaveAttribute('href', `${API}/football-events/${event._id}/calendar.ics`);
    const link = `${window.location.origin}/g/${event._id}`;
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Udostępnij' }));
    expect(await screen.findByText('Skopiowano link do gry')).toBeInTheDocument();
    expect(write).toHaveBeenCalledWith(link);
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Udostępnij' }));
      expect(share).toHaveBeenCalledWith({ title: event.eventName, text: `${event.eventName} — Graj Razem`, url: link });
      expect(write).toHaveBeenCalledTimes(1);
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('asks to join, showing "Zainteresowany" at once', async () => {
    const event = makeEvent();
    const served = serveEvent(event, null);
    const { user } = await openEvent(event);
    await user.click(await screen.findByRole('button', { name: 'Dołącz do gry' }));
    expect(await screen.findByRole('button', { name: 'Zainteresowany' })).toBeInTheDocument();
    expect(await screen.findByText(EVENT_MSG.joined)).toBeInTheDocument();
    expect(served.joins).toBe(1);
  });

  it("puts the button back and says 'Już masz status dla tego wydarzenia' on a conflict", async () => {
    const event = makeEvent();
    serveEvent(event, null, { join: () => HttpResponse.json({ msg: EVENT_MSG.alreadyHasStatus }, { status: 409 }) });
    const { user } = await openEvent(event);
    await user.click(await screen.findByRole('button', { name: 'Dołącz do gry' }));
    expect(await screen.findByText(EVENT_MSG.alreadyHasStatus)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Dołącz do gry' })).toBeInTheDocument();
  });

  it('tells an interested player they already have a status without asking the server again', async () => {
    const event = makeEvent();
    const served = serveEvent(event, 'interested');
    const { user } = await openEvent(event);
    await user.click(await screen.findByRole('button', { name: 'Zainteresowany' }));
    expect(await screen.findByText(EVENT_MSG.alreadyHasStatus)).toBeInTheDocument();
    expect(served.joins).toBe(0);
  });

  it('leads the organiser to management instead of a status, without Zgłoś and Opuść', async () => {
    const event = ownEvent();
    serveEvent(event, 'owner');
    await openEvent(event, { ad: false });
    expect(await screen.findByRole('link', { name: 'Zarządzaj wydarzeniem' })).toHaveAttribute('href', `/dashboard/event/edit/${event._id}`);
    expect(screen.queryByRole('button', { name: 'Zgłoś' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opuść' })).not.toBeInTheDocument();
  });

  it('leaves the game and says so', async () => {
    const event = makeEvent();
    const served = serveEvent(event, 'accepted');
    const { user } = await openEvent(event);
    await user.click(await screen.findByRole('button', { name: 'Opuść' }));
    expect(await screen.findByText(EVENT_MSG.left)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Dołącz do gry' })).toBeInTheDocument();
    expect(served.leaves).toBe(1);
  });

  it('refuses to leave a game the person is not in', async () => {
    const event = makeEvent();
    const served = serveEvent(event, 'rejected');
    const { user } = await openEvent(event);
    await user.click(await screen.findByRole('button', { name: 'Opuść' }));
    expect(await screen.findByText(EVENT_MSG.cannotLeave)).toBeInTheDocument();
    expect(served.leaves).toBe(0);
  });

  it('reports the event with its id and name', async () => {
    const event = makeEvent({ eventName: 'Podejrzany mecz' });
    serveEvent(event, null);
    const { user, router } = await openEvent(event);
    await user.click(await screen.findByRole('button', { name: 'Zgłoś' }));
    expect(router.state.location.pathname).toBe('/dashboard/report');
    expect(router.state.location.state).toEqual({ type: 'event', reportedEventId: event._id, eventName: 'Podejrzany mecz' });
  });

  it('shows the organiser and accepted players with their counts, and links to their profiles', async () => {
    const event = makeEvent();
    const player = { _id: 'u-3', nickName: 'Bramkarz', name: 'Adam', surname: 'Lis', avatarUrl: null };
    serveEvent(event, null, {
      users: eventUsers({
        usersByStatus: { interested: [], accepted: [player], rejected: [], waitlisted: [] },
        userStats: [
          { userID: 'u-2', gamesPlayed: 5, eventsOrganized: 8, totalLikes: 2, points: 296 },
          { userID: 'u-3', gamesPlayed: 11, eventsOrganized: 0, totalLikes: 4, points: 122 },
        ],
      }),
    });
    await openEvent(event);
    const organiser = await screen.findByRole('article', { name: 'Kapitan' });
    expect(within(organiser).getByRole('link', { name: /Kapitan/ })).toHaveAttribute('href', '/dashboard/profile-users/u-2');
    expect(within(organiser).getByText('Jan Kowalski')).toBeInTheDocument();
    await waitFor(() => expect(within(organiser).getByText('Zorganizowane').nextSibling).toHaveTextContent('8'));
    const accepted = screen.getByRole('article', { name: 'Bramkarz' });
    expect(within(accepted).getByText('Rozegrane').nextSibling).toHaveTextContent('11');
    expect(screen.getByText('Uczestnicy (1)')).toBeInTheDocument();
  });

  it('marks an accepted, unread status read on viewing', async () => {
    const event = makeEvent();
    const served = serveEvent(event, 'accepted', { readBy: false });
    await openEvent(event);
    await waitFor(() => expect(served.marked).toBe(1));
  });

  it('does not mark an interested status read', async () => {
    const event = makeEvent();
    const served = serveEvent(event, 'interested', { readBy: false });
    await openEvent(event);
    await screen.findByRole('button', { name: 'Zainteresowany' });
    expect(served.marked).toBe(0);
  });

  it('explains a missing event', async () => {
    server.use(http.get(`${API}/football-events/gone`, () => HttpResponse.json({ msg: EVENT_MSG.notFound }, { status: 404 })));
    renderApp('/dashboard/event/gone', { preloadedState: signedIn() });
    expect(await screen.findByText(EVENT_MSG.notFound, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it("tells a regular of a weekly series so and lets them leave the series ('Opuść serię')", async () => {
    const event = makeEvent({ eventName: 'Wtorki', seriesId: 'series-1', isRecurring: true });
    serveEvent(event, 'accepted');
    let regular = true;
    const left: string[] = [];
    server.use(
      http.get(`${API}/status/events/${event._id}/my-status`, () =>
        HttpResponse.json({ status: 'accepted', readBy: true, waitlistPosition: null, isRegular: regular })),
      http.delete(`${API}/football-events/${event._id}/regulars/:userId`, ({ params }) => {
        left.push(String(params.userId));
        regular = false;
        return HttpResponse.json({ msg: EVENT_MSG.seriesLeft });
      }),
    );
    const { user } = await openEvent(event, { ad: false });
    await user.click(await screen.findByRole('button', { name: 'Opuść serię' }));
    expect(await screen.findByText(EVENT_MSG.seriesLeft)).toBeInTheDocument();
    expect(left).toEqual(['u-1']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Opuść serię' })).not.toBeInTheDocument());
    expect(screen.getByText('Tak, co tydzień')).toBeInTheDocument();
  });
});
