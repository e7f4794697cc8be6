/**
 * The zod-free half of contract/push.ts and contract/calendar.ts (docs/adr/0035): the Polish
 * messages of the push and calendar channels (docs/adr/0088, 0089).
 */

export const PUSH_MSG = {
  invalid: 'Nieprawidłowa subskrypcja powiadomień push',
  httpsOnly: 'Powiadomienia push wymagają bezpiecznego adresu (https)',
  subscribed: 'Powiadomienia push są włączone na tym urządzeniu',
  unsubscribed: 'Powiadomienia push są wyłączone na tym urządzeniu',
  notFound: 'To urządzenie nie ma włączonych powiadomień push',
  testTitle: 'Graj Razem',
  testBody: 'Powiadomienia push działają na tym urządzeniu.',
  testSent: 'Wysłano powiadomienie testowe',
} as const;

export const CALENDAR_MSG = {
  created: 'Utworzono link do kalendarza',
  regenerated: 'Utworzono nowy link do kalendarza. Poprzedni link przestał działać.',
  revoked: 'Link do kalendarza został wyłączony',
  noFeed: 'Nie masz linku do kalendarza',
  feedName: 'Graj Razem — moje gry',
} as const;
