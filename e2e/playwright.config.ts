import { defineConfig } from '@playwright/test';
import { admin } from './fixtures';

const port = 3100;
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '.tmp/test-results',
  // One server, one database: tests run one after another.
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // Twice Playwright's default: a test also checks each screen it shows with axe-core, a second or two a
  // check on a two-core machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    headless: true,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; the tests never download a browser.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The built server (npm run test:e2e builds first), which also serves the built web app.
    command: 'node e2e/start-server.mjs',
    cwd: '..',
    url: `${baseURL}/api/v1/account`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      ADMIN_LOGIN: admin.login,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // Whatever the developer's shell points at, the tests use the embedded database and the mail outbox.
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  },
});
