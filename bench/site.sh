#!/usr/bin/env bash
# The published site against a static file server: the gateway (release build,
# `--embedded`, demo chain) and Debian's nginx serving the very same bytes, loaded in
# turn with the same wrk (-t1 -c64 -d6s), three rounds, for seven paths: "/", a movie
# page, that movie's page data, the movie list's page data, the app data, and two of the
# JSON API's catalogue answers (the movie list, a theater's week of showtimes). Prints
# requests/s and p99 of each server per round and the median ratios.
#
#   bench/site.sh                        # release build
#   BENCH_SECONDS=3 BENCH_ROUNDS=1 GATEWAY_BIN=target/debug/gateway bench/site.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/wrk.sh

GATEWAY_PORT=18080
NGINX_PORT=18081
# The gateway's operations listener (OPS_ADDR): the detailed /readyz.
OPS_PORT=18083
require /usr/sbin/nginx

work=$(mktemp -d)
# nginx workers run as an unprivileged user when started by root: let them read.
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

GATEWAY_ADDR=127.0.0.1:$GATEWAY_PORT OPS_ADDR=127.0.0.1:$OPS_PORT SITE_DIR=site/demo WEB_DIST=web/dist \
    LOG_FORMAT=json RUST_LOG=warn "$GATEWAY_BIN" --embedded >"$work/gateway.log" 2>&1 &
pids+=($!)
# Measured once the pages are rendered (before that they are the shell with their data).
wait_rendered "127.0.0.1:$OPS_PORT"
movie=$(curl -fs "http://127.0.0.1:$GATEWAY_PORT/api/v1/movies?playWeek=CURRENT_PLAYWEEK" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["path"])')
paths=("/" "$movie" "/page-data${movie}page-data.json" "/page-data/movies/page-data.json" "/page-data/app-data.json"
    "/api/v1/movies" "/api/v1/showtimes?theaterId=101")

# The same bytes for nginx: a page path is a directory with its index.html; nginx serves
# a file whatever the query string, so an API answer is the file of its path.
for path in "${paths[@]}"; do
    file="$work/root${path%%\?*}"
    case "$path" in */) file="${file}index.html" ;; esac
    mkdir -p "$(dirname "$file")"
    curl -fs "http://127.0.0.1:$GATEWAY_PORT$path" -o "$file"
done

start_nginx "server { listen 127.0.0.1:$NGINX_PORT; root $work/root; }"
for path in "${paths[@]}"; do
    cmp -s <(curl -fs "http://127.0.0.1:$GATEWAY_PORT$path") <(curl -fs "http://127.0.0.1:$NGINX_PORT$path") \
        || { echo "bench: the two servers do not answer the same bytes for $path" >&2; exit 1; }
done

echo "published site against nginx: wrk -t1 -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $ROUNDS rounds, $(nproc) cores"
printf '%-58s %5s %10s %8s %10s %8s\n' path round "gw req/s" "gw p99" "nx req/s" "nx p99"
results="$work/results"
for path in "${paths[@]}"; do
    # One short warm-up each, then the rounds alternate the two servers.
    wrk -t1 -c"$CONNECTIONS" -d1s "http://127.0.0.1:$GATEWAY_PORT$path" >/dev/null
    wrk -t1 -c"$CONNECTIONS" -d1s "http://127.0.0.1:$NGINX_PORT$path" >/dev/null
    for round in $(seq 1 "$ROUNDS"); do
        read -r g_rps g_p99 < <(measure "http://127.0.0.1:$GATEWAY_PORT$path")
        read -r n_rps n_p99 < <(measure "http://127.0.0.1:$NGINX_PORT$path")
        printf '%-58s %5s %10s %8s %10s %8s\n' "$path" "$round" "$g_rps" "$g_p99" "$n_rps" "$n_p99"
        echo "$path $g_rps $g_p99 $n_rps $n_p99" >>"$results"
    done
done
echo
summarise "$results" "path"
