import type { Page } from 'playwright-core';
import { utcToWarsaw } from '../contract/time';
import { apiCall, signUpAndLogIn, type Person } from './flows';
import { serverAndBrowser, snap } from './harness';

const t = serverAndBrowser();

const organiser: Person = {
  nickName: 'trener_marek', name: 'Marek', surname: 'Lis', email: 'marek.trener@example.com', password: 'Pilka2024!', birth: '1988-02-11',
};
const player: Person = {
  nickName: 'obronca_kasia', name: 'Kasia', surname: 'Wróbel', email: 'kasia.obronca@example.com', password: 'Obrona2024!', birth: '1997-09-30',
};
const GAME = 'Sobotnia piątka na Orliku';


/** Counts every attempt to play a sound (headless Chromium may refuse to play it, the attempt is what rings). */
async function countSounds(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __rings: number };
    w.__rings = 0;
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      w.__rings += 1;
      return play.call(this).catch(() => undefined);
    };
  });
}
const rings = (page: Page) => page.evaluate(() => (window as unknown as { __rings: number }).__rings);

/** The organiser's game with the player accepted, set up through the API to keep this test about chat. */
async function acceptedGame(owner: Page, guest: Page) {
  const date = utcToWarsaw(Date.now() + 24 * 3600_000).date;
  const created = await apiCall(owner, 'POST', '/football-events', {
    eventName: GAME, gameType: 'football', startDate: date, startHour: '10:00', duration: 90,
    address: { city: 'Warszawa', street: 'Marszałkowska', addressNumber: '10', postalCode: '00-001' },
    fieldType: 'field', playerCount: 4, level: 'beginner', price: 0,
  });
  expect(created.status).toBe(201);
  const eventId = created.json.event._id as string;
  expect((await apiCall(guest, 'POST', `/status/events/${eventId}/join`)).status).toBe(201);
  const me = (await apiCall(guest, 'GET', '/users/current-user')).json.user._id as string;
  expect((await apiCall(owner, 'PATCH', `/status/events/${eventId}/users/${me}/status`, { status: 'accepted' })).status).toBe(200);
  return eventId;
}

async function openRoom(page: Page) {
  await page.goto(`${t.server.url}/dashboard/chat`);
  await page.getByRole('heading', { name: 'Czat', level: 1 }).waitFor();
  await page.getByRole('complementary', { name: 'Lista czatów' }).getByRole('button', { name: new RegExp(GAME) }).click();
  await page.getByRole('heading', { name: GAME, level: 2 }).waitFor();
}

const badge = (page: Page) => page.getByTestId('bell-badge');

describe('chat in two browsers', () => {
  it('lets two players of an accepted game talk live, with the bell rising, falling and staying quiet when muted', async () => {
    const owner = await signUpAndLogIn(t.browser, t.server, organiser);
    const guest = await signUpAndLogIn(t.browser, t.server, player);
    await countSounds(guest);
    await acceptedGame(owner, guest);

    // Both in the group room: messages go both ways at once.
    await openRoom(owner);
    await openRoom(guest);
    await owner.getByRole('textbox', { name: 'Wiadomość' }).fill('Cześć! Kto bierze piłkę?');
    await owner.keyboard.press('Enter');
    await guest.getByRole('log').getByText('Cześć! Kto bierze piłkę?').waitFor();
    await guest.getByRole('textbox', { name: 'Wiadomość' }).fill('Ja przyniosę, do zobaczenia o 10!');
    await guest.getByRole('button', { name: 'Wyślij' }).click();
    await owner.getByRole('log').getByText('Ja przyniosę, do zobaczenia o 10!').waitFor();
    await snap(owner, 'chat-01-organiser');
    await snap(guest, 'chat-02-player');
    expect(await rings(guest)).toBe(0); // the open room does not ring

    // Away from the chat, a new message rings and raises the bell.
    await guest.getByRole('link', { name: 'Przejdź do Aplikacji' }).click();
    await guest.waitForURL(`${t.server.url}/dashboard`);
    // Being accepted is itself news: the bell starts at one event notification.
    await badge(guest).getByText('1', { exact: true }).waitFor();
    await owner.getByRole('textbox', { name: 'Wiadomość' }).fill('Zmiana: zaczynamy 15 minut wcześniej');
    await owner.keyboard.press('Enter');
    await badge(guest).getByText('2', { exact: true }).waitFor();
    expect(await rings(guest)).toBe(1);
    await guest.getByRole('button', { name: /^Powiadomienia/ }).click();
    await snap(guest, 'chat-03-bell');

    // Opening the room reads it: the bell falls.
    await guest.getByRole('link', { name: /Nowe wiadomości/ }).click();
    await guest.waitForURL(`${t.server.url}/dashboard/chat`);
    await guest.getByRole('complementary', { name: 'Lista czatów' }).getByRole('button', { name: new RegExp(GAME) }).click();
    await guest.getByRole('log').getByText('Zmiana: zaczynamy 15 minut wcześniej').waitFor();
    await badge(guest).getByText('1', { exact: true }).waitFor();

    // Muted, the room rings nothing and the bell stays down.
    await guest.getByRole('button', { name: 'Ustawienia czatu' }).click();
    await snap(guest, 'chat-04-mute-menu');
    await guest.getByRole('menuitem', { name: 'Wycisz na Stałe' }).click();
    await guest.getByText('Czat wyciszony na stałe').waitFor();
    await guest.getByRole('link', { name: 'Przejdź do Aplikacji' }).click();
    await guest.waitForURL(`${t.server.url}/dashboard`);
    await owner.getByRole('textbox', { name: 'Wiadomość' }).fill('Ktoś jeszcze chętny?');
    await owner.keyboard.press('Enter');
    await owner.getByRole('log').getByText('Ktoś jeszcze chętny?').waitFor();
    // The message has reached the guest's app (the room list shows it) without a sound or a badge.
    await guest.getByRole('link', { name: 'Chat', exact: true }).click();
    await guest.getByRole('complementary', { name: 'Lista czatów' }).getByText(/Ktoś jeszcze chętny\?/).waitFor();
    expect(await badge(guest).textContent()).toBe('1');
    expect(await rings(guest)).toBe(1);
    await snap(guest, 'chat-05-muted');

    // On a phone the list and the open room take turns.
    await guest.setViewportSize({ width: 390, height: 844 });
    await snap(guest, 'chat-06-phone-list');
    await guest.getByRole('complementary', { name: 'Lista czatów' }).getByRole('button', { name: new RegExp(GAME) }).click();
    await guest.getByRole('button', { name: 'Wróć do listy czatów' }).waitFor();
    await snap(guest, 'chat-07-phone-room');
  });
});
