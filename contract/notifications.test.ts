import { DEFAULT_PREFERENCES, completePreferences, notificationPreferences } from './notifications';

/** The server's answer as the route sends it: every field, a mute of each kind. */
const full = {
  ...DEFAULT_PREFERENCES,
  nearbyRadiusKm: 25,
  nearbyGameTypes: ['Piłka nożna'],
  mutedChatRooms: [
    { chatRoomId: 'group_e-1', muteExpiresAt: null },
    { chatRoomId: 'group_e-2', muteExpiresAt: '2026-12-01T10:00:00.000Z' },
  ],
  mutedEvents: [{ eventId: 'e-3' }],
};

/** Every way an answer can be short of complete: a field missing, of another type, or a bad list item. */
function variants(): unknown[] {
  const out: unknown[] = [null, 'preferences', [], {}, { ...full, extra: 1 }];
  for (const key of Object.keys(full)) {
    const { [key]: _dropped, ...without } = full as Record<string, unknown>;
    out.push(without);
    for (const wrong of [null, 'tak', 1, 1.5, true, [], {}, [1], [{}], [{ chatRoomId: 'x' }], [{ chatRoomId: 'x', muteExpiresAt: 3 }]]) {
      out.push({ ...full, [key]: wrong });
    }
  }
  return out;
}

describe('completePreferences (the zod-free check of the server answer)', () => {
  it('takes the complete answer as the schema reads it', () => {
    expect(completePreferences(full)).toEqual(notificationPreferences.parse(full));
  });

  it('never takes what the schema would read differently: it leaves that to the schema', () => {
    let taken = 0;
    for (const value of variants()) {
      const plain = completePreferences(value);
      if (plain === null) continue;
      taken += 1;
      expect(plain).toEqual(notificationPreferences.parse(value));
    }
    // The complete answer with an unknown field is taken (dropped, as zod drops it); so are wrong types
    // that happen to match (e.g. a whole number for the radius).
    expect(taken).toBeGreaterThan(1);
  });

  it('returns null for an answer missing a field, so the schema fills its default', () => {
    const { nearbyDigest: _d, ...older } = full;
    expect(completePreferences(older)).toBeNull();
    expect(notificationPreferences.parse(older).nearbyDigest).toBe(false);
  });
});
