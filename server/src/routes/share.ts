import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gameAddress, gameTypeLabel } from '../calendar/ics';
import { TIME_ZONE } from '@contract/time';
import { sessionCookieName, userFromSessionToken } from '../plugins/auth';
import { findEvent, type EventWithOwner } from '../repositories/events';

const SITE = 'Graj Razem';
const uuid = z.uuid();

/** Everything put into the page goes through here: text and attribute values alike. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

const day = new Intl.DateTimeFormat('pl-PL', { timeZone: TIME_ZONE, weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' });
const hour = new Intl.DateTimeFormat('pl-PL', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });

/** The preview's line under the title: date, place and how many players the organiser seeks. */
export function shareDescription(e: EventWithOwner): string {
  return `${day.format(e.startAt)}, godz. ${hour.format(e.startAt)} · ${gameAddress(e)} · ${gameTypeLabel(e.gameType)} · Szukani gracze: ${e.playerCount}`;
}

interface SharePage {
  title: string;
  description: string;
  url: string;
  image: string;
  target: string;
  robots: string;
  heading: string;
  link: string;
}

function page(p: SharePage): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="pl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(p.title)} — ${SITE}</title>
<meta name="description" content="${e(p.description)}">
<meta name="robots" content="${p.robots}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="${SITE}">
<meta property="og:locale" content="pl_PL">
<meta property="og:title" content="${e(p.title)}">
<meta property="og:description" content="${e(p.description)}">
<meta property="og:url" content="${e(p.url)}">
<meta property="og:image" content="${e(p.image)}">
<meta name="twitter:card" content="summary">
<link rel="canonical" href="${e(p.url)}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta http-equiv="refresh" content="0; url=${e(p.target)}">
<style>body{font-family:system-ui,sans-serif;background:#0f172a;color:#e2e8f0;display:grid;place-items:center;min-height:100vh;margin:0;text-align:center}a{color:#4ade80}main{padding:2rem;max-width:36rem}</style>
</head>
<body>
<main>
<h1>${e(p.heading)}</h1>
<p>${e(p.description)}</p>
<p><a href="${e(p.target)}">${e(p.link)}</a></p>
</main>
</body>
</html>
`;
}

/**
 * Share links (ADR 89): `/g/:id` answers with a small HTML page whose Open Graph tags make a link
 * pasted into Messenger or WhatsApp show a preview, then sends the browser on to the game (through
 * the login page when there is no session). A private game's page names the game and nothing more.
 */
export async function shareRoutes(app: FastifyInstance): Promise<void> {
  const { config, database } = app.ctx;
  const image = `${config.PUBLIC_URL}/icons/icon-512.png`;

  app.get<{ Params: { id: string } }>('/g/:id', async (request, reply) => {
    const id = request.params.id;
    const event = uuid.safeParse(id).success ? await findEvent(database.db, id) : undefined;
    const url = `${config.PUBLIC_URL}/g/${id}`;
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    if (!event || event.status === 'cancelled') {
      return reply.status(404).send(
        page({
          title: 'Nie znaleziono gry', description: 'Ta gra nie istnieje albo została odwołana.', url, image,
          target: '/dashboard/find-event', robots: 'noindex', heading: 'Nie znaleziono gry', link: 'Znajdź inną grę',
        }),
      );
    }
    const gamePath = `/dashboard/event/${event.id}`;
    const signedIn = await userFromSessionToken(app, request.cookies[sessionCookieName(config.secureCookies)]);
    const target = signedIn ? gamePath : `/login?${new URLSearchParams({ next: gamePath })}`;
    const description = event.isPrivate ? 'Prywatna gra w Graj Razem — szczegóły zobaczysz po otwarciu linku.' : shareDescription(event);
    return page({
      title: event.eventName, description, url, image, target,
      robots: event.isPrivate ? 'noindex, nofollow' : 'noindex',
      heading: event.eventName, link: 'Otwórz grę w Graj Razem',
    });
  });
}
