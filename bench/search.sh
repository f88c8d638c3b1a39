#!/usr/bin/env bash
# Site search under load: GET /api/v1/search through the gateway (release build,
# `--embedded`), wrk -t1 -c64 -d6s, three rounds, queries rotating through
# bench/search.lua; first on the demo chain, then on the large chain of
# bench/large_bundle.py (300 theaters, 150 movies). Prints requests/s and p99 per round
# and the median p99 of each chain against its target (demo 5 ms, large chain 20 ms).
#
#   bench/search.sh                        # release build
#   BENCH_SECONDS=3 BENCH_ROUNDS=1 GATEWAY_BIN=target/debug/gateway bench/search.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/wrk.sh

GATEWAY_PORT=18082
# The gateway's operations listener (OPS_ADDR): the detailed /readyz.
OPS_PORT=18084
require

work=$(mktemp -d)
gateway=
cleanup() {
    [ -n "$gateway" ] && kill "$gateway" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

python3 bench/large_bundle.py "$work/large" >/dev/null
echo "site search: wrk -t1 -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $ROUNDS rounds, $(nproc) cores"
printf '%-8s %5s %10s %8s\n' chain round "req/s" "p99 ms"
for chain in demo large; do
    site=site/demo
    [ "$chain" = large ] && site=$work/large
    GATEWAY_ADDR=127.0.0.1:$GATEWAY_PORT OPS_ADDR=127.0.0.1:$OPS_PORT SITE_DIR=$site WEB_DIST=web/dist \
        LOG_FORMAT=json RUST_LOG=warn "$GATEWAY_BIN" --embedded >"$work/gateway-$chain.log" 2>&1 &
    gateway=$!
    # Measured once publishing is over: it shares the two cores.
    wait_rendered "127.0.0.1:$OPS_PORT" 300
    url="http://127.0.0.1:$GATEWAY_PORT"
    curl -fs "$url/api/v1/search?q=velocity" | grep -q '"title":"Velocity"' \
        || { echo "bench: search does not find Velocity on the $chain chain" >&2; exit 1; }
    wrk -t1 -c"$CONNECTIONS" -d1s -s bench/search.lua "$url" >/dev/null
    for round in $(seq 1 "$ROUNDS"); do
        read -r rps p99 < <(measure "$url" bench/search.lua)
        printf '%-8s %5s %10s %8s\n' "$chain" "$round" "$rps" "$p99"
        echo "$chain $rps $p99" >>"$work/results"
    done
    kill "$gateway"
    wait "$gateway" 2>/dev/null || true
    gateway=
done
echo
python3 - "$work/results" <<'PY'
import statistics, sys
targets = {"demo": 5.0, "large": 20.0}
runs = {}
for line in open(sys.argv[1]):
    chain, rps, p99 = line.split()
    runs.setdefault(chain, []).append((float(rps), float(p99)))
print(f"{'chain':8} {'req/s':>10} {'p99 ms':>8} {'target':>8}  (median)")
for chain, rows in runs.items():
    rps = statistics.median(r for r, _ in rows)
    p99 = statistics.median(p for _, p in rows)
    verdict = "ok" if p99 <= targets[chain] else "MISSED"
    print(f"{chain:8} {rps:10.0f} {p99:8.2f} {targets[chain]:8.1f}  {verdict}")
PY
