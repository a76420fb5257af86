import { z } from 'zod';

/** The only reader of process.env. Bad values stop start-up with a message naming them. */
const hostName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9.-]+$/, 'must be a bare host name such as example.com (no scheme, port or path)');

const optionalUrl = z.string().url().optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** The offline place index, built from the place packages by `npm run build` (or at start when missing or out of date). */
  PLACE_INDEX_FILE: z.string().min(1).default('.next/cache/place-index.bin'),
  /** `off`: the place index is read on its first use instead of before listening (bench/memory.mjs's server without it). */
  PLACE_INDEX_PRELOAD: z.enum(['on', 'off']).default('on'),
  /** A new embedded database is loaded from this migrated cluster (lib/db/template.ts), built by `npm run build`. */
  PGLITE_TEMPLATE_FILE: z.string().min(1).default('.next/cache/pglite-template.tar.gz'),
  /** How often each instance looks for due jobs (trip messages, pickup reminders, invoices), in ms. */
  JOB_POLL_MS: z.coerce.number().int().min(200).max(600_000).default(5_000),
  /** Jobs one instance runs at once (offer rounds of different rides side by side); default 4 on PostgreSQL, 2 on PGlite. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(8).optional(),
  /**
   * Connections of the main PostgreSQL pool per instance. Under load most of a connection's time is spent
   * waiting on this process's event loop between a transaction's statements, not in the database: with 10,
   * offer rounds waited about 55 ms for a connection in bench/dispatch.mjs, with 20 about 15 ms.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(20),
  /**
   * PGlite's shared buffers in MiB (PostgreSQL's shared_buffers; PGlite's own default is 128). PGlite keeps them in
   * its WebAssembly memory, which never shrinks, so the pages they have held stay resident: 16 saved 138 MiB of
   * RSS under bench/memory.mjs with the same p99s (docs/architecture/memory.md). Ignored with DATABASE_URL.
   */
  PGLITE_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
  /** Benches: a file PGlite's per-statement counts and times are written to every 2 s (lib/db/statement-stats.ts). */
  PGLITE_STATEMENT_STATS: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  MAIN_HOST: hostName.optional(),
  TRAVEL_HOST: hostName.default('localhost'),
  AGGREGATOR_HOST: hostName.optional(),
  /** The platform's own host: its sales page, operator signup and operator login (default platform.{TRAVEL_HOST}). */
  PLATFORM_HOST: hostName.optional(),
  /** The platform's name, shown on its host and in signup e-mails. */
  PLATFORM_NAME: z.string().trim().min(1).max(60).default('Travelsx'),
  /** Key that seals operators' integration secrets (AES-256-GCM): 64 hex characters or 44 base64 characters (32 bytes). */
  SECRETS_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex characters or 44 base64 characters')
    .optional(),
  /** The key SECRETS_KEY replaced (same form): secrets still open under it and are resealed under SECRETS_KEY at start (lib/hosting/integrations.ts). */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 bytes as 64 hex characters or 44 base64 characters')
    .optional(),
  /** 1 (the demo start, scripts/start.sh): without SECRETS_KEY, a key generated into DATA_DIR/secrets.key (mode 600) and reused; production refuses to start without either. */
  SECRETS_KEY_AUTO: z.enum(['0', '1']).optional(),
  /** DNS servers for domain verification ("127.0.0.1:5353,8.8.8.8"); default: the system resolver's. */
  DNS_SERVERS: z
    .string()
    .regex(/^[0-9a-fA-F.:[\],]+$/, 'must be a comma-separated list of IP addresses with optional ports')
    .optional(),
  /** How long one TXT lookup may take before it counts as a timeout (ms). */
  DNS_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(4000),
  DEFAULT_TENANT: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a lower-case slug')
    .default('demo'),
  PUBLIC_ORIGIN_SCHEME: z.enum(['http', 'https']).optional(),
  /** How many proxies in front append to X-Forwarded-For (0: none); the client address is that many entries from its right. */
  TRUST_PROXY: z.coerce.number().int('must be the number of proxies in front (0-5)').min(0).max(5).default(0),
  /** A port of its own for Prometheus metrics (GET /metrics); unset: no metrics listener. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Interface of the metrics listener: loopback unless a scraper on another host needs it. */
  METRICS_HOSTNAME: z.string().default('127.0.0.1'),
  /** How long a SIGTERM waits for requests in flight before cutting connections (ms). */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** /api/ready answers 503 while the disk of DATA_DIR has less free space than this (MiB): a full disk fails every write. */
  READY_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(256),
  /** New bookings are refused (503) while the disk of DATA_DIR has less free space than this (MiB), PGlite only; 0: never (lib/db/free-space.ts). */
  BOOKING_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(128),
  /**
   * A database call unanswered, or a main thread stopped, this long (ms) ends the process for its supervisor to restart;
   * after a third of it API requests get 503. 0: off (lib/db/watchdog.ts).
   */
  DB_WATCHDOG_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** off: no request limits (codes, bookings, leads, tracking); for load tests only. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  /** Days unbooked quotes and anonymous web chat sessions are kept before the daily purge deletes them (lib/jobs/retention.ts). */
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Messages (SMS, WhatsApp, e-mail) one operator may send in 24 hours; a quarter of it in any hour (lib/messaging/budget.ts). */
  MESSAGE_DAILY_CAP: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** Per-operator exceptions to MESSAGE_DAILY_CAP: "slug=number" pairs, comma-separated ("acme=5000,demo=200"). */
  MESSAGE_DAILY_CAPS: z
    .string()
    .regex(/^\s*[a-z0-9-]+\s*=\s*\d+\s*(,\s*[a-z0-9-]+\s*=\s*\d+\s*)*$/, 'must be slug=number pairs separated by commas, e.g. acme=5000,demo=200')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: optionalUrl,
  SMTP_FROM: z.string().optional(),
  DEV_OUTBOX: z.enum(['0', '1']).optional(),
  SMS_HTTP_URL: optionalUrl,
  SMS_HTTP_TOKEN: z.string().optional(),
  NEXT_PUBLIC_GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** The open map's MapLibre style without a Google key (default OpenFreeMap); `off` for the sketch only (lib/maps/open-map.ts). */
  MAP_STYLE_URL: z.string().optional(),
  /** More origins the open map's tiles, glyphs and sprites come from (space separated). */
  MAP_CONNECT_ORIGINS: z.string().optional(),
  /** Server-side key for Routes, Places and Geocoding (never sent to browsers). */
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** OpenAI-compatible chat API (base URL ending before /chat/completions); all three or none. */
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** WhatsApp Cloud API: the webhook and replies work only when token, app secret, verify token and phone number id are all set. */
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, 'must be the numeric phone number id').optional(),
  WHATSAPP_API_BASE: z.string().url().default('https://graph.facebook.com/v21.0'),
  /** Web Push VAPID keys (base64url, both or neither); without them a pair is generated into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Push endpoints accepted besides the public push services' (host or host:port, comma-separated), e.g. a self-hosted push service; they may be on private addresses. */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.:[\]-]+(,[A-Za-z0-9.:[\]-]+)*$/, 'must be host or host:port entries separated by commas')
    .optional(),
  /** Contact for push services: a mailto: address or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https: URL')
    .optional(),
  /** PayU hosted checkout: card payments are offered only when key and salt are both set. */
  PAYU_KEY: z.string().optional(),
  PAYU_SALT: z.string().optional(),
  PAYU_MODE: z.enum(['test', 'live']).default('test'),
  /** Overrides PayU's postservice: verify_payment (an operator's Test connection) and cancel_refund_transaction (refunds); a local stand-in in tests. */
  PAYU_VERIFY_URL: optionalUrl,
  /** Overrides the checkout form's action (a local stand-in in tests). */
  PAYU_ENDPOINT: optionalUrl,
  /** Flight status for airport rides: the provider and its key (both needed); an operator's own key (Integrations) wins. */
  FLIGHT_STATUS_PROVIDER: z.enum(['aerodatabox', 'flightaware']).optional(),
  FLIGHT_STATUS_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  /** Overrides the provider's API base URL (a local stand-in in tests). */
  FLIGHT_STATUS_API_BASE: optionalUrl,
  FLIGHT_STATUS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8_000),
  /**
   * Bearer token of the platform's own wallet route (POST /api/platform/wallet-entries:
   * payouts to and settlements from operators); the route answers 404 while it is unset.
   */
  PLATFORM_ADMIN_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * TEST ONLY, off by default, refused with NODE_ENV=production: this process
   * deletes the nth booking it creates right after creating it and still
   * answers it 201, so bench/faults.mjs and bench/rolling.mjs can be seen to
   * catch a lost acknowledged booking (lib/rides/test-drop.ts).
   */
  TEST_DROP_BOOKING: z.coerce.number().int().min(1).optional(),
});

export type Env = z.infer<typeof envSchema>;

function blankToUndefined(source: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(source).map(([k, v]) => [k, v === '' ? undefined : v]));
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(blankToUndefined(source));
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  if (result.data.TEST_DROP_BOOKING && result.data.NODE_ENV === 'production') {
    throw new Error('Invalid environment:\n  TEST_DROP_BOOKING: deletes a booking on purpose, for tests only; refused with NODE_ENV=production');
  }
  return result.data;
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Resets the cache (tests change process.env between cases). */
export function resetEnvForTests(): void {
  cached = undefined;
}
