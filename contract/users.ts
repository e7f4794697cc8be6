import { z } from 'zod';
import { userStats } from './auth';
import { NAME_MAX, NICK_MAX, NICK_MIN } from './constants';
import { MSG } from './messages';
import { birthDate, email, nickName as registerNick } from './validation';

/** Texts of profiles, avatars, likes, the ranking and account deletion (spec sections 5 and 8). */
export const USER_MSG = {
  // profile edit (spec section 5)
  nickTooShort: 'Nickname musi mieć co najmniej 3 znaki',
  nickTooLong: 'Nickname może mieć najwyżej 20 znaków',
  nameLetters: 'Imię może zawierać tylko litery!',
  surnameLetters: 'Nazwisko może zawierać tylko litery!',
  nameRequired: 'Imię jest wymagane',
  surnameRequired: 'Nazwisko jest wymagane',
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
  // ranking
  rankingLoading: 'Ładowanie rankingu...',
  rankingEmpty: 'Brak danych w rankingu',
  rankingFailed: 'Nie udało się pobrać danych rankingu',
  retry: 'Spróbuj ponownie',
} as const;

/** Letters of any alphabet (Polish ones included), spaces and hyphens. */
export const PERSON_NAME_PATTERN = /^[\p{L}][\p{L} -]*$/u;

const personName = (required: string, letters: string, tooLong: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX, tooLong)
    .regex(PERSON_NAME_PATTERN, letters);

export const profileFirstName = personName(USER_MSG.nameRequired, USER_MSG.nameLetters, MSG.nameTooLong);
export const profileSurname = personName(USER_MSG.surnameRequired, USER_MSG.surnameLetters, MSG.surnameTooLong);
export const profileNick = z
  .string({ error: USER_MSG.nickTooShort })
  .trim()
  .min(NICK_MIN, USER_MSG.nickTooShort)
  .max(NICK_MAX, USER_MSG.nickTooLong);

/** PATCH /users/current-user/update-user: any of the four fields, each under the profile-edit rules. */
export const updateProfileBody = z
  .object({ nickName: profileNick, name: profileFirstName, surname: profileSurname, age: birthDate })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), USER_MSG.nothingToUpdate);
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

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

const idToken = z.string({ error: OAUTH_MSG.missingData }).min(20, OAUTH_MSG.missingData).max(5000, OAUTH_MSG.invalidToken);

export const loginOauthBody = z.object({ email, googleIdToken: idToken });

export const completeOauthBody = z.object({
  nick: z.string({ error: OAUTH_MSG.fillAll }).trim().min(1, OAUTH_MSG.fillAll).pipe(registerNick),
  birthDate: z.string({ error: OAUTH_MSG.fillAll }).trim().min(1, OAUTH_MSG.fillAll).pipe(birthDate),
  email,
  name: profileFirstName,
  surname: profileSurname,
  googleIdToken: idToken,
  // Google's photo address: accepted for the spec's payload, not fetched (see docs/adr/0032).
  avatarUrl: z.string().max(2000).optional().nullable(),
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
