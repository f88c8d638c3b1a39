#!/usr/bin/env bash
# The contract fuzzer against the running gateway: starts `gateway --embedded` on a free
# loopback port with the demo chain, waits until it is ready, runs schemathesis (pinned,
# in .venv: scripts/setup.sh) with every check (schemathesis.toml) against the OpenAPI document the gateway
# serves (the ingest API with the demo's key, then again without a key; the studio's
# calls on the studio's host, as its own pages send them), and stops the gateway. Fails
# on any failure the fuzzer finds.
set -euo pipefail
cd "$(dirname "$0")/../.."

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
log=$(mktemp -t api-fuzz-gateway.XXXXXX.log)
data=$(mktemp -d -t api-fuzz-data.XXXXXX)
GATEWAY_ADDR="127.0.0.1:$port" PUBLIC_URL="$base" DATA_DIR="$data" RUST_LOG=warn \
    target/debug/gateway --embedded >"$log" 2>&1 &
gateway=$!
trap 'kill "$gateway" 2>/dev/null; wait "$gateway" 2>/dev/null; rm -rf "$data"' EXIT

for _ in $(seq 1 120); do
    curl -sf "$base/readyz" >/dev/null && break
    kill -0 "$gateway" 2>/dev/null || { cat "$log"; echo "api-fuzz: the gateway exited" >&2; exit 1; }
    sleep 1
done
curl -sf "$base/readyz" >/dev/null || { cat "$log"; echo "api-fuzz: the gateway did not become ready" >&2; exit 1; }

# The ingest API is fuzzed with the demo's key, as a point of sale calls it.
key=$(cat "$data/ingest/demo.key")

# One worker: on CPython 3.11 ast.parse is not thread-safe, and hypothesis parses the
# source of its lambdas while the workers draw ("AST constructor recursion depth mismatch").
.venv/bin/schemathesis --config-file tools/schemathesis/schemathesis.toml run \
    "$base/api/v1/openapi.json" --url "$base" --workers 1 --no-color \
    --header "Authorization: Bearer $key" --exclude-tag studio

# The studio answers only on its host (make run's studio.localhost), and a change only
# with the studio's Origin. The document is read from the site's host, before.
curl -sf "$base/api/v1/openapi.json" -o "$data/openapi.json"
.venv/bin/schemathesis --config-file tools/schemathesis/schemathesis.toml run \
    "$data/openapi.json" --url "$base" --workers 1 --no-color \
    --header "Host: studio.localhost" --header "Origin: http://studio.localhost:$port" \
    --include-tag studio

# And as a stranger: the ingest API without a key, every check on, none of the
# exceptions above. Every call, whatever its body, is refused 401 before the body is read
# (docs/operations.md#threat-model).
sed '/^\[\[operations\]\]/,$d' tools/schemathesis/schemathesis.toml >"$data/stranger.toml"
.venv/bin/schemathesis --config-file "$data/stranger.toml" run \
    "$base/api/v1/openapi.json" --url "$base" --workers 1 --no-color \
    --include-path-regex '^/api/v1/ingest/'
