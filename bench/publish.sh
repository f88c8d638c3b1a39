#!/usr/bin/env bash
# Publishing time and memory: the gateway (release build) publishes the demo chain and then
# a generated large chain (bench/large_bundle.py: 300 theaters, 150 movies, 14 days). The
# services and the renderer run as their own processes, as in the distributed stack, so
# the gateway's memory is its own (svc-catalogue holds the whole catalogue). For each chain
# it prints the cold publish (every page rendered), the publish after one movie's synopsis
# changes (only that movie's pages and the lists that show it are rendered again), the
# publish after the theme's primary colour is changed in the studio (saved to the draft and
# published by the first operator, bench/theme_publish.py: every page carries the theme's
# style sheet, which one page's rendering gives and the others take in their last HTML,
# docs/publishing.md#rendering), timed from the publish call to its revision served
# and to every page of it rendered, the number of pages and files, and the resident memory of the gateway (now and at its peak),
# svc-catalogue and the renderer, as the gateway's detailed /readyz (on its operations
# listener, OPS_ADDR) and /proc show them.
#
#   bench/publish.sh                     # release build
#   BIN_DIR=target/debug bench/publish.sh
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/stack.sh
STACK_PORT=18090
STACK_OPS_PORT=18091
SERVICES_PORT=18151
require_stack

work=$(mktemp -d)
cleanup() {
    stop_stack
    rm -rf "$work"
}
trap cleanup EXIT

# Waits until the snapshot is rendered and its revision is not $1; prints the detailed
# /readyz (the operations listener's).
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

measure() {
    local name=$1 site=$2
    start_stack "$name" SITE_DIR="$site" CATALOGUE_RELOAD_MS=500
    local catalogue_pid=${stack_pids[0]} renderer_pid=${stack_pids[5]} gateway_pid=${stack_pids[6]}
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

    # The theme, as staff change it: saved to the site's draft in the studio and
    # published, timed from the publish call to the public site serving it.
    local themed theme_times
    theme_times=$(python3 bench/theme_publish.py "http://127.0.0.1:$STACK_PORT" \
        "http://127.0.0.1:$STACK_OPS_PORT" "$STUDIO_URL" \
        "$DATA_DIR/studio/first-operator.url" "$name" "#0A7E8C")
    themed=$(readiness)
    gateway_peak=$(peak_mib "$gateway_pid")
    catalogue_rss=$(rss_mib "$catalogue_pid")
    renderer_rss=$(rss_mib "$renderer_pid")
    python3 - "$name" "$cold" "$changed" "$movie" "$gateway_rss" "$gateway_rss_after" "$gateway_peak" "$catalogue_rss" "$renderer_rss" "$themed" "$theme_times" <<'PY'
import json, sys
name, cold, changed, movie, rss, rss_after, peak, catalogue_rss, renderer_rss, themed, theme_times = sys.argv[1:]
theme_times = json.loads(theme_times)
cold, changed, themed = (json.loads(answer)["snapshot"] for answer in (cold, changed, themed))
print(f"{name}: {cold['pages']} pages, {cold['files']} files")
print(f"  cold publish          {cold['publishMs'] / 1000:7.1f} s   pages rendered {cold['pagesRendered']}")
print(f"  movie {movie} changed  {changed['publishMs'] / 1000:7.1f} s   pages rendered {changed['pagesRendered']}")
print(f"  theme published       {themed['publishMs'] / 1000:7.1f} s   pages rendered {themed['pagesRendered']}; "
      f"the studio's publish answered in {theme_times['publishAnsweredMs'] / 1000:.1f} s, "
      f"its revision served {theme_times['servedMs'] / 1000:.1f} s after it was sent, "
      f"every page rendered {theme_times['renderedMs'] / 1000:.1f} s after")
print(f"  snapshot {cold['bytes'] / 2**20:.0f} MiB in all encodings")
print(f"  RSS gateway {rss} MiB after the cold publish, {rss_after} MiB after the change, {peak} MiB at its peak")
print(f"  RSS svc-catalogue {catalogue_rss} MiB, renderer {renderer_rss} MiB")
PY
    stop_stack
}

cp -r site/demo "$work/demo"
measure demo "$work/demo"
python3 bench/large_bundle.py "$work/large" >/dev/null
measure large "$work/large"
