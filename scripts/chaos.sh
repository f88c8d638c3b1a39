#!/usr/bin/env bash
# The chaos scenarios (chaos/tests/chaos), run from the workspace's test build as `cargo
# test` would run them: `cargo test -p chaos` or `--test chaos` resolve features for fewer
# packages and compile much of the workspace again. `make rust-test` runs this beside the
# other Rust tests: the scenarios bring their own nats-server and PostgreSQL, and spend
# most of their time waiting on the processes they start. Arguments go to the test binary
# (a name filter, --nocapture).
set -euo pipefail
cd "$(dirname "$0")/.."

executable=$(cargo test --workspace --no-run --quiet --message-format=json | python3 -c '
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    target = message.get("target", {})
    if message.get("reason") == "compiler-artifact" and target.get("name") == "chaos" \
            and "test" in target.get("kind", []) and message.get("executable"):
        print(message["executable"])
')
if [ -z "$executable" ]; then
    echo "chaos.sh: the workspace build has no chaos test binary" >&2
    exit 1
fi
cd chaos
exec "$executable" "$@"
