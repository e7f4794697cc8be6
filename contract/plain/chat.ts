/**
 * The zod-free half of contract/chat.ts: limits, Polish messages and room ids. The SPA's first
 * download takes these from here (docs/adr/0035); chat.ts re-exports all of it next to the schemas.
 */

/** Spec section 9: 30 messages a page; scroll thresholds of spec section 4 "Chat scroll". */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;
export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_STICK_TO_BOTTOM_PX = 200;
export const CHAT_LOAD_OLDER_PX = 100;
export const CHAT_LOAD_OLDER_DEBOUNCE_MS = 150;
/** Sends per user per window; generous for people, a wall for scripts. */
export const CHAT_SEND_LIMIT: [number, number] = [20, 10_000];

export const CHAT_MSG = {
  empty: 'Wiadomość nie może być pusta',
  tooLong: `Wiadomość może mieć najwyżej ${CHAT_MESSAGE_MAX} znaków`,
  tooFast: 'Wysyłasz wiadomości zbyt szybko. Odczekaj chwilę.',
  notMember: 'Nie jesteś uczestnikiem tego czatu',
  roomNotFound: 'Nie znaleziono czatu',
  invalidRoom: 'Nieprawidłowy identyfikator czatu',
  noSharedGame: 'Możesz pisać prywatnie tylko z osobami, z którymi grasz w jednym wydarzeniu',
  selfChat: 'Nie możesz rozpocząć czatu z samym sobą',
  userNotFound: 'Nie znaleziono użytkownika',
  sendFailed: 'Nie udało się wysłać wiadomości',
  offline: 'Brak połączenia z serwerem. Spróbuj ponownie za chwilę.',
  invalidCursor: 'Nieprawidłowy znacznik strony',
  // settings (spec sections 5 and 8)
  clearConfirm: 'Czy na pewno chcesz usunąć całą historię czatu? Ta operacja jest nieodwracalna.',
  cleared: (n: number) => `Historia czatu została wyczyszczona. Usunięto ${n} wiadomości.`,
  clearFailed: 'Nie udało się wyczyścić historii czatu',
  clearError: 'Wystąpił błąd podczas czyszczenia historii czatu',
} as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `group_{eventId}` or `private_{smallerUserId}_{largerUserId}` (spec section 3, "Chat room"). */
export const ROOM_ID_PATTERN = new RegExp(`^(group_${UUID}|private_${UUID}_${UUID})$`);

export const groupRoomId = (eventId: string) => `group_${eventId}`;
export function privateRoomId(a: string, b: string): string {
  return a < b ? `private_${a}_${b}` : `private_${b}_${a}`;
}
export function eventIdOfRoom(id: string): string | null {
  return id.startsWith('group_') ? id.slice('group_'.length) : null;
}

export const ROOM_TYPES = ['group', 'private'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];
