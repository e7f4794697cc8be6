import type { StatusUpdatePayload } from '@contract/events';
import { DEFAULT_PREFERENCES, isMuteActive, muteExpiry, type NotificationPreferences } from '@contract/notifications';
import { chatMessage } from '../../test/chatHandlers';
import { badgeLabel, shouldNotifyMessage, shouldNotifyStatus, totalEventUnread, totalRoomUnread } from './unreadLogic';

const NOW = Date.parse('2025-05-10T12:00:00Z');
const room = 'group_e-1';
const prefs = (over: Partial<NotificationPreferences> = {}): NotificationPreferences => ({ ...DEFAULT_PREFERENCES, ...over });
const fromOther = chatMessage(room, 'Gramy?');
const base = { message: fromOther, me: 'u-1', activeRoomId: null, prefs: prefs(), now: NOW };

describe('a new message rings', () => {
  it('when someone else writes in a room that is not open', () => {
    expect(shouldNotifyMessage(base)).toBe(true);
  });

  it('not for my own message', () => {
    expect(shouldNotifyMessage({ ...base, message: chatMessage(room, 'Ja', { _id: 'u-1', nickName: 'Lewy9' }) })).toBe(false);
  });

  it('not in the open room', () => {
    expect(shouldNotifyMessage({ ...base, activeRoomId: room })).toBe(false);
  });

  it('not with chat notifications switched off', () => {
    expect(shouldNotifyMessage({ ...base, prefs: prefs({ chatMessages: false }) })).toBe(false);
  });

  it('not in a room muted for good or until later', () => {
    expect(shouldNotifyMessage({ ...base, prefs: prefs({ mutedChatRooms: [{ chatRoomId: room, muteExpiresAt: null }] }) })).toBe(false);
    const later = new Date(NOW + 60_000).toISOString();
    expect(shouldNotifyMessage({ ...base, prefs: prefs({ mutedChatRooms: [{ chatRoomId: room, muteExpiresAt: later }] }) })).toBe(false);
  });

  it('again once the mute has expired', () => {
    const past = new Date(NOW - 1).toISOString();
    expect(shouldNotifyMessage({ ...base, prefs: prefs({ mutedChatRooms: [{ chatRoomId: room, muteExpiresAt: past }] }) })).toBe(true);
  });

  it('in other rooms while one room is muted', () => {
    const muted = prefs({ mutedChatRooms: [{ chatRoomId: 'group_e-2', muteExpiresAt: null }] });
    expect(shouldNotifyMessage({ ...base, prefs: muted })).toBe(true);
  });
});

describe('mute expiry', () => {
  it('turns the menu choices into expiries, permanent being none', () => {
    expect(muteExpiry('1h', NOW)).toBe('2025-05-10T13:00:00.000Z');
    expect(muteExpiry('week', NOW)).toBe('2025-05-17T12:00:00.000Z');
    expect(muteExpiry('permanent', NOW)).toBeNull();
  });

  it('treats a past expiry as no mute', () => {
    expect(isMuteActive({ muteExpiresAt: '2025-05-10T11:59:59.000Z' }, NOW)).toBe(false);
    expect(isMuteActive({ muteExpiresAt: null }, NOW)).toBe(true);
    expect(isMuteActive(undefined, NOW)).toBe(false);
  });
});

describe('a status update rings', () => {
  const update: StatusUpdatePayload = {
    eventId: 'e-1', eventName: 'Gierka', userId: 'u-1', status: 'accepted', eventStatus: 'upcoming', recordId: 'r-1', readBy: false,
  };

  it('when it is about me and made by someone else', () => {
    expect(shouldNotifyStatus({ update, me: 'u-1', prefs: prefs() })).toBe(true);
  });

  it('not when it is about someone else (the organiser hearing of a new player)', () => {
    expect(shouldNotifyStatus({ update: { ...update, userId: 'u-9' }, me: 'u-1', prefs: prefs() })).toBe(false);
  });

  it('for the organiser when a player asks to join or an accepted one leaves, under the same switches', () => {
    const news = { ...update, userId: 'u-9', status: 'interested' as const, recordId: null, forOrganiser: true };
    expect(shouldNotifyStatus({ update: news, me: 'u-1', prefs: prefs() })).toBe(true);
    expect(shouldNotifyStatus({ update: { ...news, status: null }, me: 'u-1', prefs: prefs() })).toBe(true);
    expect(shouldNotifyStatus({ update: { ...news, readBy: true }, me: 'u-1', prefs: prefs() })).toBe(false);
    expect(shouldNotifyStatus({ update: news, me: 'u-1', prefs: prefs({ eventStatusUpdates: false }) })).toBe(false);
    expect(shouldNotifyStatus({ update: news, me: 'u-1', prefs: prefs({ mutedEvents: [{ eventId: 'e-1' }] }) })).toBe(false);
    expect(shouldNotifyStatus({ update: news, me: undefined, prefs: prefs() })).toBe(false);
  });

  it('not with event notifications off, nor for a muted game', () => {
    expect(shouldNotifyStatus({ update, me: 'u-1', prefs: prefs({ eventStatusUpdates: false }) })).toBe(false);
    expect(shouldNotifyStatus({ update, me: 'u-1', prefs: prefs({ mutedEvents: [{ eventId: 'e-1' }] }) })).toBe(false);
  });
});

describe('the bell', () => {
  it('adds unread messages and unseen status changes, leaving muted ones out', () => {
    const p = prefs({ mutedChatRooms: [{ chatRoomId: 'r-muted', muteExpiresAt: null }], mutedEvents: [{ eventId: 'e-muted' }] });
    expect(totalRoomUnread({ 'r-1': 2, 'r-2': 3, 'r-muted': 7 }, p, NOW)).toBe(5);
    expect(totalEventUnread(['e-1', 'e-muted'], p)).toBe(1);
    expect(totalRoomUnread({ 'r-1': 2 }, prefs({ chatMessages: false }), NOW)).toBe(0);
    expect(totalEventUnread(['e-1'], prefs({ eventStatusUpdates: false }))).toBe(0);
  });

  it("shows nothing at zero, the number up to 9 and '9+' above", () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
    expect(badgeLabel(250)).toBe('9+');
  });
});
