import { XSRF_COOKIE } from '@contract/constants';

/** Behind HTTPS the server prefixes the cookie with `__Host-`; prefer that one when both exist. */
const NAMES = [`__Host-${XSRF_COOKIE}`, XSRF_COOKIE];

export function readXsrfToken(cookieString: string = document.cookie): string | undefined {
  const cookies = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    cookies.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  for (const name of NAMES) {
    const value = cookies.get(name);
    if (value) return decodeURIComponent(value);
  }
  return undefined;
}
