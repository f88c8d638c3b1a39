#!/usr/bin/env bash
# Members' alerts at scale (docs/loyalty.md#alerts), release build, --embedded on
# PostgreSQL with the local nats-server: 100,000 members of the demo chain with Frostbound
# (a coming film) on their watchlist and on-sale alerts by e-mail. The point of sale gives
# it its first showtime; the bench reports
#  (a) how long until every member's message is queued (target: within 60 s),
#  (b) how fast messages go out against ALERTS_PER_SECOND (the configured rate),
#  (c) the gateway's memory before and while they go (members are read by the database,
#      never all into memory),
#  (d) GetMember's p99 at 64 connections before and while alerts go out (target: within
#      10 % of before).
#
#   bench/alerts.sh                              # release build
#   BENCH_MEMBERS=20000 BENCH_ALERT_RATE=500 bench/alerts.sh
set -euo pipefail
cd "$(dirname "$0")/.."

GATEWAY_BIN=${GATEWAY_BIN:-target/release/gateway}
MEMBERS=${BENCH_MEMBERS:-100000}
RATE=${BENCH_ALERT_RATE:-200}
SECONDS_PER_RUN=${BENCH_SECONDS:-10}
CONNECTIONS=${BENCH_CONNECTIONS:-64}
POSTGRES_URL=${BENCH_POSTGRES_URL:-${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}}
NATS_URL=${BENCH_NATS_URL:-${TEST_NATS_URL:-nats://127.0.0.1:4222}}
GATEWAY_PORT=18091
BASE=http://127.0.0.1:$GATEWAY_PORT
URL=$BASE/api/cypher
DEMO_EMAIL=demo@marqueecinemas.example
DEMO_PASSWORD='Popcorn#2024'
FILM=1019
THEATER=101

for tool in wrk curl psql python3; do
    command -v "$tool" >/dev/null || { echo "bench: $tool is required (apt-get install wrk curl postgresql-client python3)" >&2; exit 1; }
done
[ -x "$GATEWAY_BIN" ] || { echo "bench: $GATEWAY_BIN is not built (make bench-alerts builds it)" >&2; exit 1; }

database=bench_alerts_$$
psql "$POSTGRES_URL/postgres" -qc "CREATE DATABASE $database" \
    || { echo "bench: PostgreSQL does not answer at $POSTGRES_URL (BENCH_POSTGRES_URL)" >&2; exit 1; }
DB="$POSTGRES_URL/$database"
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

# E-mail as files (no relay to wait on), one durable consumer of the bench's own.
GATEWAY_ADDR=127.0.0.1:$GATEWAY_PORT SITE_DIR=site/demo DATA_DIR="$work/data" \
    DATABASE_URL="$DB" NATS_URL="$NATS_URL" ALERTS_CONSUMER="bench-alerts-$$" \
    ALERTS_PER_SECOND="$RATE" LOYALTY_SITE_ORIGINS="$BASE" PUBLIC_URL="$BASE" \
    LOYALTY_RATE_LIMIT_PER_MINUTE=1000000000 LOG_FORMAT=json RUST_LOG=warn \
    "$GATEWAY_BIN" --embedded >"$work/gateway.log" 2>&1 &
gateway=$!
pids+=("$gateway")
login_body="{\"reqMetadata\":{\"method\":\"POST\",\"route\":\"/Member/v3/Login?boxofficeCircuitId=77\"},\"username\":\"$DEMO_EMAIL\",\"password\":\"$DEMO_PASSWORD\"}"
token=""
for _ in $(seq 1 300); do
    token=$(curl -fs -H 'Content-Type: application/json' -d "$login_body" "$URL" 2>/dev/null \
        | python3 -c 'import json,sys; print(json.load(sys.stdin)["sessionManagementTokens"]["boxofficeSessionToken"])' 2>/dev/null) && break
    sleep 0.1
done
[ -n "$token" ] || { echo "bench: the gateway did not log the demo member in" >&2; cat "$work/gateway.log" >&2; exit 1; }

# The members, written as svc-loyalty keeps them (the password hash is never checked).
psql "$DB" -q <<SQL
INSERT INTO members (id, email, password_hash, first_name, last_name, mobile_number,
    zip_code, birth_date, club_id, circuit_id, member_level_id, member_level_name,
    member_expiry, is_activated, send_newsletter, points, failed_logins, locked_until,
    created_at, password_changed_at, has_username, site_id)
SELECT 'bench-' || n, 'bench-' || n || '@example.com', 'x', 'Member', '', '', '', '', '',
    '77', 1, 'Member', '0001-01-01T00:00:00Z', 1, 0, 0, 0, 0, 0, 0, 1, 'demo'
FROM generate_series(1, $MEMBERS) AS n;
INSERT INTO favorite_films (member_id, film_id, added_at)
SELECT 'bench-' || n, '$FILM', 0 FROM generate_series(1, $MEMBERS) AS n;
INSERT INTO alert_preferences (member_id, on_sale, last_chance, by_email, by_push, updated_at)
SELECT 'bench-' || n, 1, 1, 1, 0, 0 FROM generate_series(1, $MEMBERS) AS n;
SQL
# An ingest key for the demo chain, kept as its SHA-256 as svc-catalogue keeps keys.
key=cik_bench$$$(date +%s)
key_hash=$(python3 -c 'import hashlib,sys; print(hashlib.sha256(sys.argv[1].encode()).hexdigest())' "$key")
psql "$DB" -qc "INSERT INTO catalogue_ingest_keys (id, key_hash, site_id, label, created_at) VALUES ('bench', '$key_hash', 'demo', 'bench', 0)"

lua_string() { python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$1"; }
cat >"$work/get-member.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Boxoffice-Session-Token"] = "$token"
wrk.body = $(lua_string '{"reqMetadata":{"method":"GET","route":"/Member/v3/GetMember/"}}')
LUA
# "<requests/s> <p99 in ms> <non-2xx answers>" of one wrk run.
measure() {
    wrk -t2 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$work/get-member.lua" "$URL" | awk '
        /Requests\/sec:/ { rps = $2 }
        /Non-2xx or 3xx responses:/ { failed = $NF }
        /^ +99%/ {
            value = $2; unit = value; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", value)
            p99 = (unit == "us") ? value / 1000 : (unit == "s") ? value * 1000 : value
        }
        END { printf "%.1f %.2f %d\n", rps, p99, failed }'
}
rss_mib() { awk '/^VmRSS:/ { printf "%.0f", $2 / 1024 }' "/proc/$gateway/status"; }
count() { psql "$DB" -Atqc "$1"; }

wrk -t2 -c"$CONNECTIONS" -d3s -s "$work/get-member.lua" "$URL" >/dev/null
read -r before_rps before_p99 before_failed < <(measure)
rss_before=$(rss_mib)

# The film's first showtime at the theater, on the theater's day after tomorrow.
day=$(TZ=America/New_York date -d '+2 days' +%F)
started=$(date +%s.%N)
curl -fs -X PUT "$BASE/api/v1/ingest/theaters/$THEATER/showtimes?from=$day&to=$day" \
    -H "Authorization: Bearer $key" -H 'Content-Type: application/json' \
    -d "{\"showtimes\": [{\"perfCode\": \"BENCH1\", \"movieId\": \"$FILM\", \"startsAt\": \"${day}T20:00\"}]}" >/dev/null \
    || { echo "bench: the ingest API refused the showtime" >&2; exit 1; }
queued=""
for _ in $(seq 1 1200); do
    if [ "$(count 'SELECT COUNT(*) FROM alert_sends')" -ge "$MEMBERS" ]; then
        queued=$(python3 -c "import time; print(f'{time.time() - $started:.1f}')")
        break
    fi
    sleep 0.1
done
[ -n "$queued" ] || { echo "bench: the alerts were not all queued in 120 s" >&2; tail -20 "$work/gateway.log" >&2; exit 1; }

# While they go out: GetMember again, the sending rate and the memory.
sent_start=$(count 'SELECT COUNT(*) FROM alert_sends WHERE sent_at IS NOT NULL')
window_start=$(date +%s.%N)
read -r during_rps during_p99 during_failed < <(measure)
sent_end=$(count 'SELECT COUNT(*) FROM alert_sends WHERE sent_at IS NOT NULL')
window=$(python3 -c "import time; print(time.time() - $window_start)")
rss_during=$(rss_mib)
sent_rate=$(awk -v a="$sent_start" -v b="$sent_end" -v w="$window" 'BEGIN { printf "%.1f", (b - a) / w }')

echo "alerts to $MEMBERS members through the gateway (--embedded, PostgreSQL, NATS), ALERTS_PER_SECOND=$RATE"
printf '%-52s %s\n' "every message queued after the commit" "${queued} s (target < 60 s)"
printf '%-52s %s\n' "messages sent a second while GetMember runs" "$sent_rate (configured $RATE)"
printf '%-52s %s\n' "gateway memory before / while sending (RSS MiB)" "$rss_before / $rss_during"
printf '%-52s %s\n' "GetMember before: requests/s, p99 ms" "$before_rps, $before_p99"
printf '%-52s %s\n' "GetMember while alerts go out: requests/s, p99 ms" "$during_rps, $during_p99"
awk -v a="$before_p99" -v b="$during_p99" 'BEGIN { printf "p99 while sending / before: %.2f (target <= 1.10)\n", b / a }'
if [ "$before_failed" != 0 ] || [ "$during_failed" != 0 ]; then
    echo "bench: some calls failed (non-2xx answers)" >&2
    exit 1
fi
