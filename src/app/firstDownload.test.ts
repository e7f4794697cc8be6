import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * docs/adr/0035: what src/main.tsx imports statically is the first download of every page, the
 * landing and login pages included. These packages must come later, with the pages that use them.
 */
const LATER = ['zod', 'notistack', 'socket.io-client', 'firebase', 'maplibre-gl', 'react-map-gl', 'supercluster', 'react-image-crop'];

const ROOT = path.resolve(__dirname, '../..');
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Value imports and re-exports that the bundler follows at once: not `import type`, not `import()`. */
function staticImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: string[] = [];
  for (const m of code.matchAll(/^\s*import\s+([^'"]*?)\s*from\s*'([^']+)'/gm)) {
    const clause = m[1];
    if (/^type\s/.test(clause)) continue;
    const named = clause.match(/\{([^}]*)\}/);
    const hasDefault = /^[\w$]+\s*(,|$)/.test(clause) || clause.startsWith('*');
    const values = named ? named[1].split(',').map((s) => s.trim()).filter((s) => s && !s.startsWith('type ')) : [];
    if (hasDefault || values.length) out.push(m[2]);
  }
  for (const m of code.matchAll(/^\s*import\s*'([^']+)'/gm)) out.push(m[1]);
  for (const m of code.matchAll(/^\s*export\s+(?!type\s)(?:\*|\{[^}]*\})\s*from\s*'([^']+)'/gm)) out.push(m[1]);
  return out;
}

function resolveLocal(from: string, spec: string): string {
  const base = spec.startsWith('@contract/') ? path.join(ROOT, 'contract', spec.slice('@contract/'.length)) : path.resolve(path.dirname(from), spec);
  if (/\.(css|svg|png|wav|mp3|json)$/.test(spec)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  throw new Error(`cannot resolve ${spec} from ${from}`);
}

const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

/** Every module reachable from `entry` by static imports, and the packages they import, each with how it got there. */
function firstDownload(entry: string) {
  const files = new Map<string, string[]>([[entry, [entry]]]);
  const packages = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    if (!/\.tsx?$/.test(file)) continue;
    for (const spec of staticImports(readFileSync(file, 'utf8'))) {
      const chain = [...files.get(file)!];
      if (spec.startsWith('.') || spec.startsWith('@contract/')) {
        const target = resolveLocal(file, spec);
        if (!files.has(target)) {
          files.set(target, [...chain, target]);
          queue.push(target);
        }
      } else if (!packages.has(packageName(spec))) {
        packages.set(packageName(spec), [...chain, spec]);
      }
    }
  }
  return { files, packages };
}

const rel = (chain: string[]) => chain.map((f) => path.relative(ROOT, f) || f).join(' → ');

describe('the first download (docs/adr/0035)', () => {
  const { files, packages } = firstDownload(path.join(ROOT, 'src/main.tsx'));

  // docs/adr/0102: the landing and login pages come as chunks of their own, so a signed-in page,
  // which loads the first download too, does not carry them.
  it.each(['src/features/landing/LandingPage.tsx', 'src/features/session/LoginPage.tsx', 'src/features/session/GoogleSignInButton.tsx'])(
    'leaves out %s',
    (file) => {
      const chain = files.get(path.join(ROOT, file));
      expect(chain ? rel(chain) : undefined).toBeUndefined();
    },
  );

  it.each(LATER)('does not import %s', (name) => {
    const chain = packages.get(name);
    expect(chain ? rel(chain) : undefined).toBeUndefined();
  });

  it('takes from the contract only its zod-free modules', () => {
    const contract = [...files.keys()].filter((f) => f.startsWith(path.join(ROOT, 'contract') + path.sep));
    const withSchemas = contract.filter((f) => !/contract\/(constants|messages|time|towns|plain\/\w+)\.ts$/.test(f));
    expect(withSchemas.map((f) => rel(files.get(f)!))).toEqual([]);
  });

  // docs/adr/0036: the store's signed-in part and the dashboard's routes come at sign-in.
  it.each([
    'src/app/signedInPart.ts',
    'src/features/unread/unreadSlice.ts',
    'src/features/unread/NotificationBell.tsx',
    'src/features/chat/chatApi.ts',
    'src/features/events/eventsApi.ts',
    'src/features/notifications/notificationsApi.ts',
    'src/features/dashboard/DashboardRoutes.tsx',
    'src/features/events/eventRoutes.tsx',
    // The texts of signed-in screens: a plain module the entry shares with lazy chunks is put whole
    // into the first download (the socket's eventChanged check lives alone for that reason).
    'contract/plain/events.ts',
    'contract/plain/chat.ts',
    'contract/plain/notifications.ts',
    'contract/plain/channels.ts',
  ])('leaves %s for signed-in users', (file) => {
    const chain = files.get(path.join(ROOT, file));
    expect(chain ? rel(chain) : undefined).toBeUndefined();
  });

  it('still finds value imports (the check itself works)', () => {
    expect(packages.has('react-dom')).toBe(true);
    expect(packages.has('@reduxjs/toolkit')).toBe(true);
    expect(staticImports("import { a, type B } from 'x';\nimport type { C } from 'y';\nimport { type D } from 'z';\n")).toEqual(['x']);
  });
});

describe('contract/plain', () => {
  const dir = path.join(ROOT, 'contract/plain');
  it.each(readdirSync(dir).filter((f) => /\.ts$/.test(f) && !f.includes('.test.')))('%s imports no zod and no schema module', (name) => {
    const imports = staticImports(readFileSync(path.join(dir, name), 'utf8'));
    expect(imports.filter((spec) => !/^(\.\/\w+|\.\.\/(constants|messages|time))$/.test(spec))).toEqual([]);
  });
});

/*
 * docs/adr/0098: a signed-in page starts (the store's signed-in part, the socket's chat side, the
 * bell, the dashboard with its map) without zod; the contract's checkers load when a socket event,
 * an incomplete answer or a form needs them.
 */
describe('the signed-in start (docs/adr/0098)', () => {
  it.each([
    'src/app/signedInPart.ts',
    'src/features/chat/chatSocket.ts',
    'src/features/unread/NotificationBell.tsx',
    'src/features/dashboard/DashboardRoutes.tsx',
    'src/features/dashboard/DashboardHome.tsx',
    'src/features/map/EventMap.tsx',
    'src/features/events/find/FindEventPage.tsx',
    'src/features/chat/ChatPage.tsx',
  ])('%s does not import zod', (entry) => {
    const chain = firstDownload(path.join(ROOT, entry)).packages.get('zod');
    expect(chain ? rel(chain) : undefined).toBeUndefined();
  });
});
