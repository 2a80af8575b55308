import { defineConfig } from 'vitest/config';

// One config, a project per package; `pnpm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'schema',
          root: './packages/schema',
          include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
