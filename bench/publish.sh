#!/usr/bin/env bash
# Publishing time and memory: the gateway (release build, `--embedded`, its renderer as a
# child) publishes the demo chain and then a generated large chain (bench/large_bundle.py:
# 300 theaters, 150 movies, 14 days). For each it prints the cold publish (every page
# rendered), the publish after one movie's synopsis changes (only that movie's pages and
# the lists that show it are rendered again), the number of pages and files, and the
# resident memory (RSS) of the gateway and of the renderer, as /readyz and /proc show them.
#
#   bench/publish.sh                     # release build
#   GATEWAY_BIN=target/debug/gateway bench/publish.sh
set -euo pipefail
cd "$(dirname "$0")/.."

GATEWAY_BIN=${GATEWAY_BIN:-target/release/gateway}
PORT=18090

for tool in curl python3 node; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is required" >&2; exit 1; }
done
[ -x "$GATEWAY_BIN" ] || { echo "bench: $GATEWAY_BIN is not built (cargo build --release -p gateway)" >&2; exit 1; }
[ -f web/dist-server/entry-server.js ] || { echo "bench: the web app is not built (make web)" >&2; exit 1; }

work=$(mktemp -d)
gateway_pid=
cleanup() {
    [ -n "$gateway_pid" ] && kill "$gateway_pid" 2>/dev/null || true
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

measure() {
    local name=$1 site=$2
    GATEWAY_ADDR=127.0.0.1:$PORT SITE_DIR=$site WEB_DIST=web/dist DATA_DIR=$work/data-$name \
        CATALOGUE_RELOAD_MS=500 LOG_FORMAT=json RUST_LOG=warn \
        "$GATEWAY_BIN" --embedded >"$work/gateway-$name.log" 2>&1 &
    gateway_pid=$!
    local cold
    cold=$(wait_published none)
    local renderer_pid
    renderer_pid=$(pgrep -P "$gateway_pid" node || true)
    local gateway_rss renderer_rss
    gateway_rss=$(rss_mib "$gateway_pid")
    renderer_rss=$([ -n "$renderer_pid" ] && rss_mib "$renderer_pid" || echo "-")

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
    local gateway_rss_after
    gateway_rss_after=$(rss_mib "$gateway_pid")
    python3 - "$name" "$cold" "$changed" "$movie" "$gateway_rss" "$gateway_rss_after" "$renderer_rss" <<'PY'
import json, sys
name, cold, changed, movie, rss, rss_after, renderer_rss = sys.argv[1:]
cold, changed = json.loads(cold)["snapshot"], json.loads(changed)["snapshot"]
print(f"{name}: {cold['pages']} pages, {cold['files']} files")
print(f"  cold publish          {cold['publishMs'] / 1000:7.1f} s   pages rendered {cold['pagesRendered']}")
print(f"  movie {movie} changed  {changed['publishMs'] / 1000:7.1f} s   pages rendered {changed['pagesRendered']}")
print(f"  RSS gateway {rss} MiB after the cold publish, {rss_after} MiB after the change; renderer {renderer_rss} MiB")
PY
    kill "$gateway_pid"
    wait "$gateway_pid" 2>/dev/null || true
    gateway_pid=
}

cp -r site/demo "$work/demo"
measure demo "$work/demo"
python3 bench/large_bundle.py "$work/large" >/dev/null
measure large "$work/large"
