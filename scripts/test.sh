#!/usr/bin/env bash
# Installs and runs every test: lint, type check, jest on PGlite (and on PostgreSQL
# when DATABASE_URL is set), then the Playwright suite against the production build.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

. scripts/install.sh
install_locked

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's chromium for the end-to-end tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The end-to-end tests need Debian's Chromium at /usr/bin/chromium: run 'sudo apt-get install chromium'." >&2
    exit 1
  fi
fi

if [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's nginx-light for the two-instance test (tests/e2e/cluster.spec.ts runs deploy/nginx/travelsx.conf)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx-light >/dev/null 2>&1 \
      || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends nginx >/dev/null
  else
    echo "The two-instance test (tests/e2e/cluster.spec.ts) needs nginx: run 'sudo apt-get install nginx-light'." >&2
    exit 1
  fi
fi

if [ ! -x /usr/bin/wrk ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's wrk for the perf tripwire (bench/tripwire.mjs)"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wrk >/dev/null
  else
    echo "The perf tripwire (bench/tripwire.mjs) needs wrk: run 'sudo apt-get install wrk'." >&2
    exit 1
  fi
fi

if ! command -v java >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "== installing Debian's Java for the HTML validator (vnu-jar) in the end-to-end tests"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless >/dev/null
  else
    echo "The HTML validation (tests/e2e/html-validity.spec.ts) needs Java: run 'sudo apt-get install default-jre-headless'." >&2
    exit 1
  fi
fi

# Each stage prints how long the run has taken so far.
stage() { echo "== $1 (${SECONDS} s in)"; }

stage "lint"
npx eslint .
npx prettier --check . >/dev/null || { npx prettier --check . ; echo "Formatting differs: run npm run format" >&2; exit 1; }
node scripts/check-cycles.mjs
node scripts/check-doc-refs.mjs
npx knip --no-progress
stage "type check"
npx next typegen >/dev/null
npx tsc --noEmit
stage "unit and integration tests (PGlite)"
# two workers on two cores: jest's default (cores - 1) ran the suites one at a time (877 s in CI; 522 s with two)
NODE_OPTIONS=--experimental-vm-modules npx jest --maxWorkers=2
if [ -n "${DATABASE_URL:-}" ]; then
  # Only the suites that open a database run again: the others would prove nothing new.
  stage "integration tests (PostgreSQL)"
  # the suites on a database, and those that run only on PostgreSQL (socket.io's adapter across instances)
  mapfile -t DB_SUITES < <(grep -rlE "openTestDb|seedWorld|TEST_DATABASE_URL" tests/unit --include='*.test.ts' --include='*.test.tsx' | sort)
  TEST_DATABASE_URL="$DATABASE_URL" NODE_OPTIONS=--experimental-vm-modules npx jest --runInBand "${DB_SUITES[@]}"
fi
stage "production build"
npm run build
stage "perf tripwire (bench/tripwire.mjs: a few seconds of health, quote and a place page under wrk, ratios to bare Node and nginx in this run)"
node bench/tripwire.mjs 3
stage "first-load JavaScript budget (bench/app-js.mjs --check: the landing, the booking form and the console login within 150 kB gzipped)"
node bench/app-js.mjs --check
stage "end-to-end tests (Chromium; tests/e2e/html-validity.spec.ts validates ten page kinds with the Nu HTML checker)"
npx playwright test
stage "done"
