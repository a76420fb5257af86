/**
 * A process for tests/unit/lib/db/watchdog.test.ts to watch die: it starts the
 * database watchdog with a short DB_WATCHDOG_MS (argv[3]), then does what argv[2] says.
 *   spin  a database call that never returns and blocks the thread (PGlite's WASM when its log could not grow)
 *   hang  a database call that never answers while the event loop runs (PostgreSQL gone quiet)
 *   block a main thread blocked with no database call in flight (the heartbeat alone)
 *   busy  quick calls for 2 s, then exits 0 by itself (no false alarm)
 */
import { startDatabaseWatchdog, trackDatabaseCall } from '@/lib/db/watchdog';

const [mode, limit] = process.argv.slice(2);
startDatabaseWatchdog(Number(limit));
process.stdout.write('started\n');

if (mode === 'spin') {
  // the call begins well after the last heartbeat (in a server it starts at
  // any point between two beats), so the main thread's silence reaches the
  // limit before the call's own wait does: the line must still name the call
  const beganAt = Date.now();
  while (Date.now() - beganAt < 150) Math.sqrt(Math.random());
  trackDatabaseCall(() => {
    for (;;) Math.sqrt(Math.random());
  });
} else if (mode === 'block') {
  for (;;) Math.sqrt(Math.random());
} else if (mode === 'hang') {
  void trackDatabaseCall(() => new Promise(() => undefined));
  setInterval(() => undefined, 1000);
} else {
  const until = Date.now() + 2_000;
  const tick = async () => {
    await trackDatabaseCall(() => new Promise((resolve) => setTimeout(resolve, 20)));
    if (Date.now() < until) setTimeout(() => void tick(), 10);
    else process.exit(0);
  };
  void tick();
}
