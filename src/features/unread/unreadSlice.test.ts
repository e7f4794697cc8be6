import type { StatusUpdatePayload } from '@contract/events';
import { groupRoom } from '../../test/chatHandlers';
import { chatRoomReceived, chatRoomRemoved } from '../chat/chatActions';
import { eventNotified, roomUnreadIncremented, unreadReducer, type UnreadState } from './unreadSlice';

const fulfilled = (endpointName: string, payload: unknown, originalArgs: unknown = undefined) => ({
  type: 'api/executeQuery/fulfilled',
  payload,
  meta: { arg: { endpointName, originalArgs, type: 'query' }, requestId: 'r', requestStatus: 'fulfilled', fulfilledTimeStamp: 0, baseQueryMeta: {} },
});
const pendingMutation = (endpointName: string, originalArgs: unknown) => ({
  type: 'api/executeMutation/pending',
  meta: { arg: { endpointName, originalArgs, type: 'mutation' }, requestId: 'r', requestStatus: 'pending', startedTimeStamp: 0 },
});

const update: StatusUpdatePayload = {
  eventId: 'e-1', eventName: 'Gierka', userId: 'u-1', status: 'accepted', eventStatus: 'upcoming', recordId: 'r-1', readBy: false,
};

const fulfilledMutation = (endpointName: string, payload: unknown, originalArgs: unknown) => ({
  type: 'api/executeMutation/fulfilled',
  payload,
  meta: { arg: { endpointName, originalArgs, type: 'mutation' }, requestId: 'r', requestStatus: 'fulfilled', fulfilledTimeStamp: 0, baseQueryMeta: {} },
});

describe('unread state', () => {
  const empty: UnreadState = { rooms: {}, events: {} };

  it("holds my games' news as the organiser from the server's list, and forgets a game I delete", () => {
    let state = unreadReducer(
      empty,
      fulfilled('getUnreadNotifications', {
        unreadNotifications: [],
        organiserNotifications: [{ eventID: { _id: 'e-7', eventName: 'Moja gra', eventStatus: 'upcoming' }, since: '2030-01-01T00:00:00.000Z' }],
      }),
    );
    expect(state.events).toEqual({ 'e-7': { recordId: null, eventId: 'e-7', eventName: 'Moja gra', status: null, eventStatus: 'upcoming' } });
    state = unreadReducer(state, fulfilledMutation('deleteEvent', { msg: 'Wydarzenie zostało usunięte' }, 'e-7'));
    expect(state.events).toEqual({});
  });

  it("takes the server's counts whenever the room list loads, replacing live ones", () => {
    let state = unreadReducer(empty, roomUnreadIncremented('group_e-9'));
    state = unreadReducer(state, fulfilled('getChatRooms', { chatRooms: [groupRoom('e-1', { unreadCount: 3 })] }));
    expect(state.rooms).toEqual({ 'group_e-1': 3 });
  });

  it('counts up per room and drops to zero when the room is marked read', () => {
    let state = unreadReducer(empty, roomUnreadIncremented('group_e-1'));
    state = unreadReducer(state, roomUnreadIncremented('group_e-1'));
    expect(state.rooms['group_e-1']).toBe(2);
    state = unreadReducer(state, pendingMutation('markRoomRead', 'group_e-1'));
    expect(state.rooms['group_e-1']).toBe(0);
  });

  it('adds a room told over the socket and forgets a room taken away', () => {
    let state = unreadReducer(empty, chatRoomReceived({ targetUserId: 'u-1', chatRoom: groupRoom('e-1', { unreadCount: 1 }) }));
    expect(state.rooms['group_e-1']).toBe(1);
    state = unreadReducer(state, chatRoomRemoved({ targetUserId: 'u-1', roomId: 'group_e-1' }));
    expect(state.rooms).toEqual({});
  });

  it('keeps one entry per game with its newest status, until it is read either way', () => {
    let state = unreadReducer(empty, eventNotified(update));
    state = unreadReducer(state, eventNotified({ ...update, status: 'rejected' }));
    state = unreadReducer(state, eventNotified({ ...update, eventId: 'e-2', recordId: 'r-2' }));
    expect(state.events['e-1'].status).toBe('rejected');
    state = unreadReducer(state, pendingMutation('markNotificationRead', 'r-1'));
    expect(Object.keys(state.events)).toEqual(['e-2']);
    state = unreadReducer(state, pendingMutation('markEventRead', 'e-2'));
    expect(state.events).toEqual({});
  });
});
