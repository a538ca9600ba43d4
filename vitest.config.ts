import { defineConfig } from 'vitest/config'

// Two projects: `unit` (pure code and components, no database) and `integration`
// (the API in-process against a real PostgreSQL: embedded, or DATABASE_URL when set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/**/src/**/*.test.ts',
            'apps/web/app/**/*.test.{ts,tsx}',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', 'packages/db/**'],
          environment: 'node',
          setupFiles: ['./scripts/vitest-setup.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/api/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
          // ADR 044: the scale-out test runs several server processes on one database, the
          // lock-order test two connections at once, and the out-of-connections test a role with a
          // connection limit, which the embedded PGlite (one process, one connection) cannot serve:
          // they run in the DATABASE_URL pass (.ci/run).
          exclude: [
            '**/node_modules/**',
            ...(process.env.DATABASE_URL
              ? []
              : [
                  'apps/api/src/test/scale-out.test.ts',
                  'apps/api/src/modules/marketplace/lock-order.test.ts',
                  'apps/api/src/test/out-of-connections.test.ts',
                ]),
          ],
          environment: 'node',
          setupFiles: ['./scripts/vitest-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
