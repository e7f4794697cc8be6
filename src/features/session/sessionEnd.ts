import { MSG } from '@contract/messages';

/** Where an ended session sends the person, remembering the page they were on. */
export function sessionEndedLoginPath(current: string): string {
  const params = new URLSearchParams({ reason: 'session-ended' });
  if (safeNextPath(current)) params.set('next', current);
  return `/login?${params.toString()}`;
}

export const SESSION_ENDED_NOTICE = MSG.sessionEnded;

/**
 * `next` from the login URL, if it is a path of this site (never another origin, never the login
 * page itself); anything else means the usual landing.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if ([...next].some((c) => c < ' ' || c === '\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://same.origin');
  } catch {
    return null;
  }
  if (url.origin !== 'http://same.origin') return null;
  if (url.pathname === '/login' || url.pathname === '/register') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
