import { http, HttpResponse } from 'msw';
import type { NotificationDto } from '@contract/notifications';
import { API } from './fixtures';

let seq = 0;
/** A stored notification as the server answers it. */
export function notificationFixture(over: Partial<NotificationDto> = {}): NotificationDto {
  seq += 1;
  return {
    _id: `n-${seq}`,
    kind: 'reminder',
    eventId: 'e-1',
    title: 'Przypomnienie: Gierka na Orliku',
    body: 'Gra „Gierka na Orliku” zaczyna się jutro o 18:30 — Marszałkowska 10, Warszawa.',
    link: '/dashboard/event/e-1',
    channels: ['inApp'],
    read: false,
    createdAt: '2026-11-23T10:00:00.000Z',
    ...over,
  };
}

/** By default a person has no stored notifications. */
export const notificationDefaultHandlers = [
  http.get(`${API}/notifications`, () => HttpResponse.json({ notifications: [], total: 0, unread: 0, unreadOther: 0, page: 1, pages: 1 })),
];
