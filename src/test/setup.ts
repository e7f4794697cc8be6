import '@testing-library/jest-dom';
// The app loads notistack with its first notice (docs/adr/0035); loading it here keeps that
// first require out of the tests' timeouts. The lazy mounting itself is tested in app/notify.test.tsx.
import '../app/Toaster';
import { configure } from '@testing-library/react';
import { server } from './server';

// Lazy routes and chunks load on first use; on a busy 2-core CI machine that first load can take
// longer than RTL's default 1 s. The wait is an upper bound, never a measured time.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
