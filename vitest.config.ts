import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const contracts = fileURLToPath(new URL('./packages/contracts/src', import.meta.url));

// Tests run on the TypeScript sources: the contracts package resolves to src, not dist.
const resolve = {
  alias: [
    { find: /^@iot\/contracts$/, replacement: `${contracts}/index.ts` },
    { find: /^@iot\/contracts\/(.*)$/, replacement: `${contracts}/$1/index.ts` },
  ],
};

const integration = (name: string, db: string): TestProjectInlineConfiguration => ({
  resolve,
  test: {
    name,
    include: ['apps/server/src/**/*.db.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 5_000 } },
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'deploy/**/*.test.ts',
          ],
          exclude: ['**/*.db.test.ts', '**/node_modules/**'],
        },
      },
      integration('integration-sqlite', 'sqlite'),
      {
        resolve,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          env: { TEST_DB: 'sqlite' },
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A busy two-core machine renders slower than expect.poll's default second.
          expect: { poll: { timeout: 10_000 } },
          // One Chromium at a time on two cores.
          fileParallelism: false,
        },
      },
      // The PostgreSQL variant runs when TEST_DATABASE_URL points at a server (CI sets it).
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-postgres', 'postgres')] : []),
    ],
  },
});
