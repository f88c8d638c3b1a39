#!/usr/bin/env bash
# Loyalty benchmark, through the gateway (release build, --embedded) on PostgreSQL:
#  (a) version 3 logins per second against the raw argon2id password checks per second
#      this machine does with the same parameters, measured in the same run: the ratio
#      says how much a login costs beyond its password hash;
#  (b) authenticated version 3 GetMember at 64 connections: requests/s and p99.
#
#   bench/loyalty.sh                         # release build, 15 s per run
#   BENCH_SECONDS=5 bench/loyalty.sh
set -euo pipefail
cd "$(dirname "$0")/.."

GATEWAY_BIN=${GATEWAY_BIN:-target/release/gateway}
ARGON2_BIN=${ARGON2_BIN:-target/release/examples/argon2_rate}
SECONDS_PER_RUN=${BENCH_SECONDS:-15}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
LOGIN_CONNECTIONS=${BENCH_LOGIN_CONNECTIONS:-16}
POSTGRES_URL=${BENCH_POSTGRES_URL:-${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}}
GATEWAY_PORT=18090
URL=http://127.0.0.1:$GATEWAY_PORT/api/cypher
DEMO_EMAIL=demo@marqueecinemas.example
DEMO_PASSWORD='Popcorn#2024'

for tool in wrk curl psql python3; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is required (apt-get install wrk curl postgresql-client python3)" >&2; exit 1; }
done
for bin in "$GATEWAY_BIN" "$ARGON2_BIN"; do
    [ -x "$bin" ] || { echo "bench: $bin is not built (make bench-loyalty builds it)" >&2; exit 1; }
done

database=bench_loyalty_$$
psql "$POSTGRES_URL/postgres" -qc "CREATE DATABASE $database" \
    || { echo "bench: PostgreSQL does not answer at $POSTGRES_URL (BENCH_POSTGRES_URL)" >&2; exit 1; }
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    psql "$POSTGRES_URL/postgres" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)" || true
    rm -rf "$work"
}
trap cleanup EXIT
[ -n "${BENCH_DEBUG:-}" ] && set -x

# No rate limit or captcha: the benchmark is one client address logging in many times.
GATEWAY_ADDR=127.0.0.1:$GATEWAY_PORT SITE_DIR=site/demo DATA_DIR="$work/data" \
    DATABASE_URL="$POSTGRES_URL/$database" LOYALTY_RATE_LIMIT_PER_MINUTE=1000000000 \
    LOG_FORMAT=json RUST_LOG=warn "$GATEWAY_BIN" --embedded >"$work/gateway.log" 2>&1 &
pids+=($!)
login_body="{\"reqMetadata\":{\"method\":\"POST\",\"route\":\"/Member/v3/Login?boxofficeCircuitId=77\"},\"username\":\"$DEMO_EMAIL\",\"password\":\"$DEMO_PASSWORD\"}"
token=""
for _ in $(seq 1 200); do
    token=$(curl -fs -H 'Content-Type: application/json' -d "$login_body" "$URL" 2>/dev/null \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["sessionManagementTokens"]["boxofficeSessionToken"])' 2>/dev/null) && break
    sleep 0.1
done
[ -n "$token" ] || { echo "bench: the gateway did not log the demo member in" >&2; cat "$work/gateway.log" >&2; exit 1; }

lua_string() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$1"; }
cat >"$work/login.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = $(lua_string "$login_body")
LUA
cat >"$work/get-member.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Boxoffice-Session-Token"] = "$token"
wrk.body = $(lua_string '{"reqMetadata":{"method":"GET","route":"/Member/v3/GetMember/"}}')
LUA

# "<requests/s> <p99 in ms> <non-2xx answers>" of one wrk run with a script.
measure() {
    local script=$1 connections=$2
    wrk -t2 -c"$connections" -d3s -s "$script" "$URL" >/dev/null
    wrk -t2 -c"$connections" -d"${SECONDS_PER_RUN}s" --latency -s "$script" "$URL" | awk '
        /Requests\/sec:/ { rps = $2 }
        /Non-2xx or 3xx responses:/ { failed = $NF }
        /^ +99%/ {
            value = $2; unit = value; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", value)
            p99 = (unit == "us") ? value / 1000 : (unit == "s") ? value * 1000 : value
        }
        END { printf "%.1f %.2f %d\n", rps, p99, failed }'
}

echo "loyalty through the gateway on PostgreSQL, ${SECONDS_PER_RUN}s per run"
# The reference runs half before and half after the logins, with one thread per login
# connection (at least one per core), so that load from outside the benchmark weighs
# on both sides alike.
half=$(( (SECONDS_PER_RUN + 1) / 2 ))
threads=$(( LOGIN_CONNECTIONS > $(nproc) ? LOGIN_CONNECTIONS : $(nproc) ))
read -r argon2_before threads < <("$ARGON2_BIN" "$half" "$threads")
read -r login_rps login_p99 login_failed < <(measure "$work/login.lua" "$LOGIN_CONNECTIONS")
read -r argon2_after threads < <("$ARGON2_BIN" "$half" "$threads")
argon2_rate=$(awk -v a="$argon2_before" -v b="$argon2_after" 'BEGIN { printf "%.1f", (a + b) / 2 }')
read -r member_rps member_p99 member_failed < <(measure "$work/get-member.lua" "$CONNECTIONS")

printf '%-44s %12s %10s %8s\n' measure "per second" "p99 ms" "non-2xx"
printf '%-44s %12s %10s %8s\n' "v3 Login ($LOGIN_CONNECTIONS connections)" "$login_rps" "$login_p99" "$login_failed"
printf '%-44s %12s %10s %8s\n' "argon2id checks ($threads threads, same params)" "$argon2_rate" - -
printf '%-44s %12s %10s %8s\n' "v3 GetMember ($CONNECTIONS connections)" "$member_rps" "$member_p99" "$member_failed"
awk -v l="$login_rps" -v a="$argon2_rate" 'BEGIN { printf "ratio logins/argon2id checks: %.2f (target >= 0.9)\n", l / a }'
awk -v p="$member_p99" 'BEGIN { printf "GetMember p99: %.2f ms (target < 20 ms)\n", p }'
if [ "$login_failed" != 0 ] || [ "$member_failed" != 0 ]; then
    echo "bench: some calls failed (non-2xx answers above)" >&2
    exit 1
fi
