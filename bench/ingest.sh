#!/usr/bin/env bash
# The ingest API under a chain's load (docs/ingest.md#ingest-api), release build, the four
# services, the renderer and the gateway as their own processes (the distributed stack),
# the catalogue store on SQLite (BENCH_DATABASE_URL names a PostgreSQL server instead; a
# database is made there and dropped). bench/ingest.py drives it:
#
# 1. the demo chain: availability updates at BENCH_RATE a second for BENCH_SECONDS, each
#    seen on the JSON API and in the published page data (target p99 2 s);
# 2. the large chain of bench/large_bundle.py, its theaters and movies imported without
#    showtimes: one schedule call per theater (7 days, about 200,000 showtimes), all
#    committed (target 20 s) and published (target 60 s from the first call), with
#    svc-catalogue's peak resident memory (target under 300 MB); 10,000 availability
#    updates in one call (target 0.5 s); the same sales as the demo's (target p99 5 s).
#
#   bench/ingest.sh                     # release build
#   BIN_DIR=target/debug bench/ingest.sh
#   BENCH_RATE=50 BENCH_SECONDS=20 BENCH_KEEP=1 bench/ingest.sh   # keeps the logs
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/stack.sh
RATE=${BENCH_RATE:-200}
SECONDS_OF_SALES=${BENCH_SECONDS:-60}
STACK_PORT=18190
STACK_OPS_PORT=18191
SERVICES_PORT=18251
require_stack

work=$(mktemp -d)
databases=()
cleanup() {
    stop_stack
    for database in "${databases[@]}"; do
        psql "$BENCH_DATABASE_URL/postgres" -qc "DROP DATABASE IF EXISTS $database" >/dev/null 2>&1 || true
    done
    if [ -n "${BENCH_KEEP:-}" ]; then echo "bench: logs kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

url=http://127.0.0.1:$STACK_PORT
# The gateway's operations listener (OPS_ADDR): the detailed /readyz, with the snapshot.
ops_url=http://127.0.0.1:$STACK_OPS_PORT

wait_rendered() {
    for _ in $(seq 1 3000); do
        readiness | python3 -c 'import json, sys; sys.exit(0 if (json.load(sys.stdin).get("snapshot") or {}).get("rendered") else 1)' 2>/dev/null && return
        sleep 0.1
    done
    echo "bench: the site was not published in 300 s" >&2
    exit 1
}

# Sets `store` for chain $1: a fresh PostgreSQL database, or empty for the SQLite file in
# its data folder.
make_store() {
    store=
    if [ -n "${BENCH_DATABASE_URL:-}" ]; then
        local database=bench_ingest_$1_$$
        psql "$BENCH_DATABASE_URL/postgres" -qc "CREATE DATABASE $database" >/dev/null
        databases+=("$database")
        store=$BENCH_DATABASE_URL/$database
    fi
}

# Starts the stack on site $1 (already in the store $2: empty for SQLite) and waits until
# it is published.
start() {
    start_stack "$1" ${2:+DATABASE_URL=$2} SITE_DIR= SITE_ID="$1"
    wait_rendered
}

# Imports bundle $2 as site $1 into store $3 and prints a new ingest key for it.
prepare() {
    local site=$1 bundle=$2 store=$3
    mkdir -p "$work/data-$site"
    env ${store:+DATABASE_URL=$store} DATA_DIR="$work/data-$site" "$BIN_DIR/svc-catalogue" import "$bundle" "$site" >/dev/null
    env ${store:+DATABASE_URL=$store} DATA_DIR="$work/data-$site" "$BIN_DIR/svc-catalogue" keys create "$site" bench | tail -n 1
}

results=$work/results
: >"$results"

make_store demo
key=$(prepare demo site/demo "$store")
start demo "$store"
echo "demo: $RATE updates/s for $SECONDS_OF_SALES s" >&2
python3 bench/ingest.py sales "$url" "$key" "$RATE" "$SECONDS_OF_SALES" | sed 's/^/demo_/' >>"$results"
stop_stack

python3 bench/large_bundle.py "$work/large" 300 150 0 >&2
make_store large
key=$(prepare large "$work/large" "$store")
start large "$store"
catalogue_pid=${stack_pids[0]}
echo "large: importing the schedules" >&2
python3 bench/ingest.py import "$url" "$key" "$ops_url" | sed 's/^/large_/' >>"$results"
echo "large_catalogue_peak_mib $(peak_mib "$catalogue_pid")" >>"$results"
echo "large: bulk updates" >&2
python3 bench/ingest.py bulk "$url" "$key" | sed 's/^/large_/' >>"$results"
echo "large: $RATE updates/s for $SECONDS_OF_SALES s" >&2
python3 bench/ingest.py sales "$url" "$key" "$RATE" "$SECONDS_OF_SALES" | sed 's/^/large_/' >>"$results"
echo "large_catalogue_peak_mib_after_sales $(peak_mib "$catalogue_pid")" >>"$results"
stop_stack

python3 - "$results" <<'PY'
import sys
figures = dict(line.split(" ", 1) for line in open(sys.argv[1]).read().split("\n") if line)
def show(name, target=None, unit=""):
    value = figures.get(name, "-")
    verdict = ""
    if target is not None and value not in ("-", "nan"):
        verdict = "ok" if float(value) <= target else "MISSED"
    print(f"{name:40s} {value:>10s} {unit:3s} {'' if target is None else f'target {target:g}':14s} {verdict}")
print("figure                                        value     target")
# (figure, target, unit) in the order shown; figures without a target are context.
for chain, seen_target in (("demo", 2), ("large", 5)):
    rows = [("sales_updates", None, ""), ("sales_call_p99_ms", None, "")]
    if chain == "large":
        rows = [("import_theaters", None, ""), ("import_showtimes", None, ""),
                ("import_committed_s", 20, "s"), ("import_published_s", 60, "s"),
                ("catalogue_peak_mib", 300, "MiB"), ("bulk_call_ms", 500, "ms")] + rows
    for source in ("api", "page_data"):
        rows += [(f"sales_{source}_seen", None, ""), (f"sales_{source}_never_seen", None, ""),
                 (f"sales_{source}_p99_s", seen_target, "s")]
    if chain == "large":
        rows.append(("catalogue_peak_mib_after_sales", 300, "MiB"))
    for name, target, unit in rows:
        show(f"{chain}_{name}", target, unit)
PY
