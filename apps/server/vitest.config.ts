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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
