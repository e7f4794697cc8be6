import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MSG } from '@contract/messages';
import { API, signedOut } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { server } from '../../test/server';

async function openForgot() {
  const view = renderApp('/forget-password', { preloadedState: signedOut() });
  await screen.findByRole('heading', { name: 'Nie pamiętasz hasła?' });
  return view;
}

describe('forgot password page', () => {
  it('asks for the e-mail when the field is empty', async () => {
    const { user } = await openForgot();
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(screen.getByText('Proszę podać adres email')).toBeInTheDocument();
  });

  it("shows the server's answer after sending the link", async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/auth/forgot-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ msg: MSG.forgotSent });
      }),
    );
    const { user } = await openForgot();
    await user.type(screen.getByLabelText('Email'), 'robert@example.pl');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.forgotSent);
    expect(body).toEqual({ email: 'robert@example.pl' });
  });

  it('falls back to the default success text when the answer has no message', async () => {
    server.use(http.post(`${API}/auth/forgot-password`, () => HttpResponse.json({})));
    const { user } = await openForgot();
    await user.type(screen.getByLabelText('Email'), 'robert@example.pl');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Link do resetowania hasła został wysłany na podany adres email');
  });

  it("shows the server's error, or the default one", async () => {
    server.use(http.post(`${API}/auth/forgot-password`, () => HttpResponse.json({ msg: MSG.tooManyRequests }, { status: 429 })));
    const { user } = await openForgot();
    await user.type(screen.getByLabelText('Email'), 'robert@example.pl');
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.tooManyRequests);

    server.use(http.post(`${API}/auth/forgot-password`, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Wyślij link' }));
    expect(await screen.findByText('Wystąpił błąd podczas wysyłania emaila')).toBeInTheDocument();
  });
});
