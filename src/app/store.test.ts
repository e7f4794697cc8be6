import { waitFor } from '@testing-library/react';
import { chatMessageReceived } from '../features/chat/chatActions';
import { signedIn } from '../test/fixtures';
import { fakeSocketFactory } from '../test/fakeSocket';
import { loadSignedInPart, selectSignedInPartLoaded, setupStore } from './store';

const messageFromZenek = () =>
  chatMessageReceived({ _id: 'm-1', roomId: 'r-1', sender: { _id: 'u-2', nickName: 'Zenek' }, message: 'Hej', createdAt: new Date().toISOString() });

/* The app's store downloads its signed-in part at sign-in (docs/adr/0036); these stores do too. */
describe('the store’s signed-in part', () => {
  // First in the file: the slices, once injected, are in every later store's reducer (as in the app, which has one).
  it('is not in a visitor’s store', async () => {
    const createSocket = fakeSocketFactory();
    const store = setupStore({ session: { user: null, stats: null, loading: false } }, { createSocket });
    store.dispatch({ type: 'any/action' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectSignedInPartLoaded(store.getState())).toBe(false);
    expect(createSocket.sockets).toHaveLength(0);
  });

  it('comes at sign-in, with its slices and listeners, before the socket opens', async () => {
    const createSocket = fakeSocketFactory();
    const store = setupStore(signedIn(), { createSocket });
    store.dispatch({ type: 'any/action' });
    await waitFor(() => expect(createSocket.sockets).toHaveLength(1));
    expect(selectSignedInPartLoaded(store.getState())).toBe(true);
    expect(store.getState().unread).toEqual({ rooms: {}, events: {} });
    expect(store.getState().chat.activeRoomId).toBeNull();

    // The unread listener is running: a message from somebody else counts.
    store.dispatch(messageFromZenek());
    expect(store.getState().unread.rooms['r-1']).toBe(1);
  });

  it('is attached once however often it is asked for', async () => {
    const store = setupStore(signedIn(), { createSocket: fakeSocketFactory() });
    await Promise.all([loadSignedInPart(store), loadSignedInPart(store)]);
    await loadSignedInPart(store);
    store.dispatch(messageFromZenek());
    expect(store.getState().unread.rooms['r-1']).toBe(1);
  });
});
