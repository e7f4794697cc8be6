/** Jest's stand-in for `env.ts`: Node's fetch needs an absolute URL for MSW to intercept. */
export const API_BASE_URL = 'http://localhost/api/v1';

export const SOCKET_PATH = '/socket.io';

export const IS_DEV = false;

export const OFFLINE_MAP_STYLE_DARK = 'http://localhost/map/offline-style-dark.json';
export const OFFLINE_MAP_STYLE_LIGHT = 'http://localhost/map/offline-style-light.json';
export const MAP_STYLE_DARK = 'https://tiles.openfreemap.org/styles/dark';
export const MAP_STYLE_LIGHT = 'https://tiles.openfreemap.org/styles/liberty';
