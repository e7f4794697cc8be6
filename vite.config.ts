import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** Files of public/ the service worker keeps for offline use and the install prompt (docs/adr/0088). */
const SHELL_PUBLIC = ['/offline.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

/**
 * Emits dist/sw.js from src/pwa/service-worker.js with the build's app shell (the entry script and
 * its styles) and a version derived from it, so every release installs a fresh worker and cache.
 */
function serviceWorker(): Plugin {
  return {
    name: 'graj-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const shell = new Set(SHELL_PUBLIC);
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        shell.add(`/${file.fileName}`);
        for (const css of file.viteMetadata?.importedCss ?? []) shell.add(`/${css}`);
      }
      const files = [...shell].sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const template = readFileSync(fileURLToPath(new URL('./src/pwa/service-worker.js', import.meta.url)), 'utf8');
      const source = template
        .replace(/^\/\* global .*\*\/\n/m, '')
        .replace("const VERSION = '__SW_VERSION__';", `const VERSION = ${JSON.stringify(version)};`)
        .replace('const SHELL_FILES = __SW_SHELL__;', `const SHELL_FILES = ${JSON.stringify(files)};`);
      if (source.includes('__SW_')) throw new Error('src/pwa/service-worker.js: a placeholder was not replaced');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * What every signed-in page loads, whichever it is: the store's signed-in part, the dashboard's route
 * table and layout, the navbar's bell, the socket client and its chat handlers, with what they
 * import statically (rolldown follows a captured module's imports). One chunk compresses better than
 * the twenty small files rolldown would make of it (docs/adr/0102). Pages and the map stay their own.
 */
const SIGNED_IN_ROOTS = [
  '/src/app/signedInPart.ts',
  '/src/features/dashboard/DashboardRoutes.tsx',
  // The page a sign-in lands on.
  '/src/features/dashboard/DashboardHome.tsx',
  '/src/features/unread/NotificationBell.tsx',
  '/src/features/chat/chatSocket.ts',
  '/node_modules/socket.io-client/',
  // Small helpers most signed-in pages use (dates, prices and labels of games; data freshness).
  '/src/features/events/eventFormat.ts',
  '/src/api/freshness.ts',
];

/** The form parts every form shares (the login page's and the signed-in pages'): one file. */
const FORM_PARTS = [
  '/src/components/FormField.tsx',
  '/src/components/PasswordField.tsx',
  '/src/components/FormAlert.tsx',
  '/src/components/useFormValues.ts',
  '/src/components/focusFirstError.ts',
  '/src/api/errors.ts',
];

/** The login page with what only it and the other account pages use (Google's slot, the card): one file. */
const LOGIN_ROOTS = ['/src/features/session/LoginPage.tsx'];

/** The map of games (home and Znajdź Wydarzenie) with react-map-gl and clustering: one file beside MapLibre's. */
const MAP_VIEW_ROOTS = ['/src/features/map/EventMap.tsx'];

export default defineConfig({
  plugins: [react(), serviceWorker()],
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  build: {
    outDir: 'dist',
    // No source maps in what we ship (issue 14); the manifest is for the bench and is not served (server/src/plugins/spa.ts).
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    // Everything the first download holds (static imports of main.tsx) in one file, which compresses
    // better than the same code in ten small ones (docs/adr/0036).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: 'signed-in', test: (id) => SIGNED_IN_ROOTS.some((root) => id.includes(root)), priority: 1 },
            { name: 'forms', test: (id) => FORM_PARTS.some((part) => id.includes(part)), priority: 1 },
            { name: 'login', test: (id) => LOGIN_ROOTS.some((root) => id.includes(root)), priority: 1 },
            { name: 'map-view', test: (id) => MAP_VIEW_ROOTS.some((root) => id.includes(root)), priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
