/** Polish texts of the product (spec sections 2, 5 and 8), plus the server's own messages. */
export const MSG = {
  // validation (spec section 5)
  nickLength: 'Nick musi mieć od 3 do 20 znaków',
  nickHint: '3-20 znaków',
  nickTooShort: 'Nickname musi mieć co najmniej 3 znaki',
  nickTooLong: 'Nickname może mieć najwyżej 20 znaków',
  nameRequired: 'Imię jest wymagane',
  nameLetters: 'Imię może zawierać tylko litery!',
  surnameLetters: 'Nazwisko może zawierać tylko litery!',
  surnameRequired: 'Nazwisko jest wymagane',
  nameTooLong: 'Imię może mieć najwyżej 20 znaków',
  surnameTooLong: 'Nazwisko może mieć najwyżej 20 znaków',
  emailRequired: 'Proszę podać adres email',
  emailInvalid: 'Podaj poprawny adres email',
  phoneTooLong: 'Numer telefonu może mieć najwyżej 15 znaków',
  phoneInvalid: 'Numer telefonu może zawierać tylko cyfry, spacje, myślniki i znak +',
  birthDateRequired: 'Data urodzenia jest wymagana',
  birthDateTooEarly: 'Data urodzenia nie może być wcześniejsza niż 1900-01-01',
  birthDateTooYoung: 'Aplikacja jest dla użytkowników, którzy ukończyli 7 lat',
  passwordLength: 'Hasło musi mieć od 8 do 50 znaków',
  passwordRule: 'Hasło musi zawierać: małą literę, wielką literę, cyfrę i znak specjalny (@$!%*?&)',
  passwordsDiffer: 'Hasła nie są identyczne',
  resetFillBoth: 'Proszę wypełnić oba pola',
  resetTooShort: 'Hasło musi mieć co najmniej 6 znaków',
  passwordRequired: 'Proszę podać hasło',

  // server answers
  loggedIn: 'Zalogowane pomyślnie',
  loggedOut: 'Wylogowano pomyślnie',
  verifyEmailFirst: 'Musisz najpierw zweryfikować swój adres email. Sprawdź swoją skrzynkę pocztową.',
  badCredentials: 'Nieprawidłowy email lub hasło',
  emailTaken: 'Konto z tym adresem email już istnieje',
  nickTaken: 'Ten nick jest już zajęty',
  registered: 'Rejestracja zakończona pomyślnie! Sprawdź email aby zweryfikować konto.',
  forgotSent: 'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do resetowania hasła.',
  resetDone: 'Hasło zostało pomyślnie zresetowane',
  resetInvalid: 'Link do resetowania hasła jest nieprawidłowy lub wygasł',
  verifyInvalid: 'Link weryfikacyjny jest nieprawidłowy lub wygasł. Zaloguj się, aby otrzymać nowy.',
  unauthorized: 'Musisz być zalogowany',
  forbidden: 'Brak uprawnień do wykonania tej operacji',
  csrf: 'Nieprawidłowy token bezpieczeństwa. Odśwież stronę i spróbuj ponownie.',
  tooManyRequests: 'Zbyt wiele prób. Spróbuj ponownie za chwilę.',
  invalidData: 'Nieprawidłowe dane',
  notFound: 'Nie znaleziono',
  serverError: 'Wystąpił błąd serwera. Spróbuj ponownie później.',
  serviceUnavailable: 'Serwis jest chwilowo niedostępny. Spróbuj ponownie za chwilę.',
  consentSaved: 'Zapisano ustawienia cookies',

  // client notices (spec section 8)
  verifiedNotice: 'Weryfikacja przebiegła pomyślnie! Możesz się teraz zalogować.',
  loginVerifyFirst: 'Musisz najpierw zweryfikować swój adres email. Sprawdź swoją skrzynkę pocztową.',
  loginFailed: 'Błąd logowania. Spróbuj ponownie.',
  /** The server ended the session (expired, logged out elsewhere, password changed): shown on /login. */
  sessionEnded: 'Twoja sesja wygasła. Zaloguj się ponownie.',
  googleLoginFailed: 'Błąd logowania przez Google',
  registerFailed: 'Rejestracja nie powiodła się. Spróbuj ponownie.',
  registerSuccess: 'Rejestracja zakończona pomyślnie! Sprawdź email aby zweryfikować konto.',
  forgotFailed: 'Wystąpił błąd podczas wysyłania emaila',
  forgotSuccess: 'Link do resetowania hasła został wysłany na podany adres email',
  resetFailed: 'Wystąpił błąd podczas resetowania hasła',
  resetSuccess: 'Hasło zostało pomyślnie zresetowane',
} as const;

/** The per-account login back-off (ADR 0051): when the next attempt is allowed. */
export const loginBackoffMsg = (seconds: number): string =>
  `Zbyt wiele nieudanych prób logowania na to konto. Spróbuj ponownie za ${seconds} s albo zresetuj hasło przez link „Nie pamiętasz hasła?”.`;

/** Per-person limits on writes (ADR 0052). */
export const writeLimitMsg = (seconds: number): string =>
  `Zbyt wiele takich działań w krótkim czasie. Spróbuj ponownie za ${seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`}.`;

