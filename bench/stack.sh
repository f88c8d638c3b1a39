# Shared by the benchmarks that run the distributed stack (publish.sh, ingest.sh): the five
# services, the renderer and the gateway, each its own process, so that each one's memory
# is its own. Sourced, not run; the caller sets `work` (a scratch folder), STACK_PORT
# (the gateway's port; the services and the renderer take the six from SERVICES_PORT on)
# and STACK_OPS_PORT (the gateway's operations listener, OPS_ADDR: the detailed /readyz
# and /metrics). The studio is served on the host studio.localhost of the gateway's port.

BIN_DIR=${BIN_DIR:-target/release}
stack_pids=()

# Exits unless curl, python3, node, the six binaries and the web app are there.
require_stack() {
    for tool in curl python3 node; do
        command -v "$tool" >/dev/null || { echo "bench: $tool is required" >&2; exit 1; }
    done
    for binary in gateway svc-catalogue svc-loyalty svc-ads svc-consent svc-studio; do
        [ -x "$BIN_DIR/$binary" ] || { echo "bench: $BIN_DIR/$binary is not built (cargo build --release)" >&2; exit 1; }
    done
    [ -f web/dist-server/entry-server.js ] || { echo "bench: the web app is not built (make web)" >&2; exit 1; }
}

# start_stack NAME [VAR=VALUE...]: the stack, svc-catalogue with the variables given, its
# data in $work/data-NAME and its logs in $work/*-NAME.log. svc-catalogue's pid is
# ${stack_pids[0]}, the renderer's ${stack_pids[5]} and the gateway's ${stack_pids[6]}.
start_stack() {
    local name=$1
    shift
    export CATALOGUE_ADDR=127.0.0.1:$SERVICES_PORT LOYALTY_ADDR=127.0.0.1:$((SERVICES_PORT + 1))
    export ADS_ADDR=127.0.0.1:$((SERVICES_PORT + 2)) CONSENT_ADDR=127.0.0.1:$((SERVICES_PORT + 3))
    export RENDERER_ADDR=127.0.0.1:$((SERVICES_PORT + 4)) RENDERER_URL=http://127.0.0.1:$((SERVICES_PORT + 4))
    export STUDIO_ADDR=127.0.0.1:$((SERVICES_PORT + 5)) STUDIO_URL=http://studio.localhost:$STACK_PORT
    export DATA_DIR=$work/data-$name LOG_FORMAT=json RUST_LOG=${BENCH_LOG:-warn}
    env "$@" "$BIN_DIR/svc-catalogue" >"$work/catalogue-$name.log" 2>&1 &
    stack_pids=($!)
    for service in svc-loyalty svc-ads svc-consent svc-studio; do
        "$BIN_DIR/$service" >"$work/$service-$name.log" 2>&1 &
        stack_pids+=($!)
    done
    node web/renderer/server.mjs >"$work/renderer-$name.log" 2>&1 &
    stack_pids+=($!)
    GATEWAY_ADDR=127.0.0.1:$STACK_PORT OPS_ADDR=127.0.0.1:$STACK_OPS_PORT WEB_DIST=web/dist \
        STUDIO_HOSTS=studio.localhost \
        ${GATEWAY_WRAP:-} "$BIN_DIR/gateway" >"$work/gateway-$name.log" 2>&1 &
    stack_pids+=($!)
}

stop_stack() {
    [ ${#stack_pids[@]} -gt 0 ] && kill "${stack_pids[@]}" 2>/dev/null || true
    wait 2>/dev/null || true
    stack_pids=()
}

# The gateway's detailed readiness (snapshot, sites, services): its operations listener's
# /readyz; the public port's answers only the status.
readiness() { curl -fs "http://127.0.0.1:$STACK_OPS_PORT/readyz" 2>/dev/null || true; }
rss_mib() { awk '/^VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }
peak_mib() { awk '/^VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$1/status"; }
