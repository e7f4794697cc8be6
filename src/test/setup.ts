import '@testing-library/jest-dom';
// The app loads notistack with its first notice (docs/adr/0035); loading it here keeps that
// first require out of the tests' timeouts. The lazy mounting itself is tested in app/notify.test.tsx.
import '../app/Toaster';
import { configure } from '@testing-library/react';
import { installConsoleGuard } from './console';
import { server } from './server';

// Lazy routes and chunks load on first use; on a busy 2-core CI machine that first load can take
// longer than RTL's default 1 s. The wait is an upper bound, never a measured time.
configure({ asyncUtilTimeout: 5000 });

// jsdom plays no media: it answers Audio#play with a "not implemented" console error. The app's
// chime (features/unread/notificationSound.ts) is a no-op here, as in a browser that refuses sound.
Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// An unexpected console.error or console.warn fails the test (src/test/console.ts).
installConsoleGuard();
