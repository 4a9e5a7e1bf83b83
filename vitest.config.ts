import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's tests that need no browser.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
