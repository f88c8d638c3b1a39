#!/usr/bin/env bash
# Page-data load benchmark: the gateway serving /page-data/app-data.json against nginx
# serving the same bytes, same load generator, same machine, same run. Prints
# requests/s and p99 latency of both and the gateway/nginx ratio.
#
#   bench/page-data.sh                      # release build, 15 s per server
#   BENCH_SECONDS=5 GATEWAY_BIN=target/debug/gateway bench/page-data.sh
set -euo pipefail
cd "$(dirname "$0")/.."

GATEWAY_BIN=${GATEWAY_BIN:-target/release/gateway}
SECONDS_PER_RUN=${BENCH_SECONDS:-15}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
GATEWAY_PORT=18080
NGINX_PORT=18081
PAGE=/page-data/app-data.json

for tool in wrk /usr/sbin/nginx curl; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is required (apt-get install wrk nginx curl)" >&2; exit 1; }
done
[ -x "$GATEWAY_BIN" ] || { echo "bench: $GATEWAY_BIN is not built (cargo build --release -p gateway)" >&2; exit 1; }

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
[ -n "${BENCH_DEBUG:-}" ] && set -x

GATEWAY_ADDR=127.0.0.1:$GATEWAY_PORT SITE_DIR=site/demo WEB_DIST=web/dist LOG_FORMAT=json RUST_LOG=warn \
    "$GATEWAY_BIN" --embedded >"$work/gateway.log" 2>&1 &
pids+=($!)
for _ in $(seq 1 100); do
    curl -fs "http://127.0.0.1:$GATEWAY_PORT/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
mkdir -p "$work/root/page-data"
curl -fs "http://127.0.0.1:$GATEWAY_PORT$PAGE" -o "$work/root$PAGE"

cat >"$work/nginx.conf" <<NGINX
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    types { application/json json; }
    default_type application/json;
    server {
        listen 127.0.0.1:$NGINX_PORT;
        root $work/root;
    }
}
NGINX
/usr/sbin/nginx -c "$work/nginx.conf" -p "$work"
for _ in $(seq 1 50); do
    curl -fs "http://127.0.0.1:$NGINX_PORT$PAGE" >/dev/null 2>&1 && break
    sleep 0.1
done
cmp -s <(curl -fs "http://127.0.0.1:$GATEWAY_PORT$PAGE") <(curl -fs "http://127.0.0.1:$NGINX_PORT$PAGE") \
    || { echo "bench: the two servers do not answer the same bytes" >&2; exit 1; }

# "<requests/s> <p99 in ms>" of one wrk run against a URL.
measure() {
    wrk -t2 -c"$CONNECTIONS" -d3s "$1" >/dev/null
    wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency "$1" | awk '
        /Requests\/sec:/ { rps = $2 }
        /^ +99%/ {
            value = $2; unit = value; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", value)
            p99 = (unit == "us") ? value / 1000 : (unit == "s") ? value * 1000 : value
        }
        END { printf "%.0f %.2f\n", rps, p99 }'
}

bytes=$(wc -c <"$work/root$PAGE")
echo "page data: $PAGE ($bytes bytes), $CONNECTIONS connections, ${SECONDS_PER_RUN}s per server"
read -r gateway_rps gateway_p99 < <(measure "http://127.0.0.1:$GATEWAY_PORT$PAGE")
read -r nginx_rps nginx_p99 < <(measure "http://127.0.0.1:$NGINX_PORT$PAGE")
printf '%-8s %12s %10s\n' server "requests/s" "p99 ms"
printf '%-8s %12s %10s\n' gateway "$gateway_rps" "$gateway_p99"
printf '%-8s %12s %10s\n' nginx "$nginx_rps" "$nginx_p99"
awk -v g="$gateway_rps" -v n="$nginx_rps" 'BEGIN { printf "ratio gateway/nginx requests/s: %.2f\n", g / n }'
