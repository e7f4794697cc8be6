/** Business constants of spec section 9, shared by the SPA and the server. */
export const API_PREFIX = '/api/v1';

export const MIN_AGE = 7;
export const EARLIEST_BIRTH_DATE = '1900-01-01';

export const NICK_MIN = 3;
export const NICK_MAX = 20;
export const NAME_MAX = 20;
export const PHONE_MAX = 15;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 50;
export const RESET_PASSWORD_MIN = 6;
export const EMAIL_MAX = 254;

export const NOTICE_MS = 2500;
export const SETTINGS_NOTICE_MS = 3000;
export const TOAST_MS = 5000;
export const REDIRECT_MS = 2000;
export const REQUEST_TIMEOUT_MS = 60000;

export const DEFAULT_LOCATION = {
  latitude: 52.2297,
  longitude: 21.0122,
  City: 'Warszawa',
  Country: 'Poland',
  region: 'mazowieckie',
  distance: 5,
} as const;

export const SOCKET_RECONNECT = {
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
