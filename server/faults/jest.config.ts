import path from 'node:path';
import type { Config } from 'jest';
import base from '../../jest.config';

/**
 * `npm run test:faults`: scripted outages against real processes (own throwaway PostgreSQL/Redis,
 * spawned servers). Every `server/faults/**\/*.fault.ts` is picked up; each test prints its figures.
 */
const server = (base.projects as Config[]).find((p) => (p as { displayName?: string }).displayName === 'server')!;

const config: Config = {
  rootDir: path.resolve(__dirname, '../..'),
  projects: [
    {
      ...server,
      rootDir: path.resolve(__dirname, '../..'),
      displayName: 'faults',
      roots: ['<rootDir>/server/faults'],
      testMatch: ['**/*.fault.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      globalSetup: undefined,
      globalTeardown: undefined,
    },
  ],
  testTimeout: 180_000,
};

export default config;
