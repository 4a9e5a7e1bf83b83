import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests that need no browser.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores, so a two-core machine ran every file one after
    // another: 5 min on PGlite. A server test file mostly waits on its own database (PGlite in its worker, or
    // PostgreSQL), so a worker a core halves that (3 min 15 s on a quiet two-core machine, docs/benchmarks.md).
    maxWorkers: '100%',
  },
});
