import type { MailMessage } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(heading: string, lines: string[], link: string, button: string): string {
  return `<!doctype html><html lang="pl"><body style="font-family:Arial,sans-serif;color:#0f3d2e">
<h1 style="font-size:20px">${escape(heading)}</h1>
${lines.map((l) => `<p>${escape(l)}</p>`).join('\n')}
<p><a href="${escape(link)}" style="background:#f5d90a;color:#0f3d2e;padding:12px 20px;text-decoration:none;font-weight:bold">${escape(button)}</a></p>
<p style="font-size:12px">Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki: ${escape(link)}</p>
</body></html>`;
}

export function verifyEmailMail(to: string, nickName: string, link: string): MailMessage {
  const lines = [
    `Cześć ${nickName}!`,
    'Dziękujemy za rejestrację w Graj Razem. Potwierdź swój adres email, aby móc się zalogować.',
    'Link jest ważny przez 48 godzin.',
  ];
  return {
    to,
    subject: 'Potwierdź swój adres email — Graj Razem',
    text: `${lines.join('\n\n')}\n\n${link}\n\nJeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.\n`,
    html: layout('Potwierdź swój adres email', lines, link, 'Potwierdź adres email'),
    link,
  };
}

export function resetPasswordMail(to: string, nickName: string, link: string): MailMessage {
  const lines = [
    `Cześć ${nickName}!`,
    'Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta. Link jest ważny przez godzinę i działa tylko raz.',
  ];
  return {
    to,
    subject: 'Resetowanie hasła — Graj Razem',
    text: `${lines.join('\n\n')}\n\n${link}\n\nJeśli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość — hasło pozostanie bez zmian.\n`,
    html: layout('Resetowanie hasła', lines, link, 'Ustaw nowe hasło'),
    link,
  };
}

/** A stored notification sent by e-mail (docs/adr/0085): its text and a button to open it. */
export function notificationMail(to: string, nickName: string, title: string, body: string, link: string): MailMessage {
  const lines = [`Cześć ${nickName}!`, body];
  return {
    to,
    subject: `${title} — Graj Razem`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nUstawienia powiadomień zmienisz w aplikacji: Ustawienia → Powiadomienia.\n`,
    html: layout(title, lines, link, 'Otwórz w Graj Razem'),
    link,
  };
}

/** The daily digest of new games nearby (docs/adr/0086). */
export function nearbyDigestMail(to: string, nickName: string, games: { body: string; link: string }[], settingsLink: string): MailMessage {
  const heading = games.length === 1 ? 'Nowa gra w Twojej okolicy' : `Nowe gry w Twojej okolicy: ${games.length}`;
  const lines = [`Cześć ${nickName}!`, ...games.map((g) => `• ${g.body}`)];
  return {
    to,
    subject: `${heading} — Graj Razem`,
    text: `Cześć ${nickName}!\n\n${games.map((g) => `• ${g.body}\n  ${g.link}`).join('\n')}\n\nUstawienia powiadomień: ${settingsLink}\n`,
    html: layout(heading, lines, games[0].link, 'Zobacz pierwszą grę'),
    link: games[0].link,
  };
}
