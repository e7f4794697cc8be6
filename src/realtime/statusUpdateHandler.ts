import type { UnknownAction } from '@reduxjs/toolkit';
import { statusUpdatePayload } from '@contract/events';
import { api } from '../api/api';
import { statusUpdateReceived, statusUpdateTags } from './statusUpdate';

/** The actions a raw statusUpdate turns into; none when the payload does not match the contract. */
export function statusUpdateActions(raw: unknown): UnknownAction[] {
  const parsed = statusUpdatePayload.safeParse(raw);
  if (!parsed.success) return [];
  return [statusUpdateReceived(parsed.data), api.util.invalidateTags(statusUpdateTags(parsed.data))];
}
