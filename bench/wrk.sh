# Shared by the benchmarks that load the gateway with wrk (site.sh, search.sh): sourced,
# not run. The settings come from the environment, as each script's header says.

GATEWAY_BIN=${GATEWAY_BIN:-target/release/gateway}
SECONDS_PER_RUN=${BENCH_SECONDS:-6}
ROUNDS=${BENCH_ROUNDS:-3}
CONNECTIONS=${BENCH_CONNECTIONS:-64}

# Exits unless wrk, curl, python3 and the commands named are installed and the gateway
# is built.
require() {
    for tool in wrk curl python3 "$@"; do
        command -v "$tool" >/dev/null || {
            echo "bench: $tool is required (apt-get install wrk curl python3 ${*##*/})" >&2
            exit 1
        }
    done
    [ -x "$GATEWAY_BIN" ] || { echo "bench: $GATEWAY_BIN is not built (cargo build --release -p gateway)" >&2; exit 1; }
}

# "<requests/s> <p99 in ms>" of one wrk run (-t1, $CONNECTIONS connections,
# $SECONDS_PER_RUN seconds) against a URL; a second argument names a wrk Lua script.
measure() {
    wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency ${2:+-s "$2"} "$1" | awk '
        /Requests\/sec:/ { rps = $2 }
        /^ +99%/ {
            value = $2; unit = value; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", value)
            p99 = (unit == "us") ? value / 1000 : (unit == "s") ? value * 1000 : value
        }
        END { printf "%.0f %.2f\n", rps, p99 }'
}

# Waits for the gateway on $1 (host:port) to have rendered its site: $2 seconds at most
# (default 60).
wait_rendered() {
    for _ in $(seq 1 $((${2:-60} * 10))); do
        curl -fs "http://$1/readyz" 2>/dev/null | grep -q '"rendered":true' && return 0
        sleep 0.1
    done
    echo "bench: the site on $1 was not rendered in ${2:-60} s" >&2
    return 1
}
