import type { EventChangedPayload } from '@contract/plain/realtime';
import { idTag, listTag, type TagType } from '../api/tags';

type Tag = { type: TagType; id: string | number } | TagType;

/**
 * What an `eventChanged` makes stale (the freshness rules per tag: docs/adr/0070). Only queries
 * somebody is showing refetch; unused cache entries of those tags are dropped and load afresh.
 */
export function eventChangedTags({ eventId, change }: EventChangedPayload): Tag[] {
  // A new public game: only the map and search results can be missing it.
  if (change === 'created') return [listTag('Event')];
  const tags: Tag[] = [
    idTag('Event', eventId),
    listTag('Event'),
    listTag('MyEvents'),
    idTag('EventUsers', eventId),
    idTag('EventStatus', eventId),
  ];
  // A game that ended, or a check-in changed after it, moved the counters and points of the people in it.
  if (change === 'completed' || change === 'attendance') tags.push(listTag('Ranking'), 'UserStats', 'User');
  return tags;
}
