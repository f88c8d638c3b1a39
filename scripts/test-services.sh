#!/usr/bin/env bash
# Makes sure the servers the tests talk to answer on their standard local ports:
# PostgreSQL on 127.0.0.1:5432 (user postgres, trust auth) and nats-server with JetStream
# on 127.0.0.1:4222. Whichever does not answer is started as a private instance whose
# files live under $TEST_SERVICES_DIR (default /tmp/cinema-test-services); one already
# running, such as the machine's own, is used as it is.
set -euo pipefail

state=${TEST_SERVICES_DIR:-/tmp/cinema-test-services}
mkdir -p "$state"

answers() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() {
    local port=$1 name=$2 log=$3
    for _ in $(seq 1 100); do
        answers "$port" && return 0
        sleep 0.1
    done
    echo "test-services: $name did not start on port $port; its log:" >&2
    tail -n 20 "$log" >&2 || true
    exit 1
}

as_postgres() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if answers 5432; then
    echo "test-services: PostgreSQL answers on 5432"
else
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    [ -n "$bin" ] && [ -x "$bin/initdb" ] || {
        echo "test-services: PostgreSQL is not installed (apt-get install postgresql)" >&2
        exit 1
    }
    data="$state/postgres"
    if [ ! -f "$data/PG_VERSION" ]; then
        mkdir -p "$data"
        [ "$(id -u)" -eq 0 ] && chown postgres "$state" "$data"
        as_postgres "$bin/initdb" -D "$data" -U postgres --auth=trust >"$state/initdb.log"
    fi
    as_postgres "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
        -o "-p 5432 -k $data -c listen_addresses=127.0.0.1" start >/dev/null
    wait_for 5432 PostgreSQL "$data/server.log"
    echo "test-services: started PostgreSQL on 5432 ($data)"
fi

if answers 4222; then
    echo "test-services: nats-server answers on 4222"
else
    command -v nats-server >/dev/null || {
        echo "test-services: nats-server is not installed (apt-get install nats-server)" >&2
        exit 1
    }
    mkdir -p "$state/nats"
    nohup nats-server -a 127.0.0.1 -p 4222 -js -sd "$state/nats" >"$state/nats.log" 2>&1 &
    wait_for 4222 nats-server "$state/nats.log"
    echo "test-services: started nats-server with JetStream on 4222 ($state/nats)"
fi
