import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { TWO_FACTOR_MSG, type SessionInfo } from '@contract/two-factor';
import { API, signedIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { thisBrowser } from '../../test/securityHandlers';
import { server } from '../../test/server';

const preferences = { eventStatusUpdates: true, chatMessages: true, eventReminders: true, newEventInArea: true, mutedChatRooms: [], mutedEvents: [] };
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function open() {
  server.use(http.get(`${API}/notifications/preferences`, () => HttpResponse.json({ preferences })));
  return renderApp('/dashboard/settings-event', { preloadedState: signedIn() });
}

// The page is a lazy route: its first compile under a busy test run must not eat the first test's wait.
beforeAll(() => import('./SettingsPage'), 30_000);

describe('two-factor sign-in in Ustawienia', () => {
  it('sets up with a QR code and the secret, enables with a code and shows the recovery codes once', async () => {
    let enabled = false;
    const sent: unknown[] = [];
    server.use(
      http.get(`${API}/auth/totp`, () => HttpResponse.json({ enabled, recoveryCodesLeft: enabled ? 10 : 0, hasPassword: true })),
      http.post(`${API}/auth/totp/setup`, async ({ request }) => {
        const { password } = (await request.json()) as { password?: string };
        if (password !== 'Haslo123!') {
          return HttpResponse.json({ msg: TWO_FACTOR_MSG.setupWrongPassword, errors: { password: TWO_FACTOR_MSG.setupWrongPassword } }, { status: 403 });
        }
        return HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrDataUrl: QR });
      }),
      http.post(`${API}/auth/totp/enable`, async ({ request }) => {
        const body = (await request.json()) as { code: string };
        sent.push(body);
        if (body.code !== '654321') return HttpResponse.json({ msg: TWO_FACTOR_MSG.codeInvalid, errors: { code: TWO_FACTOR_MSG.codeInvalid } }, { status: 403 });
        enabled = true;
        return HttpResponse.json({ msg: TWO_FACTOR_MSG.enabled, recoveryCodes: codes });
      }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Włącz weryfikację dwuetapową' }));
    // The password first: a session alone cannot switch it on.
    await user.click(await screen.findByRole('button', { name: 'Dalej' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.setupPasswordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText(TWO_FACTOR_MSG.setupPasswordLabel), 'zle-haslo');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.setupWrongPassword)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(TWO_FACTOR_MSG.setupPasswordLabel));
    await user.type(screen.getByLabelText(TWO_FACTOR_MSG.setupPasswordLabel), 'Haslo123!');
    await user.click(screen.getByRole('button', { name: 'Dalej' }));
    const qr = await screen.findByRole('img', { name: 'Kod QR do aplikacji uwierzytelniającej' });
    expect(qr).toHaveAttribute('src', QR);
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Włącz' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.codeRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    await user.type(screen.getByLabelText('Kod z aplikacji'), '111111');
    await user.click(screen.getByRole('button', { name: 'Włącz' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.codeInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Kod z aplikacji'));
    await user.type(screen.getByLabelText('Kod z aplikacji'), '654321');
    await user.click(screen.getByRole('button', { name: 'Włącz' }));

    const list = await screen.findByRole('list', { name: 'Kody odzyskiwania' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(list).toHaveTextContent(codes[0]);
    await user.click(screen.getByRole('button', { name: 'Zapisałem kody' }));
    expect(await screen.findByText(/Pozostałe kody odzyskiwania: 10/)).toBeInTheDocument();
    expect(screen.queryByText(codes[0])).not.toBeInTheDocument();
  });

  it('switches off only with a code', async () => {
    let enabled = true;
    server.use(
      http.get(`${API}/auth/totp`, () => HttpResponse.json({ enabled, recoveryCodesLeft: 7, hasPassword: true })),
      http.post(`${API}/auth/totp/disable`, async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '222333') return HttpResponse.json({ msg: TWO_FACTOR_MSG.codeInvalid, errors: { code: TWO_FACTOR_MSG.codeInvalid } }, { status: 403 });
        enabled = false;
        return HttpResponse.json({ msg: TWO_FACTOR_MSG.disabled });
      }),
    );
    const { user } = open();
    const off = await screen.findByRole('button', { name: 'Wyłącz weryfikację dwuetapową' });
    await user.click(off);
    expect(await screen.findByText(TWO_FACTOR_MSG.codeRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Kod z aplikacji, aby wyłączyć'), '999999');
    await user.click(off);
    expect(await screen.findByText(TWO_FACTOR_MSG.codeInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Kod z aplikacji, aby wyłączyć'));
    await user.type(screen.getByLabelText('Kod z aplikacji, aby wyłączyć'), '222333');
    await user.click(off);
    expect(await screen.findByRole('button', { name: 'Włącz weryfikację dwuetapową' })).toBeInTheDocument();
  });
});

describe('active sessions in Ustawienia', () => {
  it("lists the sessions with this device marked and signs out the others", async () => {
    const phone: SessionInfo = { ...thisBrowser, id: 'b'.repeat(32), browser: 'Chrome 126', os: 'Android 14', current: false };
    let sessions = [thisBrowser, phone];
    let endedOthers = false;
    server.use(
      http.get(`${API}/auth/sessions`, () => HttpResponse.json({ sessions })),
      http.post(`${API}/auth/sessions/logout-others`, () => {
        endedOthers = true;
        sessions = [thisBrowser];
        return HttpResponse.json({ msg: TWO_FACTOR_MSG.othersEnded });
      }),
    );
    const { user } = open();
    const section = (await screen.findByRole('heading', { name: 'Aktywne sesje' })).closest('section')!;
    expect(await within(section).findByText('Chrome 126, Android 14')).toBeInTheDocument();
    expect(within(section).getByText('Firefox 128, Linux').parentElement).toHaveTextContent('to urządzenie');
    expect(within(section).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(section).getByRole('button', { name: 'Wyloguj inne urządzenia' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.othersEnded)).toBeInTheDocument();
    expect(endedOthers).toBe(true);
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(within(section).getByRole('button', { name: 'Wyloguj inne urządzenia' })).toBeDisabled();
  });

  it('signs out one other device', async () => {
    const phone: SessionInfo = { ...thisBrowser, id: 'c'.repeat(32), browser: 'Safari 17', os: 'iOS', current: false };
    let sessions = [thisBrowser, phone];
    let deleted: string | undefined;
    server.use(
      http.get(`${API}/auth/sessions`, () => HttpResponse.json({ sessions })),
      http.delete(`${API}/auth/sessions/:id`, ({ params }) => {
        deleted = String(params.id);
        sessions = [thisBrowser];
        return HttpResponse.json({ msg: TWO_FACTOR_MSG.sessionEnded });
      }),
    );
    const { user, store } = open();
    await user.click(await screen.findByRole('button', { name: 'Wyloguj: Safari 17, iOS' }));
    expect(await screen.findByText(TWO_FACTOR_MSG.sessionEnded)).toBeInTheDocument();
    expect(deleted).toBe(phone.id);
    await waitFor(() => expect(screen.queryByText('Safari 17, iOS')).not.toBeInTheDocument());
    expect(store.getState().session.user).not.toBeNull();
  });
});
