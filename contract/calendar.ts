import { z } from 'zod';

export { CALENDAR_MSG } from './plain/channels';

/** The personal calendar feed (ADR 89): the URL is shown once, when it is made; later only whether one exists. */
export const calendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

export const calendarFeedCreated = z.object({ url: z.string(), createdAt: z.string(), msg: z.string() });
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

