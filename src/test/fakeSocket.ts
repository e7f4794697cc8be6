import type { SocketFactory, SocketLike } from '../realtime/socketMiddleware';

type Listener = (...args: never[]) => void;

/** Stands in for socket.io-client: tests fire server-side events with `serverEmit`. */
export class FakeSocket implements SocketLike {
  readonly listeners = new Map<string, Listener[]>();
  readonly emitted: Array<{ event: string; args: unknown[] }> = [];
  disconnected = false;
  active = true;
  connects = 0;

  connect() {
    this.connects += 1;
    this.active = true;
    return this;
  }

  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  disconnect() {
    this.disconnected = true;
    this.active = false;
    return this;
  }

  serverEmit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
}

/** A factory that records every socket it hands out. */
export function fakeSocketFactory(): SocketFactory & { sockets: FakeSocket[] } {
  const sockets: FakeSocket[] = [];
  const factory = async () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  };
  return Object.assign(factory, { sockets });
}
