#!/usr/bin/env bash
# Starts the production server for the end-to-end tests on a fresh data directory
# holding the demo operator and a second operator, "acme", for tenant-isolation tests.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf "${DATA_DIR:?}"
npx tsx scripts/e2e-seed.ts
exec node dist/server.mjs
