import type { Config } from 'jest';

/** ts-jest compiles TypeScript to CommonJS for jest; type checking is `npm run typecheck`'s job. */
const tsJest: [string, Record<string, unknown>] = [
  'ts-jest',
  {
    diagnostics: false,
    tsconfig: { allowJs: true, isolatedModules: true, module: 'commonjs', moduleResolution: 'node10', jsx: 'react-jsx', esModuleInterop: true, verbatimModuleSyntax: false },
  },
];

/** ESM-only packages jest (on Node 20) must compile to CommonJS; Node itself loads them natively. */
const ESM_PACKAGES = ['cookie', 'rettime', 'until-async', '@open-draft/deferred-promise', 'kdbush', 'geokdbush', 'tinyqueue', 'supercluster'];

const base = {
  transform: { '^.+\\.(t|j)sx?$': tsJest, '^.+\\.mjs$': tsJest },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`],
  moduleNameMapper: { '^@contract/(.*)$': '<rootDir>/contract/$1' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

const server = {
  ...base,
  displayName: 'server',
  testEnvironment: 'node',
  roots: ['<rootDir>/server', '<rootDir>/contract', '<rootDir>/bench'],
  testMatch: ['**/*.test.ts'],
  // `*.pg.test.ts` need PostgreSQL and Redis (several processes sharing them): server-pg only.
  testPathIgnorePatterns: ['/node_modules/', '\\.pg\\.test\\.ts$'],
  globalSetup: '<rootDir>/server/test/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/global-teardown.ts',
};

const config: Config = {
  projects: [
    {
      ...base,
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      moduleNameMapper: {
        '^(.*)/config/env$': '<rootDir>/src/config/env.jest.ts',
        // jsdom has no WebGL: the map renders through a stub (src/test/mapLibreStub.tsx).
        '^(react-map-gl/maplibre|maplibre-gl)$': '<rootDir>/src/test/mapLibreStub.tsx',
        '^@contract/(.*)$': '<rootDir>/contract/$1',
        '\\.(css|svg|png|mp3|wav)$': '<rootDir>/src/test/fileStub.ts',
        '\\?url$': '<rootDir>/src/test/fileStub.ts',
      },
      setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
    },
    server,
    // With DATABASE_URL (and REDIS_URL) set, the same server suites run again on the real servers.
    ...(process.env.DATABASE_URL
      ? [{ ...server, displayName: 'server-pg', testPathIgnorePatterns: ['/node_modules/'], setupFiles: ['<rootDir>/server/test/engine-postgres.ts'] }]
      : []),
    {
      ...base,
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.ts'],
      // Without Chromium the suites are skipped (with one line at the end), under CI=true they fail (docs/adr/0079).
      setupFilesAfterEnv: ['<rootDir>/e2e/setup.ts'],
    },
  ],
  testTimeout: 60000,
  reporters: ['default', '<rootDir>/scripts/summary-reporter.cjs'],
};

export default config;
