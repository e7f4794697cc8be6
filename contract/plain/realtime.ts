// Zod-free and alone in its module: the socket middleware is in the first download (ADR 35), and
// importing it from plain/events would pull every event text into that download.

/**
 * Real-time `eventChanged` (docs/adr/0070): a game changed in a way others may be showing. The
 * server sends it to the organiser and the people with a status in the game; 'created' (public
 * games only) goes to every signed-in socket. The client turns it into cache invalidations.
 */
export const EVENT_CHANGES = ['updated', 'cancelled', 'completed', 'created', 'attendance'] as const;
export type EventChange = (typeof EVENT_CHANGES)[number];
export interface EventChangedPayload {
  eventId: string;
  change: EventChange;
}

/** The payload, or null when it is not one (checked without zod: the socket is in the first download). */
export function parseEventChanged(raw: unknown): EventChangedPayload | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { eventId, change } = raw as Record<string, unknown>;
  if (typeof eventId !== 'string' || eventId.length === 0 || eventId.length > 100) return null;
  if (!(EVENT_CHANGES as readonly unknown[]).includes(change)) return null;
  return { eventId, change: change as EventChange };
}
