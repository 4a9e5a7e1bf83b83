import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // The screens are read as by a viewer in Moscow, whose times carry no ' МСК' (lib/date-time.test.ts
      // fakes the other zones).
      env: { TZ: 'Europe/Moscow' },
      // Only a hang guard: MUI in jsdom on a busy 2-core machine can take seconds for a dialog's first render.
      testTimeout: 120_000,
    },
  }),
);
