// Types of bench/cluster.mjs for tests/e2e/cluster.spec.ts.
export type Instance = {
  origin: string;
  child: import('node:child_process').ChildProcess;
  readyMs: number;
  stderr: () => string;
  kill: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: string | null }>;
};
export type NginxSite = { origin: string; dir: string; errorLog: () => string; reload: (ports: number[]) => Promise<void>; stop: () => Promise<void> };
export type Cluster = {
  databaseUrl: string;
  nginx: NginxSite;
  instances: (Instance | undefined)[];
  origins: string[];
  stopInstance: (i: number, signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: string | null }>;
  startInstance: (i: number) => Promise<Instance>;
  restart: (i: number) => Promise<{ stopMs: number; readyMs: number }>;
  stop: () => Promise<void>;
};
export function renderNginxSite(options: { listenPort: number; instancePorts: number[] }): string;
export function startNginxSite(options: { port: number; instancePorts: number[]; cpu?: number | null; workers?: number }): Promise<NginxSite>;
export function startCluster(options: {
  pgPort: number;
  nginxPort: number;
  instancePorts: number[];
  env?: Record<string, string>;
  cpu?: number | null;
  nginxCpu?: number | null;
  dbName?: string;
}): Promise<Cluster>;
// a JSON answer as the API sent it (each test reads the fields it asserts)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ApiAnswer = { status: number; json: any; headers: Headers };
export function apiClient(origin: string): (urlPath: string, options?: { method?: string; body?: unknown; cookie?: string; ip?: string }) => Promise<ApiAnswer>;
export function freePort(): Promise<number>;
/** dist/server.mjs on the caller's data directory; resolves when /api/health answers. */
export function launchServer(port: number, options: { dataDir: string; env?: Record<string, string>; timeoutMs?: number }): Promise<Instance>;
export function codeRequestOf(headers: Headers): string;
export function signInRider(origin: string, index: number, prefix?: string): Promise<string>;
export function benchTrip(): {
  rideType: string;
  tripKind: string;
  pickupLocation: { lat: number; lng: number; name: string };
  dropoffLocation: { lat: number; lng: number; name: string };
  pickupTime: string;
};
