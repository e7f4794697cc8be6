import { z } from 'zod';
import { userStats } from './auth';
import { MSG } from './messages';
import { singleLineText } from './text';
import { NICK_TEXTS, birthDate, email, firstName, nickName as registerNick, nickRule, secretText, surname } from './validation';

/** Texts of profiles, avatars, likes, the ranking and account deletion (spec sections 5 and 8). */
export const USER_MSG = {
  // profile edit (spec section 5)
  nickTooShort: MSG.nickTooShort,
  nickTooLong: MSG.nickTooLong,
  nameLetters: MSG.nameLetters,
  surnameLetters: MSG.surnameLetters,
  nameRequired: MSG.nameRequired,
  surnameRequired: MSG.surnameRequired,
  nothingToUpdate: 'Brak danych do aktualizacji',
  profileUpdated: 'Profil został zaktualizowany!',
  profileUpdateFailed: 'Wystąpił błąd podczas aktualizacji profilu',
  // profiles and likes
  noUserId: 'Brak ID użytkownika',
  userFetchFailed: 'Nie udało się pobrać danych użytkownika',
  userNotFound: 'Nie znaleziono użytkownika',
  cannotLikeSelf: 'Nie możesz polubić siebie',
  alreadyLiked: 'Już polubiłeś tego użytkownika',
  notLiked: 'Nie polubiłeś tego użytkownika',
  liked: 'Polubiono użytkownika',
  unliked: 'Usunięto polubienie',
  likeFailed: 'Wystąpił błąd podczas operacji',
  // avatar
  avatarSaved: 'Avatar zapisany!',
  avatarFailed: 'Błąd zapisu avatara!',
  avatarRemoved: 'Avatar usunięty',
  imageLoading: 'Ładowanie obrazu...',
  imageLoadFailed: 'Błąd ładowania obrazu',
  avatarNotImage: 'Plik musi być obrazem JPEG, PNG lub WebP',
  avatarTooLarge: 'Obraz może mieć najwyżej 1 MB',
  avatarDimensions: 'Obraz musi mieć od 64 do 4000 pikseli z każdej strony',
  // account deletion
  deleteConfirm: 'Czy na pewno chcesz usunąć swoje konto? Ta akcja jest nieodwracalna!',
  deleted: 'Konto zostało pomyślnie usunięte',
  deleteFailed: 'Wystąpił błąd podczas usuwania konta. Spróbuj ponownie.',
  deletePasswordPrompt: 'Aby potwierdzić, wpisz swoje hasło.',
  deleteGooglePrompt: 'Aby potwierdzić, zaloguj się ponownie przez Google.',
  deletePasswordRequired: 'Podaj hasło, aby usunąć konto',
  deleteWrongPassword: 'Nieprawidłowe hasło',
  deleteGoogleRequired: 'Zaloguj się ponownie przez Google, aby usunąć konto',
  deleteGoogleStale: 'Logowanie przez Google było zbyt dawno. Zaloguj się ponownie.',
  // own data export
  exportLabel: 'Pobierz moje dane',
  exportFailed: 'Nie udało się pobrać danych. Spróbuj ponownie.',
  // ranking
  rankingLoading: 'Ładowanie rankingu...',
  rankingEmpty: 'Brak danych w rankingu',
  rankingFailed: 'Nie udało się pobrać danych rankingu',
  retry: 'Spróbuj ponownie',
} as const;

export { PERSON_NAME_PATTERN } from './validation';

/** Profile edit uses the one rule per field (validation.ts) with the spec's profile-edit words. */
export const profileFirstName = firstName;
export const profileSurname = surname;
export const profileNick = nickRule(NICK_TEXTS.profile);

/** The profile form's fields, each under its one rule. */
export const PROFILE_FIELDS = { nickName: profileNick, name: profileFirstName, surname: profileSurname, age: birthDate } as const;
export type ProfileKey = keyof typeof PROFILE_FIELDS;
export type ProfileValues = { [K in ProfileKey]?: z.output<(typeof PROFILE_FIELDS)[K]> };

/** PATCH /users/current-user/update-user as the form sends it: only changed fields, each under its rule. */
export const updateProfileBody = z
  .object(PROFILE_FIELDS)
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), USER_MSG.nothingToUpdate);
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/**
 * What the server reads (issue 13, docs/adr/0040): any of the four as clean text; the field rules
 * are applied by checkProfileChanges to the fields that differ from what is stored, so an account
 * made under older rules ("Jan2") can still save the fields it changes.
 */
export const updateProfileRequest = z
  .object({
    nickName: singleLineText((s) => s.max(200), USER_MSG.nickTooShort),
    name: singleLineText((s) => s.max(200), USER_MSG.nameRequired),
    surname: singleLineText((s) => s.max(200), USER_MSG.surnameRequired),
    age: singleLineText((s) => s.max(20), MSG.birthDateRequired),
  })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), USER_MSG.nothingToUpdate);

/**
 * The fields of `values` that differ from `stored`, each checked under its rule (the client before
 * sending, the server on receipt). An unchanged value is left out, even one an older rule let in.
 */
export function checkProfileChanges(
  values: Partial<Record<ProfileKey, string | null | undefined>>,
  stored: Partial<Record<ProfileKey, string | null>>,
): { changes: ProfileValues; errors: Record<string, string> } {
  const changes: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const key of Object.keys(PROFILE_FIELDS) as ProfileKey[]) {
    const value = values[key];
    if (value === undefined || value === null) continue;
    if (value.normalize('NFKC').trim() === (stored[key] ?? '')) continue;
    const parsed = PROFILE_FIELDS[key].safeParse(value);
    if (parsed.success) changes[key] = parsed.data;
    else errors[key] = parsed.error.issues[0]?.message ?? MSG.invalidData;
  }
  return { changes: changes as ProfileValues, errors };
}

export const userIdParams = z.object({ id: z.uuid({ error: USER_MSG.userNotFound }) });
export const targetUserBody = z.object({ targetUserId: z.uuid({ error: USER_MSG.userNotFound }) });

/**
 * Another player as GET /users/{id} answers (spec section 3, "User (other player)"). `age` is the
 * age in full years, never the birth date; only one's own profile also carries `birthDate`
 * (docs/adr/0078).
 */
export const publicUser = z.object({
  _id: z.string(),
  nickName: z.string(),
  name: z.string(),
  surname: z.string(),
  avatarUrl: z.string().nullable(),
  age: z.number().int().nullable(),
  birthDate: z.string().nullable().optional(),
  userStats,
  isLikedByCurrentUser: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const likeResponse = z.object({ msg: z.string(), isLikedByCurrentUser: z.boolean(), userStats });
export type LikeResponse = z.infer<typeof likeResponse>;

export const MULTIPLE_STATS_MAX = 100;
export const multipleStatsBody = z.object({ userIds: z.array(z.uuid()).max(MULTIPLE_STATS_MAX) });

export const LEADERBOARD_KEYS = ['gamesPlayed', 'eventsOrganized', 'totalLikes', 'points'] as const;
export type LeaderboardKey = (typeof LEADERBOARD_KEYS)[number];
export const LEADERBOARD_LIMIT = 10;
export const LEADERBOARD_MAX = 50;

export const leaderboardQuery = z.object({
  sortBy: z.enum(LEADERBOARD_KEYS).default('points'),
  limit: z.coerce.number().int().min(1).max(LEADERBOARD_MAX).default(LEADERBOARD_LIMIT),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuery>;

export const leaderboardEntry = z.object({
  userID: z.string(),
  nickName: z.string(),
  avatarUrl: z.string().nullable(),
  gamesPlayed: z.number().int(),
  eventsOrganized: z.number().int(),
  totalLikes: z.number().int(),
  points: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

/** DELETE /users/current-user/delete: the password again, or (accounts without one) a fresh Google ID token. */
export const deleteAccountBody = z
  .object({
    password: secretText(1024).optional(),
    idToken: secretText(8192).optional(),
    /** The TOTP or recovery code, when two-factor sign-in is on (ADR 57). */
    code: secretText(20).optional(),
  })
  .strict();
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccountResponse = z.object({ msg: z.string(), avatarUrlToDelete: z.string().nullable() });

/** Avatars: what the client produces (spec section 9) and what the server accepts. */
export const AVATAR_SIZE = 200;
export const AVATAR_QUALITY = 0.8;
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_MIN_SIDE = 64;
export const AVATAR_MAX_SIDE = 4000;

// --- Google sign-in (spec section 7 "Auth", /register-oauth) ---

export const OAUTH_MSG = {
  loginFailed: MSG.googleLoginFailed,
  fillAll: 'Uzupełnij wszystkie pola!',
  missingData: 'Brak wymaganych danych z Google. Spróbuj ponownie.',
  completed: 'Rejestracja zakończona! Możesz się zalogować.',
  completeFailed: 'Wystąpił błąd podczas rejestracji.',
  notConfigured: 'Logowanie przez Google nie jest dostępne',
  invalidToken: 'Logowanie przez Google nie powiodło się. Spróbuj ponownie.',
  emailMismatch: 'Adres email nie zgadza się z kontem Google',
  googleTaken: 'To konto Google jest już zarejestrowane. Zaloguj się.',
} as const;

const idToken = singleLineText((s) => s.min(20, OAUTH_MSG.missingData).max(5000, OAUTH_MSG.invalidToken), OAUTH_MSG.missingData, {
  normalize: false,
});

export const loginOauthBody = z.object({ email, googleIdToken: idToken });

export const completeOauthBody = z.object({
  nick: singleLineText((s) => s.trim().min(1, OAUTH_MSG.fillAll).pipe(registerNick), OAUTH_MSG.fillAll),
  birthDate: singleLineText((s) => s.trim().min(1, OAUTH_MSG.fillAll).pipe(birthDate), OAUTH_MSG.fillAll),
  email,
  name: profileFirstName,
  surname: profileSurname,
  googleIdToken: idToken,
  // Google's photo address: accepted for the spec's payload, not fetched (see docs/adr/0032).
  avatarUrl: singleLineText((s) => s.max(2000)).optional().nullable(),
});
export type CompleteOauthBody = z.input<typeof completeOauthBody>;

/** The Firebase web config the SPA needs, or null when Google sign-in is not configured. */
export const providersResponse = z.object({
  google: z
    .object({ apiKey: z.string(), authDomain: z.string(), projectId: z.string(), emulatorHost: z.string().optional() })
    .nullable(),
});
export type ProvidersResponse = z.infer<typeof providersResponse>;

/** Splits a Google display name on its first space into first name and surname (spec /register-oauth). */
export function splitDisplayName(displayName: string | null | undefined): { name: string; surname: string } {
  const trimmed = (displayName ?? '').trim();
  const at = trimmed.indexOf(' ');
  return at < 0 ? { name: trimmed, surname: '' } : { name: trimmed.slice(0, at), surname: trimmed.slice(at + 1).trim() };
}
