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
# $SECONDS_PER_RUN seconds) against a URL; a second argument names a wrk Lua script (or
# is empty), the rest go to wrk as they are (-H "Host: ...").
measure() {
    wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency ${2:+-s "$2"} "${@:3}" "$1" | awk '
        /Requests\/sec:/ { rps = $2 }
        /^ +99%/ {
            value = $2; unit = value; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", value)
            p99 = (unit == "us") ? value / 1000 : (unit == "s") ? value * 1000 : value
        }
        END { printf "%.0f %.2f\n", rps, p99 }'
}

# The median ratios of the gateway's to nginx's requests/s and p99 per name, from the
# lines "<name> <gw req/s> <gw p99> <nx req/s> <nx p99>" of file $1; $2 heads the column
# of names.
summarise() {
    python3 - "$1" "$2" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, g_rps, g_p99, n_rps, n_p99 = line.split()
    rows.setdefault(name, []).append((float(g_rps), float(g_p99), float(n_rps), float(n_p99)))
print(f"{sys.argv[2]:58} {'req/s ratio':>11} {'p99 ratio':>10}  (median; target >= 0.8 and <= 1.5)")
for name, runs in rows.items():
    throughput = statistics.median(g / n for g, _, n, _ in runs)
    p99 = statistics.median(g / max(n, 0.001) for _, g, _, n in runs)
    print(f"{name:58} {throughput:11.2f} {p99:10.2f}")
PY
}

# Waits for the gateway to have rendered its site, as the detailed /readyz of its
# operations listener (OPS_ADDR) on $1 (host:port) shows it: $2 seconds at most (default
# 60). The public port's /readyz answers only the status.
wait_rendered() {
    for _ in $(seq 1 $((${2:-60} * 10))); do
        curl -fs "http://$1/readyz" 2>/dev/null | grep -q '"rendered":true' && return 0
        sleep 0.1
    done
    echo "bench: the site of the gateway with OPS_ADDR $1 was not rendered in ${2:-60} s" >&2
    return 1
}

# start_nginx SERVERS: Debian's nginx serving files, configured in $work (the caller's
# scratch folder) with the `server { ... }` blocks SERVERS, its pid in $work/nginx.pid;
# waits until the first server's port answers.
start_nginx() {
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
    types { application/json json; text/html html; }
    default_type application/octet-stream;
    $1
}
NGINX
    /usr/sbin/nginx -c "$work/nginx.conf" -p "$work"
    local listen
    listen=$(grep -o 'listen [0-9.:]*' <<<"$1" | head -1 | cut -d' ' -f2)
    for _ in $(seq 1 50); do
        curl -s -o /dev/null "http://$listen/" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "bench: nginx does not answer on $listen" >&2
    return 1
}

# make_chains DIR COUNT: COUNT sites of the demo chain's size in DIR, chain-01 ...,
# copies of site/demo each under a name of its own.
make_chains() {
    python3 - "$1" "$2" <<'PY'
import json, pathlib, shutil, sys
root, count = pathlib.Path(sys.argv[1]), int(sys.argv[2])
for index in range(1, count + 1):
    site = root / f"chain-{index:02d}"
    shutil.copytree("site/demo", site)
    settings = json.loads((site / "site.json").read_text())
    settings["name"] = f"Chain {index:02d} Cinemas"
    (site / "site.json").write_text(json.dumps(settings))
PY
}
