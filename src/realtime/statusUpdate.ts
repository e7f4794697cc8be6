import { createAction } from '@reduxjs/toolkit';
import type { StatusUpdatePayload } from '@contract/events';
import { idTag, listTag, type TagType } from '../api/tags';

/** A participation changed (validated payload); other features (unread counts, sounds) listen for it. */
export const statusUpdateReceived = createAction<StatusUpdatePayload>('realtime/statusUpdate');

/** What a statusUpdate makes stale: my events, the event, its participants and my status in it. */
export function statusUpdateTags(p: StatusUpdatePayload): Array<{ type: TagType; id: string | number } | TagType> {
  const tags: Array<{ type: TagType; id: string | number } | TagType> = [
    listTag('MyEvents'),
    idTag('Event', p.eventId),
    idTag('EventStatus', p.eventId),
    idTag('EventUsers', p.eventId),
  ];
  // A finished game moved the counters of the people in it.
  if (p.status === 'finished' || p.eventStatus === 'completed') tags.push('UserStats');
  // A finished or cancelled game leaves the map and the search results.
  if (p.eventStatus === 'completed' || p.eventStatus === 'cancelled') tags.push(listTag('Event'));
  return tags;
}
