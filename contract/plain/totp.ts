// Zod-free: the login page (first download, ADR 35) shows these texts.

/** Texts of two-factor sign-in and of the sessions screen (ADR 57, 58). */
export const TWO_FACTOR_MSG = {
  secondStepRequired: 'Podaj kod z aplikacji uwierzytelniającej.',
  codeRequired: 'Podaj kod z aplikacji uwierzytelniającej',
  codeInvalid: 'Nieprawidłowy kod',
  loginExpired: 'Logowanie wygasło. Zaloguj się ponownie.',
  alreadyEnabled: 'Weryfikacja dwuetapowa jest już włączona',
  setupMissing: 'Konfiguracja wygasła. Zacznij ją od nowa.',
  notEnabled: 'Weryfikacja dwuetapowa nie jest włączona',
  enabled: 'Weryfikacja dwuetapowa została włączona',
  disabled: 'Weryfikacja dwuetapowa została wyłączona',
  codeLabel: 'Kod z aplikacji lub kod odzyskiwania',
  sessionEnded: 'Urządzenie zostało wylogowane',
  othersEnded: 'Wylogowano inne urządzenia',
  sessionNotFound: 'Ta sesja już nie istnieje',
  setupPasswordRequired: 'Podaj hasło, aby włączyć weryfikację dwuetapową',
  setupPasswordLabel: 'Hasło do konta',
  setupWrongPassword: 'Nieprawidłowe hasło',
  setupGoogleRequired: 'Zaloguj się ponownie przez Google, aby włączyć weryfikację dwuetapową',
  setupGoogleStale: 'Logowanie przez Google było zbyt dawno. Zaloguj się ponownie.',
} as const;
