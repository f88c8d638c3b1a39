#!/usr/bin/env bash
# Many sites on one deployment (docs/architecture.md#sites): 50 generated sites of the demo
# chain's size (copies of site/demo, each named its own), served by one gateway (release
# build, `--embedded`, every bundle in one SITES_DIR, each site at {id}.localhost).
#
# - From cold: the time from the gateway's start (empty data folder: every site imported,
#   then published and rendered) until the detailed /readyz (on the gateway's operations
#   listener, OPS_ADDR) shows every site's pages rendered.
#   Target: 60 s or less.
# - Per Host, in the steady state (every file at its best Brotli): three of the sites
#   (the first, the middle, the last) on two paths ("/" and a movie page), the gateway
#   asked with the site's Host header against Debian's nginx serving the very same
#   bytes, with the same wrk (-t1 -c64 -d6s), rounds alternating.
#   Target: median throughput ratio >= 0.8.
#
#   bench/sites.sh                            # release build, 50 sites
#   BENCH_SITES=5 BENCH_SECONDS=2 BENCH_ROUNDS=1 GATEWAY_BIN=target/debug/gateway bench/sites.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/wrk.sh

SITES=${BENCH_SITES:-50}
GATEWAY_PORT=18080
NGINX_PORT=18081
# The gateway's operations listener (OPS_ADDR): the detailed /readyz, with every site.
OPS_PORT=18083
require /usr/sbin/nginx

work=$(mktemp -d)
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# The sites: chain-01 ... chain-50, each the demo chain under a name of its own.
make_chains "$work/sites" "$SITES"
first=chain-01
middle=chain-$(printf '%02d' $(((SITES + 1) / 2)))
last=chain-$(printf '%02d' "$SITES")

started=$(date +%s.%N)
GATEWAY_ADDR=127.0.0.1:$GATEWAY_PORT OPS_ADDR=127.0.0.1:$OPS_PORT \
    SITE_DIR="$work/sites/$first" SITES_DIR="$work/sites" \
    DATA_DIR="$work/data" WEB_DIST=web/dist LOG_FORMAT=json RUST_LOG=warn \
    "$GATEWAY_BIN" --embedded >"$work/gateway.log" 2>&1 &
pids+=($!)
# Every site named in the detailed /readyz with its pages rendered.
cold=""
for _ in $(seq 1 1800); do
    if curl -fs "http://127.0.0.1:$OPS_PORT/readyz" 2>/dev/null | python3 2>/dev/null -c '
import json, sys
sites = json.load(sys.stdin).get("sites", {})
sys.exit(0 if len(sites) == int(sys.argv[1]) and all(s["rendered"] for s in sites.values()) else 1)' "$SITES"; then
        cold=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$started" "$(date +%s.%N)")
        break
    fi
    sleep 0.1
done
[ -n "$cold" ] || { echo "bench: the $SITES sites were not all rendered in 180 s" >&2; tail -5 "$work/gateway.log" >&2; exit 1; }
echo "$SITES sites published and rendered from cold in $cold s (target <= 60)"
# Serving is measured in the steady state: once every file has its best Brotli (the
# background pass, one file at a time while the gateway is quiet).
settled=""
for _ in $(seq 1 1200); do
    if curl -fs "http://127.0.0.1:$OPS_PORT/readyz" 2>/dev/null | python3 2>/dev/null -c '
import json, sys
sites = json.load(sys.stdin).get("sites", {})
sys.exit(0 if sites and all(s["filesAwaitingBestBrotli"] == 0 for s in sites.values()) else 1)'; then
        settled=$(python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.0f}')" "$started" "$(date +%s.%N)")
        break
    fi
    sleep 0.5
done
[ -n "$settled" ] || { echo "bench: the best Brotli pass did not finish in 600 s" >&2; exit 1; }
echo "every file at its best Brotli $settled s after the start"

# The same bytes for nginx, one server per site's host name.
movie=$(curl -fs -H "Host: $first.localhost" "http://127.0.0.1:$GATEWAY_PORT/api/v1/movies?playWeek=CURRENT_PLAYWEEK" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["path"])')
paths=("/" "$movie")
servers=""
for site in "$first" "$middle" "$last"; do
    for path in "${paths[@]}"; do
        file="$work/root/$site$path"
        case "$path" in */) file="${file}index.html" ;; esac
        mkdir -p "$(dirname "$file")"
        curl -fs -H "Host: $site.localhost" "http://127.0.0.1:$GATEWAY_PORT$path" -o "$file"
    done
    servers="$servers server { listen 127.0.0.1:$NGINX_PORT; server_name $site.localhost; root $work/root/$site; }"
done
start_nginx "$servers"
for site in "$first" "$middle" "$last"; do
    for path in "${paths[@]}"; do
        cmp -s <(curl -fs -H "Host: $site.localhost" "http://127.0.0.1:$GATEWAY_PORT$path") \
            <(curl -fs -H "Host: $site.localhost" "http://127.0.0.1:$NGINX_PORT$path") \
            || { echo "bench: the two servers do not answer the same bytes for $site$path" >&2; exit 1; }
    done
done
grep -q "Chain ${last#chain-} Cinemas" "$work/root/$last/index.html" \
    || { echo "bench: $last.localhost is not its own site" >&2; exit 1; }

echo "sites per Host against nginx: wrk -t1 -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $ROUNDS rounds, $(nproc) cores"
printf '%-12s %-40s %5s %10s %8s %10s %8s\n' site path round "gw req/s" "gw p99" "nx req/s" "nx p99"
results="$work/results"
for site in "$first" "$middle" "$last"; do
    for path in "${paths[@]}"; do
        host=(-H "Host: $site.localhost")
        wrk -t1 -c"$CONNECTIONS" -d1s "${host[@]}" "http://127.0.0.1:$GATEWAY_PORT$path" >/dev/null
        wrk -t1 -c"$CONNECTIONS" -d1s "${host[@]}" "http://127.0.0.1:$NGINX_PORT$path" >/dev/null
        for round in $(seq 1 "$ROUNDS"); do
            read -r g_rps g_p99 < <(measure "http://127.0.0.1:$GATEWAY_PORT$path" "" "${host[@]}")
            read -r n_rps n_p99 < <(measure "http://127.0.0.1:$NGINX_PORT$path" "" "${host[@]}")
            printf '%-12s %-40s %5s %10s %8s %10s %8s\n' "$site" "$path" "$round" "$g_rps" "$g_p99" "$n_rps" "$n_p99"
            echo "$site$path $g_rps $g_p99 $n_rps $n_p99" >>"$results"
        done
    done
done
echo
summarise "$results" "site and path"
