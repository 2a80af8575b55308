import { defineConfig } from 'vitest/config';

// One config, a project per package; `pnpm test` runs them all. Workspace packages resolve to
// their TypeScript sources (the `source` export condition), so tests never need a build first.
const conditions = ['source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: conditions } },
  test: {
    projects: [
      {
        resolve: { conditions },
        ssr: { resolve: { conditions, externalConditions: conditions } },
        test: {
          name: 'schema',
          root: './packages/schema',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions, externalConditions: conditions } },
        test: {
          name: 'server',
          root: './packages/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions, externalConditions: conditions } },
        test: {
          name: 'mock',
          root: './packages/mock',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions, externalConditions: conditions } },
        test: {
          name: 'sdk',
          root: './packages/sdk',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        resolve: { conditions },
        ssr: { resolve: { conditions, externalConditions: conditions } },
        test: {
          name: 'conformance',
          root: './tests/conformance',
          include: ['*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
