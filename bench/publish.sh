#!/usr/bin/env bash
# Publishing time and memory: the gateway (release build) publishes the demo chain and then
# a generated large chain (bench/large_bundle.py: 300 theaters, 150 movies, 14 days). The
# services and the renderer run as their own processes, as in the distributed stack, so
# the gateway's memory is its own (svc-catalogue holds the whole catalogue). For each chain
# it prints the cold publish (every page rendered), the publish after one movie's synopsis
# changes (only that movie's pages and the lists that show it are rendered again), the
# number of pages and files, and the resident memory of the gateway (now and at its peak),
# svc-catalogue and the renderer, as /readyz and /proc show them.
#
#   bench/publish.sh                     # release build
#   BIN_DIR=target/debug bench/publish.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BIN_DIR=${BIN_DIR:-target/release}
PORT=18090
CATALOGUE_PORT=18151

for tool in curl python3 node; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is required" >&2; exit 1; }
done
for binary in gateway svc-catalogue svc-loyalty svc-ads svc-consent; do
    [ -x "$BIN_DIR/$binary" ] || { echo "bench: $BIN_DIR/$binary is not built (cargo build --release)" >&2; exit 1; }
done
[ -f web/dist-server/entry-server.js ] || { echo "bench: the web app is not built (make web)" >&2; exit 1; }

work=$(mktemp -d)
pids=()
cleanup() {
    [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

readiness() { curl -fs "http://127.0.0.1:$PORT/readyz" 2>/dev/null || true; }

# Waits until the snapshot is rendered and its revision is not $1; prints /readyz.
wait_published() {
    local before=$1
    for _ in $(seq 1 1800); do
        local ready
        ready=$(readiness)
        if [ -n "$ready" ] && python3 -c '
import json, sys
snapshot = json.loads(sys.argv[1]).get("snapshot") or {}
sys.exit(0 if snapshot.get("rendered") and snapshot.get("revision") != sys.argv[2] else 1)
' "$ready" "$before"; then
            echo "$ready"
            return
        fi
        sleep 0.1
    done
    echo "bench: nothing was published in 180 s" >&2
    exit 1
}

rss_mib() { awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }
peak_mib() { awk '/^VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }

measure() {
    local name=$1 site=$2
    export CATALOGUE_ADDR=127.0.0.1:$CATALOGUE_PORT LOYALTY_ADDR=127.0.0.1:$((CATALOGUE_PORT + 1))
    export ADS_ADDR=127.0.0.1:$((CATALOGUE_PORT + 2)) CONSENT_ADDR=127.0.0.1:$((CATALOGUE_PORT + 3))
    export RENDERER_ADDR=127.0.0.1:$((CATALOGUE_PORT + 4)) RENDERER_URL=http://127.0.0.1:$((CATALOGUE_PORT + 4))
    export DATA_DIR=$work/data-$name LOG_FORMAT=json RUST_LOG=warn
    SITE_DIR=$site CATALOGUE_RELOAD_MS=500 "$BIN_DIR/svc-catalogue" >"$work/catalogue-$name.log" 2>&1 &
    local catalogue_pid=$!
    pids=("$catalogue_pid")
    for service in svc-loyalty svc-ads svc-consent; do
        "$BIN_DIR/$service" >"$work/$service-$name.log" 2>&1 &
        pids+=($!)
    done
    node web/renderer/server.mjs >"$work/renderer-$name.log" 2>&1 &
    local renderer_pid=$!
    pids+=("$renderer_pid")
    GATEWAY_ADDR=127.0.0.1:$PORT SITE_DIR=$site WEB_DIST=web/dist ${GATEWAY_WRAP:-} "$BIN_DIR/gateway" >"$work/gateway-$name.log" 2>&1 &
    local gateway_pid=$!
    pids+=("$gateway_pid")
    local cold
    cold=$(wait_published none)
    local gateway_rss
    gateway_rss=$(rss_mib "$gateway_pid")

    local movie
    movie=$(python3 - "$site" <<'PY'
import json, sys
from pathlib import Path
file = Path(sys.argv[1]) / "movies.json"
movies = json.loads(file.read_text())
movies[0]["synopsis"] += " Now with a director's introduction."
file.write_text(json.dumps(movies, indent=2))
print(movies[0]["id"])
PY
)
    local revision
    revision=$(python3 -c 'import json, sys; print(json.loads(sys.argv[1])["snapshot"]["revision"])' "$cold")
    local changed
    changed=$(wait_published "$revision")
    local gateway_rss_after gateway_peak catalogue_rss renderer_rss
    gateway_rss_after=$(rss_mib "$gateway_pid")
    gateway_peak=$(peak_mib "$gateway_pid")
    catalogue_rss=$(rss_mib "$catalogue_pid")
    renderer_rss=$(rss_mib "$renderer_pid")
    python3 - "$name" "$cold" "$changed" "$movie" "$gateway_rss" "$gateway_rss_after" "$gateway_peak" "$catalogue_rss" "$renderer_rss" <<'PY'
import json, sys
name, cold, changed, movie, rss, rss_after, peak, catalogue_rss, renderer_rss = sys.argv[1:]
cold, changed = json.loads(cold)["snapshot"], json.loads(changed)["snapshot"]
print(f"{name}: {cold['pages']} pages, {cold['files']} files")
print(f"  cold publish          {cold['publishMs'] / 1000:7.1f} s   pages rendered {cold['pagesRendered']}")
print(f"  movie {movie} changed  {changed['publishMs'] / 1000:7.1f} s   pages rendered {changed['pagesRendered']}")
print(f"  snapshot {cold['bytes'] / 2**20:.0f} MiB in all encodings")
print(f"  RSS gateway {rss} MiB after the cold publish, {rss_after} MiB after the change, {peak} MiB at its peak")
print(f"  RSS svc-catalogue {catalogue_rss} MiB, renderer {renderer_rss} MiB")
PY
    kill "${pids[@]}"
    wait 2>/dev/null || true
    pids=()
}

cp -r site/demo "$work/demo"
measure demo "$work/demo"
python3 bench/large_bundle.py "$work/large" >/dev/null
measure large "$work/large"
