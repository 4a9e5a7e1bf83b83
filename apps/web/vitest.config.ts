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
      // MUI in jsdom on a 2-core CI machine: the first render of a file can take seconds on its own.
      testTimeout: 20_000,
    },
  }),
);
