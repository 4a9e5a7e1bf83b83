import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    // Tests run on the shared package's source, so that `npm test` needs no build first.
    alias: {
      '@registry/shared': fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/database-template.ts'],
    // Only a hang guard: no test waits on the clock, so a slow or busy machine is slower, never failing.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
