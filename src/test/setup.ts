import '@testing-library/jest-dom';
// The app loads notistack with its first notice (docs/adr/0035); loading it here keeps that
// first require out of the tests' timeouts. The lazy mounting itself is tested in app/notify.test.tsx.
import '../app/Toaster';
import { installConsoleGuard } from './console';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// An unexpected console.error or console.warn fails the test (src/test/console.ts).
installConsoleGuard();
