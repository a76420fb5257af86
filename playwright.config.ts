import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Other ports can be moved too, so two checkouts can run the suite side by side.
const SMTP_PORT = Number(process.env.SMTP_SINK_PORT ?? 2525);
const SMTP_HTTP_PORT = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2526);
const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 2530);

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'en-IN',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Pixel 7'], browserName: 'chromium' } }],
  webServer: [
    {
      command: 'npx tsx tests/e2e/support/smtp-sink.ts',
      port: SMTP_HTTP_PORT,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2000 },
    },
    {
      // the flight-status providers' stand-in (tests/e2e/flights.spec.ts connects the demo operator to it)
      command: 'npx tsx tests/e2e/support/flight-status-stand-in.ts',
      url: `http://127.0.0.1:${PORT + 12}/_requests`,
      reuseExistingServer: false,
      env: { FLIGHT_STAND_IN_PORT: String(PORT + 12) },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2000 },
    },
    {
      // PayU's stand-in: its checkout (PAYU_ENDPOINT) and its postservice (PAYU_VERIFY_URL: Test connection, card refunds)
      command: 'npx tsx tests/e2e/support/payu-stand-in.ts',
      url: `http://127.0.0.1:${GATEWAY_PORT}/_requests`,
      reuseExistingServer: false,
      env: { PAYU_STAND_IN_PORT: String(GATEWAY_PORT) },
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2000 },
    },
    {
      command: 'bash scripts/e2e-server.sh',
      url: `http://localhost:${PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      env: {
        PORT: String(PORT),
        DATA_DIR: '.data-e2e',
        NODE_ENV: 'production',
        TRAVEL_HOST: 'localhost',
        MAIN_HOST: 'main.localhost',
        AGGREGATOR_HOST: 'biz.localhost',
        DEV_OUTBOX: '1',
        // as the demo start: a secrets key generated into the fresh data directory (production refuses to start without one)
        SECRETS_KEY_AUTO: '1',
        LOG_LEVEL: 'warn',
        NEXT_TELEMETRY_DISABLED: '1',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        SMTP_FROM: 'no-reply@travelsx.test',
        DATABASE_URL: '',
        // The XSS lab (xss.spec.ts) books about 140 rides as one rider from one address, past the hourly
        // limits a real rider meets; the limits themselves are proven in jest (tests/unit/security/rate-limits.test.ts).
        RATE_LIMITS: 'off',
        // Card payments and refunds against PayU's stand-in (tests/e2e/support/payu-stand-in.ts, same key and salt there).
        PAYU_KEY: 'e2eKey',
        PAYU_SALT: 'e2eSalt',
        PAYU_ENDPOINT: `http://127.0.0.1:${GATEWAY_PORT}/_payment`,
        PAYU_VERIFY_URL: `http://127.0.0.1:${GATEWAY_PORT}/merchant/postservice.php?form=2`,
        // Own-domain verification asks the DNS stand-in of tests/e2e/platform.spec.ts (E2E_PORT + 11, UDP on loopback).
        DNS_SERVERS: `127.0.0.1:${PORT + 11}`,
        DNS_TIMEOUT_MS: '1500',
        PLATFORM_HOST: 'platform.localhost',
        // Flight status: no deployment key (the offline default); an operator that connects its own key is asked at the stand-in.
        FLIGHT_STATUS_API_BASE: `http://127.0.0.1:${PORT + 12}`,
      },
    },
  ],
});
