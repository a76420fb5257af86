#!/usr/bin/env bash
# Installs, builds when no build exists, and starts the app on the embedded
# database with the demo operator at http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
. scripts/install.sh
install_locked
if [ ! -f .next/BUILD_ID ] || [ ! -f dist/server.mjs ]; then
  npm run build
fi
if [ -z "${SMTP_URL:-}" ] && [ -z "${DEV_OUTBOX:-}" ]; then
  # No mail server configured: show sign-in codes at /api/dev/outbox so the demo can be tried.
  export DEV_OUTBOX=1
  echo "No SMTP_URL set: sign-in codes are listed at http://localhost:${PORT:-3000}/api/dev/outbox"
fi
if [ -z "${SECRETS_KEY:-}" ]; then
  # The demo only: the server generates a secrets key into the data directory (mode 600) and says so.
  export SECRETS_KEY_AUTO=1
fi
NODE_ENV=production exec node dist/server.mjs
