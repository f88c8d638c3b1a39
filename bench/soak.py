#!/usr/bin/env python3
"""Soak load driver: mixed traffic against the gateway at a fixed rate (open loop: a
request's latency counts from when it was due, so a slow server cannot slow the load
down and hide its own latency), then one line per kind with its error rate and p50/p99.

    soak.py URL SECONDS RATE

Kinds: browsing (JSON API lists), page (page data), login (the demo member logging in,
version 3), member (GetMember with a session). Standard library only.
"""

import http.client
import json
import queue
import random
import sys
import threading
import time
import urllib.parse

DEMO_EMAIL = "demo@marqueecinemas.example"
DEMO_PASSWORD = "Popcorn#2024"
WORKERS = 32

BROWSING = ["/api/v1/movies", "/api/v1/theaters", "/api/v1/events", "/api/v1/site"]
PAGES = [
    "/page-data/app-data.json",
    "/page-data/index/page-data.json",
    "/page-data/movies/page-data.json",
    "/page-data/theaters/page-data.json",
]
# Share of each kind in the mix.
MIX = [("browsing", 0.4), ("page", 0.3), ("member", 0.2), ("login", 0.1)]


def cypher(method, route, payload, session=None):
    body = dict(payload, reqMetadata={"method": method, "route": route})
    headers = {"Content-Type": "application/json"}
    if session:
        headers["Boxoffice-Session-Token"] = session
    return "POST", "/api/cypher", json.dumps(body), headers


def login_request():
    return cypher("POST", "/Member/v3/Login?boxofficeCircuitId=MQ",
                  {"username": DEMO_EMAIL, "password": DEMO_PASSWORD})


class Connection:
    """One keep-alive connection, reopened after a failure."""

    def __init__(self, host, port):
        self.host, self.port, self.conn = host, port, None

    def send(self, method, path, body=None, headers=None):
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
            self.conn.request(method, path, body=body, headers=headers or {})
            response = self.conn.getresponse()
            data = response.read()
            return response.status, data
        except (OSError, http.client.HTTPException):
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            return None, b""


def ok(kind, status, data):
    if status != 200:
        return False
    if kind in ("login", "member"):
        try:
            return json.loads(data).get("peachCode") == 0
        except ValueError:
            return False
    return True


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def main():
    url, seconds, rate = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    parsed = urllib.parse.urlparse(url)
    host, port = parsed.hostname, parsed.port or 80

    setup = Connection(host, port)
    for path in BROWSING + PAGES:
        status, _ = setup.send("GET", path)
        if status != 200:
            sys.exit(f"soak: GET {path} answers {status}, not 200: is the stack up?")
    status, data = setup.send(*login_request())
    if not ok("login", status, data):
        sys.exit(f"soak: the demo member cannot log in ({status}): {data[:200]!r}")
    session = json.loads(data)["sessionManagementTokens"]["boxofficeSessionToken"]

    due = queue.Queue()
    results = {kind: [] for kind, _ in MIX}
    failures = {kind: 0 for kind, _ in MIX}
    lock = threading.Lock()
    random.seed(7)

    def request_of(kind, n):
        if kind == "browsing":
            return "GET", BROWSING[n % len(BROWSING)], None, None
        if kind == "page":
            return "GET", PAGES[n % len(PAGES)], None, None
        if kind == "login":
            return login_request()
        return cypher("GET", "/Member/v3/GetMember/?boxofficeCircuitId=MQ", {}, session)

    def worker():
        connection = Connection(host, port)
        while True:
            job = due.get()
            if job is None:
                return
            kind, n, due_at = job
            status, data = connection.send(*request_of(kind, n))
            latency = time.monotonic() - due_at
            with lock:
                results[kind].append(latency)
                if not ok(kind, status, data):
                    failures[kind] += 1

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(WORKERS)]
    for thread in threads:
        thread.start()
    kinds = [kind for kind, _ in MIX]
    weights = [weight for _, weight in MIX]
    start = time.monotonic()
    total = int(seconds * rate)
    for n in range(total):
        due_at = start + n / rate
        pause = due_at - time.monotonic()
        if pause > 0:
            time.sleep(pause)
        due.put((random.choices(kinds, weights)[0], n, due_at))
    for _ in threads:
        due.put(None)
    for thread in threads:
        thread.join(timeout=30)
    elapsed = time.monotonic() - start

    sent = sum(len(v) for v in results.values())
    failed = sum(failures.values())
    print(f"{sent} requests in {elapsed:.0f} s ({sent / elapsed:.1f}/s, asked {rate:g}/s); "
          f"errors {failed} ({100 * failed / max(sent, 1):.2f} %)")
    print(f"{'kind':<10}{'requests':>10}{'errors':>8}{'error %':>9}{'p50 ms':>9}{'p99 ms':>9}")
    for kind in kinds:
        latencies = results[kind]
        print(f"{kind:<10}{len(latencies):>10}{failures[kind]:>8}"
              f"{100 * failures[kind] / max(len(latencies), 1):>9.2f}"
              f"{1000 * percentile(latencies, 50):>9.1f}{1000 * percentile(latencies, 99):>9.1f}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
