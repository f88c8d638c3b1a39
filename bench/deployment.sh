#!/usr/bin/env bash
# Published once, served everywhere (docs/publishing.md#published-once-served-everywhere),
# release build: 50 sites of the demo chain's size (chain-01 ... chain-50) and the large
# chain of bench/large_bundle.py in one svc-catalogue, two publishing gateways and three
# that only serve (GATEWAY_PUBLISHES=false, GATEWAY_CACHE_MB=BENCH_CACHE_MB), a private
# nats-server, the other services (svc-studio among them) and the renderer, each its own
# process.
# bench/deployment.py times:
#
# - every site stored and served by each gateway, from cold;
# - one catalogue change (a synopsis of chain-01): the renderer's own count of pages
#   against the pages the revision rendered (target: equal, each changed page rendered
#   once for the deployment), and when each serving gateway serves it (target <= 2 s);
# - a gateway started afterwards: every site served (target <= 5 s), nothing rendered;
# - every page of the large chain read once from that new gateway, each a cache miss
#   (target p99 <= 20 ms);
# - pages from the cache against nginx serving the same bytes, identity and Brotli,
#   wrk -t1 -c64 -d6s, rounds alternating (target median ratio >= 0.8);
# - each serving gateway's resident memory, having read every page of the large chain
#   and of chain-01 (target: under GATEWAY_CACHE_MB + 100 MB).
#
#   bench/deployment.sh                                  # release build
#   BENCH_SITES=3 BENCH_LARGE="20 10 3" BENCH_SECONDS=2 BENCH_ROUNDS=1 BIN_DIR=target/debug bench/deployment.sh
set -euo pipefail
cd "$(dirname "$0")/.."

. bench/stack.sh
GATEWAY_BIN=$BIN_DIR/gateway
. bench/wrk.sh
require_stack
require /usr/sbin/nginx nats-server
SITES=${BENCH_SITES:-50}
CACHE_MB=${BENCH_CACHE_MB:-64}
NATS_PORT=18322
SERVICES_PORT=18351
NGINX_PORT=18329
PUBLISHER_PORTS=(18301 18302)
SERVING_PORTS=(18311 18312 18313)
LATE_PORT=18314
# Each gateway's operations listener (OPS_ADDR), where bench/deployment.py reads the
# detailed /readyz (the public port's answers only the status): its port + OPS_OFFSET.
OPS_OFFSET=100

work=$(mktemp -d)
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    wait 2>/dev/null || true
    if [ -n "${BENCH_KEEP:-}" ]; then echo "bench: logs kept in $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

make_chains "$work/sites" "$SITES"
# shellcheck disable=SC2086 # BENCH_LARGE: "THEATERS MOVIES DAYS", a smaller large chain
python3 bench/large_bundle.py "$work/sites/large" ${BENCH_LARGE:-} >/dev/null
all_sites=$((SITES + 1))

mkdir -p "$work/nats"
nats-server -a 127.0.0.1 -p "$NATS_PORT" -js -sd "$work/nats" >"$work/nats.log" 2>&1 &
pids+=($!)
export SITE_ID=chain-01 LOG_FORMAT=json RUST_LOG=${BENCH_LOG:-warn} DATA_DIR=$work/data
export CATALOGUE_ADDR=127.0.0.1:$SERVICES_PORT LOYALTY_ADDR=127.0.0.1:$((SERVICES_PORT + 1))
export ADS_ADDR=127.0.0.1:$((SERVICES_PORT + 2)) CONSENT_ADDR=127.0.0.1:$((SERVICES_PORT + 3))
export RENDERER_ADDR=127.0.0.1:$((SERVICES_PORT + 4)) WEB_DIST=web/dist
export STUDIO_ADDR=127.0.0.1:$((SERVICES_PORT + 5))
export PUBLISH_NATS_URL=nats://127.0.0.1:$NATS_PORT
# 51 sites' revisions pass the 1 GB default of the object store (nats-server's folder held
# 2.9 GB at the end of the best Brotli pass on 2026-11-30).
export PUBLISHED_STORE_MB=${BENCH_STORE_MB:-4096}
renderer=http://$RENDERER_ADDR
SITE_DIR="$work/sites/chain-01" SITES_DIR="$work/sites" CATALOGUE_RELOAD_MS=200 \
    "$BIN_DIR/svc-catalogue" >"$work/svc-catalogue.log" 2>&1 &
pids+=($!)
for service in svc-loyalty svc-ads svc-consent svc-studio; do
    "$BIN_DIR/$service" >"$work/$service.log" 2>&1 &
    pids+=($!)
done
node web/renderer/server.mjs >"$work/renderer.log" 2>&1 &
pids+=($!)

# start_gateway NAME PORT PUBLISHES: a gateway process, its operations listener on
# PORT + OPS_OFFSET; its pid in $gateway_pid.
start_gateway() {
    GATEWAY_ADDR=127.0.0.1:$2 OPS_ADDR=127.0.0.1:$(($2 + OPS_OFFSET)) \
        GATEWAY_PUBLISHES=$3 GATEWAY_CACHE_MB=$CACHE_MB RENDERER_URL=$renderer \
        "$BIN_DIR/gateway" >"$work/$1.log" 2>&1 &
    gateway_pid=$!
    pids+=("$gateway_pid")
}
publishers=()
publishers_ops=()
for port in "${PUBLISHER_PORTS[@]}"; do
    start_gateway "publisher-$port" "$port" true
    publishers+=("http://127.0.0.1:$port")
    publishers_ops+=("http://127.0.0.1:$((port + OPS_OFFSET))")
done
serving=()
serving_ops=()
serving_pids=()
for port in "${SERVING_PORTS[@]}"; do
    start_gateway "serving-$port" "$port" false
    serving+=("http://127.0.0.1:$port")
    serving_ops+=("http://127.0.0.1:$((port + OPS_OFFSET))")
    serving_pids+=("$gateway_pid")
done
for url in "${publishers[@]}" "${serving[@]}"; do
    for _ in $(seq 1 300); do curl -fs "$url/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
done

echo "$SITES demo-size sites and the large chain; 2 publishers, ${#serving[@]} serving gateways (GATEWAY_CACHE_MB=$CACHE_MB), $(nproc) cores"
python3 bench/deployment.py stored "$all_sites" "${publishers_ops[@]}" "${serving_ops[@]}"
python3 bench/deployment.py settled "${publishers_ops[@]}"
python3 bench/deployment.py change "$work/sites/chain-01" chain-01 "$renderer" "${serving_ops[0]}" "${serving[@]}"

started=$(date +%s.%N)
start_gateway late "$LATE_PORT" false
late_pid=$gateway_pid
python3 bench/deployment.py joins "$all_sites" "$renderer" "$started" "http://127.0.0.1:$LATE_PORT" \
    "http://127.0.0.1:$((LATE_PORT + OPS_OFFSET))"
python3 bench/deployment.py misses large "http://127.0.0.1:$LATE_PORT"

# Each serving gateway reads every page of the large chain and of chain-01 (more than its
# cache holds), then its memory.
for url in "${serving[@]}"; do
    python3 bench/deployment.py misses large "$url" >/dev/null
    python3 bench/deployment.py misses chain-01 "$url" >/dev/null
done
for pid in "${serving_pids[@]}" "$late_pid"; do
    echo "serving gateway $pid: RSS $(rss_mib "$pid") MiB, peak $(peak_mib "$pid") MiB (target under $((CACHE_MB + 100)))"
done

# Pages from the cache against nginx serving the same bytes: as they are (identity) and
# as browsers take them (Brotli; nginx serves the same compressed bytes from a second
# root, its Content-Encoding aside).
gateway=${serving[0]}
large_movie=$(curl -fs -H "Host: large.localhost" "$gateway/api/v1/movies" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["path"])')
pages=("chain-01 /" "large /" "large $large_movie")
servers=""
for encoding in identity br; do
    for page in "${pages[@]}"; do
        read -r site path <<<"$page"
        file="$work/root-$encoding/$site$path"
        case "$path" in */) file="${file}index.html" ;; esac
        mkdir -p "$(dirname "$file")"
        curl -fs -H "Host: $site.localhost" -H "Accept-Encoding: $encoding" "$gateway$path" -o "$file"
    done
    port=$NGINX_PORT
    [ "$encoding" = br ] && port=$((NGINX_PORT + 1))
    for site in chain-01 large; do
        servers="$servers server { listen 127.0.0.1:$port; server_name $site.localhost; root $work/root-$encoding/$site; }"
    done
done
start_nginx "$servers"
echo "pages from a serving gateway's cache against nginx: wrk -t1 -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $ROUNDS rounds"
printf '%-10s %-9s %-34s %5s %10s %8s %10s %8s\n' site encoding path round "gw req/s" "gw p99" "nx req/s" "nx p99"
results="$work/results"
for encoding in identity br; do
    nginx_url=http://127.0.0.1:$NGINX_PORT
    [ "$encoding" = br ] && nginx_url=http://127.0.0.1:$((NGINX_PORT + 1))
    for page in "${pages[@]}"; do
        read -r site path <<<"$page"
        asked=(-H "Host: $site.localhost" -H "Accept-Encoding: $encoding")
        cmp -s <(curl -fs "${asked[@]}" "$gateway$path") <(curl -fs "${asked[@]}" "$nginx_url$path") \
            || { echo "bench: the two servers do not answer the same bytes for $site$path ($encoding)" >&2; exit 1; }
        wrk -t1 -c"$CONNECTIONS" -d1s "${asked[@]}" "$gateway$path" >/dev/null
        for round in $(seq 1 "$ROUNDS"); do
            read -r g_rps g_p99 < <(measure "$gateway$path" "" "${asked[@]}")
            read -r n_rps n_p99 < <(measure "$nginx_url$path" "" "${asked[@]}")
            printf '%-10s %-9s %-34s %5s %10s %8s %10s %8s\n' "$site" "$encoding" "$path" "$round" "$g_rps" "$g_p99" "$n_rps" "$n_p99"
            echo "$site$path($encoding) $g_rps $g_p99 $n_rps $n_p99" >>"$results"
        done
    done
done
echo
summarise "$results" "site and path"
for pid in "${serving_pids[@]}"; do
    echo "serving gateway $pid after the load: RSS $(rss_mib "$pid") MiB, peak $(peak_mib "$pid") MiB"
done
