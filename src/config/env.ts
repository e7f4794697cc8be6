import { API_PREFIX } from '@contract/constants';

/**
 * The only module that reads `import.meta.env`, so jest can swap it for `env.jest.ts`.
 * An invalid configured address falls back to `{host}/api/v1` (spec section 7).
 */
function apiBaseUrl(configured: string | undefined): string {
  if (!configured) return API_PREFIX;
  try {
    return new URL(configured, window.location.origin).href.replace(/\/+$/, '');
  } catch {
    return API_PREFIX;
  }
}

export const API_BASE_URL = apiBaseUrl(import.meta.env.VITE_API_URL);

/** Socket.IO runs on the same origin as the SPA (the dev server proxies it). */
export const SOCKET_PATH = '/socket.io';

export const IS_DEV = import.meta.env.DEV;

/**
 * Map styles (spec: light and dark tiles). Without configuration, OpenFreeMap's keyless styles
 * (OpenStreetMap data); the offline styles shipped in public/map/ (Natural Earth outlines) take
 * over when those cannot be loaded (features/map/mapStyle.ts), so the map never stays blank.
 */
function styleUrl(configured: string | undefined, fallback: string): string {
  try {
    return new URL(configured || fallback, window.location.origin).href;
  } catch {
    return new URL(fallback, window.location.origin).href;
  }
}

export const OFFLINE_MAP_STYLE_DARK = styleUrl(undefined, '/map/offline-style-dark.json');
export const OFFLINE_MAP_STYLE_LIGHT = styleUrl(undefined, '/map/offline-style-light.json');
export const MAP_STYLE_DARK = styleUrl(import.meta.env.VITE_MAP_STYLE_DARK, 'https://tiles.openfreemap.org/styles/dark');
export const MAP_STYLE_LIGHT = styleUrl(import.meta.env.VITE_MAP_STYLE_LIGHT, 'https://tiles.openfreemap.org/styles/liberty');
