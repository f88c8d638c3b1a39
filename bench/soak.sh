#!/usr/bin/env bash
# Soak test: the distributed stack (gateway and the five services as separate
# processes, SQLite member store) under mixed traffic at a fixed rate for a while.
# Prints the error rate and p50/p99 per kind of request (bench/soak.py) and the
# resident memory (RSS) of each process idle, at the start (after a warm-up at the same
# rate, which fills caches, pools and svc-loyalty's per-thread argon2id memory) and at
# the end: growth from the start to the end is what would be a leak.
#
#   bench/soak.sh                                  # debug build, 600 s at 40 requests/s
#   SOAK_SECONDS=60 SOAK_RATE=20 bench/soak.sh
#   SOAK_BUILD=release bench/soak.sh               # cargo build --release first
#   SOAK_WARMUP_SECONDS=0 bench/soak.sh            # no warm-up (default 30 s)
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_TO_RUN=${SOAK_SECONDS:-600}
RATE=${SOAK_RATE:-40}
WARMUP_SECONDS=${SOAK_WARMUP_SECONDS:-30}
BUILD=${SOAK_BUILD:-debug}
BIN=target/$BUILD
BINARIES=(gateway svc-catalogue svc-loyalty svc-ads svc-consent svc-studio)

for binary in "${BINARIES[@]}"; do
    [ -x "$BIN/$binary" ] || { echo "soak: $BIN/$binary is not built (cargo build$([ "$BUILD" = release ] && echo ' --release') -p $binary)" >&2; exit 1; }
done
command -v python3 >/dev/null || { echo "soak: python3 is required" >&2; exit 1; }

# A free loopback port, asked of the kernel.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

work=$(mktemp -d)
declare -A pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -n "${SOAK_KEEP:-}" ] && echo "soak: logs kept in $work" || rm -rf "$work"
}
trap cleanup EXIT

catalogue=127.0.0.1:$(free_port); loyalty=127.0.0.1:$(free_port)
ads=127.0.0.1:$(free_port); consent=127.0.0.1:$(free_port); studio=127.0.0.1:$(free_port)
gateway=127.0.0.1:$(free_port)
export LOG_FORMAT=json RUST_LOG=warn CATALOGUE_ADDR=$catalogue LOYALTY_ADDR=$loyalty \
    ADS_ADDR=$ads CONSENT_ADDR=$consent STUDIO_ADDR=$studio
start() {
    local name=$1; shift
    env "$@" "$BIN/$name" >"$work/$name.log" 2>&1 &
    pids[$name]=$!
}
start svc-catalogue SITE_DIR=site/demo
# One client address makes every login: lift the per-address limits meant for people.
start svc-loyalty DATA_DIR="$work/loyalty" LOYALTY_RATE_LIMIT_PER_MINUTE=100000000 \
    LOYALTY_LOCKOUT_ATTEMPTS=100000000
start svc-ads
start svc-consent DATA_DIR="$work/consent"
start svc-studio DATA_DIR="$work/studio"
start gateway GATEWAY_ADDR="$gateway" WEB_DIST=web/dist

for _ in $(seq 1 300); do
    python3 -c "import urllib.request, sys; urllib.request.urlopen('http://$gateway/readyz', timeout=1)" 2>/dev/null && break
    sleep 0.2
done

rss() {
    printf '%-14s' "$1"
    for name in "${BINARIES[@]}"; do
        printf '%16s' "$(awk '/^VmRSS/ { printf "%.1f MiB", $2 / 1024 }' "/proc/${pids[$name]}/status" 2>/dev/null || echo gone)"
    done
    echo
}

echo "soak: $BUILD build, ${SECONDS_TO_RUN} s at ${RATE} requests/s against http://$gateway"
header=$(printf '%-14s' "RSS"; for name in "${BINARIES[@]}"; do printf '%16s' "$name"; done)
echo "$header"
rss idle
if [ "$WARMUP_SECONDS" -gt 0 ]; then
    echo "soak: warm-up, ${WARMUP_SECONDS} s"
    python3 bench/soak.py "http://$gateway" "$WARMUP_SECONDS" "$RATE" >/dev/null \
        || { echo "soak: the warm-up failed" >&2; exit 1; }
fi
rss start
status=0
python3 bench/soak.py "http://$gateway" "$SECONDS_TO_RUN" "$RATE" || status=$?
echo "$header"
rss end
for name in "${BINARIES[@]}"; do
    kill -0 "${pids[$name]}" 2>/dev/null || { echo "soak: $name died; its log:" >&2; tail -20 "$work/$name.log" >&2; status=1; }
done
exit "$status"
