import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

// End-to-end tests run the production build in one server process on its own
// port, with a fresh embedded database (or DATABASE_URL's server when set), in
// the machine's Chromium: no browser download is possible or needed.
const port = 3107
const dataDir = join(mkdtempSync(join(tmpdir(), 'lainava-e2e-')), 'pglite')
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // The shared admin logs in once, before the specs (e2e/admin.setup.ts).
    { name: 'admin-login', testMatch: /admin\.setup\.ts$/ },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      dependencies: ['admin-login'],
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined },
      grep: /@mobile/,
      dependencies: ['admin-login'],
    },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The local mailbox: the tests read login codes from the outbox.
      DEV_MAILBOX: 'true',
      // Every simulated person logs in from this one machine: the login limits ×20 (local test sites only).
      LOGIN_LIMIT_FACTOR: '20',
      PUBLIC_URL: `http://localhost:${port}`,
      // Sandbox lenders answer within about 90 s instead of 15 minutes: offers arrive while a test watches.
      SANDBOX_DELAY_SCALE: '0.1',
      // The admin the admin pages' tests log in as (e2e/admin.spec.ts).
      ADMIN_EMAIL: 'e2e-admin@example.fi',
    },
  },
})
