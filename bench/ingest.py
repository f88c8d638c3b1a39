#!/usr/bin/env python3
"""Measures the ingest API (docs/ingest.md#ingest-api) against a running gateway; bench/ingest.sh
starts the stack and calls it. Standard library only.

  ingest.py import URL KEY OPS_URL
                                 one schedule call per theater that has no showtimes
                                 (7 days, 24 movies four times a day), two calls at once;
                                 prints the time until all are committed and until the
                                 site is published with the last of them (the detailed
                                 /readyz of OPS_URL, the gateway's operations listener,
                                 OPS_ADDR)
  ingest.py bulk URL KEY         10,000 availability updates in one call, three times
  ingest.py sales URL KEY RATE SECONDS
                                 availability updates at RATE a second (one call each
                                 0.1 s) for SECONDS, while watchers poll five theaters'
                                 showtimes on the JSON API and their published page data:
                                 how long after its call returned each update was seen
                                 (seat counts on the API, availability in the page data)

Figures go to stdout as `name value` lines for ingest.sh's summary.
"""

import json
import random
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta

MOVIES_PER_THEATER = 24
TIMES = ["11:30", "14:15", "17:40", "20:50"]
DAYS = 7
WATCHED_THEATERS = 5


def call(method, url, key=None, body=None):
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def get_json(url):
    status, body = call("GET", url)
    if status != 200:
        sys.exit(f"ingest bench: GET {url} answered {status}: {body}")
    return body


def readiness(ops_url):
    """The detailed /readyz, from the gateway's operations listener (OPS_ADDR): the public
    port's answers only the status."""
    try:
        return get_json(f"{ops_url}/readyz")
    except (OSError, SystemExit):
        return {}


def wait_published(ops_url, revision, limit=300):
    """Seconds until the rendered snapshot names `revision`."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        snapshot = readiness(ops_url).get("snapshot") or {}
        if snapshot.get("revision") == revision and snapshot.get("rendered"):
            return time.monotonic()
        time.sleep(0.05)
    sys.exit(f"ingest bench: revision {revision} not published in {limit} s")


def site_today(url):
    theater = get_json(f"{url}/api/v1/theaters")[0]
    showtimes = get_json(f"{url}/api/v1/showtimes?theaterId={theater['id']}")
    return date.fromisoformat(showtimes[0]["date"]) if showtimes else date.today()


def schedule(theater_id, movies, first_day, offset):
    showtimes = []
    for day in range(DAYS):
        day_date = first_day + timedelta(days=day)
        for slot in range(MOVIES_PER_THEATER):
            movie = movies[(offset * 7 + slot * 13) % len(movies)]
            for time_of_day in TIMES:
                showtimes.append({
                    "perfCode": f"{theater_id}-{day_date:%m%d}-{slot:02d}{time_of_day.replace(':', '')}",
                    "movieId": movie["id"],
                    "startsAt": f"{day_date}T{time_of_day}:00",
                    "auditorium": str(1 + slot % 12),
                    "format": "Standard",
                    "seatsAvailable": 180,
                    "seatsTotal": 180,
                })
    return showtimes


def import_schedules(url, key, ops_url):
    today = site_today(url)
    movies = get_json(f"{url}/api/v1/movies")
    theaters = get_json(f"{url}/api/v1/theaters")
    showing = {s["theaterId"] for s in get_json(f"{url}/api/v1/showtimes?from={today}&to={today}")}
    empty = [theater["id"] for theater in theaters if theater["id"] not in showing]
    last = today + timedelta(days=DAYS - 1)
    bodies = [(theater_id, {"showtimes": schedule(theater_id, movies, today, index)})
              for index, theater_id in enumerate(empty)]
    count = sum(len(body["showtimes"]) for _, body in bodies)

    def put(item):
        theater_id, body = item
        status, answer = call("PUT", f"{url}/api/v1/ingest/theaters/{theater_id}/showtimes"
                              f"?from={today}&to={last}", key, body)
        if status != 200:
            sys.exit(f"ingest bench: theater {theater_id}'s schedule answered {status}: {answer}")
        return time.monotonic(), answer["revision"]

    started = time.monotonic()
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(put, bodies))
    committed_at, revision = max(answers)
    published_at = wait_published(ops_url, revision)
    print(f"import_theaters {len(bodies)}")
    print(f"import_showtimes {count}")
    print(f"import_committed_s {committed_at - started:.1f}")
    print(f"import_published_s {published_at - started:.1f}")


def week_showtimes(url, theater_id, today):
    return get_json(f"{url}/api/v1/showtimes?theaterId={theater_id}&from={today}"
                    f"&to={today + timedelta(days=DAYS - 1)}")


def bulk(url, key):
    today = site_today(url)
    theaters = get_json(f"{url}/api/v1/theaters")
    updates = []
    for theater in theaters:
        for showtime in week_showtimes(url, theater["id"], today):
            updates.append({"theaterId": theater["id"], "perfCode": showtime["perfCode"]})
        if len(updates) >= 10_000:
            break
    updates = updates[:10_000]
    took = []
    for round_ in range(3):
        for update in updates:
            update["seatsAvailable"] = 150 - round_
            update["seatsTotal"] = 180
        started = time.monotonic()
        status, answer = call("POST", f"{url}/api/v1/ingest/availability", key, {"updates": updates})
        took.append(time.monotonic() - started)
        if status != 200 or answer["changed"] != len(updates):
            sys.exit(f"ingest bench: the bulk update answered {status}: {answer}")
    print(f"bulk_updates {len(updates)}")
    print(f"bulk_call_ms {statistics.median(took) * 1000:.0f}")


class Watcher(threading.Thread):
    """Polls one source until stopped, noting when each awaited value is first seen. A
    value seen stands for the values of the same showtime awaited before it (a later
    sale may replace an earlier one between two polls)."""

    def __init__(self, read, every):
        super().__init__(daemon=True)
        self.read, self.every = read, every
        self.awaited = {}  # perfCode -> [(value, when its call returned)], oldest first
        self.delays = []
        self.lock = threading.Lock()
        self.stopped = threading.Event()

    def expect(self, perf_code, value, returned_at):
        with self.lock:
            self.awaited.setdefault(perf_code, []).append((value, returned_at))

    def unseen(self):
        return sum(len(values) for values in self.awaited.values())

    def run(self):
        while not self.stopped.is_set():
            seen = self.read()
            now = time.monotonic()
            with self.lock:
                for perf_code, values in self.awaited.items():
                    shown = [i for i, (value, _) in enumerate(values) if (perf_code, value) in seen]
                    if shown:
                        last = shown[-1]
                        self.delays.extend(now - returned for _, returned in values[:last + 1])
                        del values[:last + 1]
            time.sleep(self.every)


def sales(url, key, rate, seconds):
    rng = random.Random(7)
    today = site_today(url)
    theaters = get_json(f"{url}/api/v1/theaters")
    watched = theaters[:WATCHED_THEATERS]
    showings, shown = {}, {}
    for theater in theaters:
        for showtime in get_json(f"{url}/api/v1/showtimes?theaterId={theater['id']}&from={today}&to={today}"):
            total = showtime.get("seatsTotal") or 120
            left = showtime.get("seatsAvailable")
            showings[(theater["id"], showtime["perfCode"])] = [total, total if left is None else left]
            shown[showtime["perfCode"]] = showtime["availability"]
    watched_ids = {theater["id"] for theater in watched}
    watched_keys = [key_ for key_ in showings if key_[0] in watched_ids]
    other_keys = [key_ for key_ in showings if key_[0] not in watched_ids]

    def api_seen():
        seen = set()
        for theater in watched:
            for showtime in get_json(f"{url}/api/v1/showtimes?theaterId={theater['id']}&from={today}&to={today}"):
                seen.add((showtime["perfCode"], showtime.get("seatsAvailable")))
        return seen

    def page_data_seen():
        seen = set()
        for theater in watched:
            data = get_json(f"{url}/page-data/theaters/{theater['id']}-{theater['slug']}/page-data.json")
            for showtime in data["data"].get("showtimes", []):
                seen.add((showtime["perfCode"], showtime["availability"]))
        return seen

    api, pages = Watcher(api_seen, 0.05), Watcher(page_data_seen, 0.1)
    api.start()
    pages.start()
    started, owed, sent, calls = time.monotonic(), 0.0, 0, []
    while time.monotonic() - started < seconds:
        tick = time.monotonic()
        owed += rate / 10
        count, owed = int(owed), owed - int(owed)
        chosen = {}
        for _ in range(count):
            # A third of the sales are at the watched theaters, whose houses empty fast.
            pool = watched_keys if watched_keys and rng.random() < 1 / 3 else other_keys or watched_keys
            key_ = rng.choice(pool)
            total, left = showings[key_]
            step = rng.randint(1, max(1, total // 8)) if key_[0] in watched_ids else rng.randint(1, 4)
            showings[key_][1] = max(0, left - step)
            chosen[key_] = showings[key_][1]
        if chosen:
            updates = [{"theaterId": t, "perfCode": p, "seatsAvailable": left, "seatsTotal": showings[(t, p)][0]}
                       for (t, p), left in chosen.items()]
            before = time.monotonic()
            status, answer = call("POST", f"{url}/api/v1/ingest/availability", key, {"updates": updates})
            returned = time.monotonic()
            calls.append(returned - before)
            if status != 200:
                sys.exit(f"ingest bench: an availability call answered {status}: {answer}")
            sent += len(updates)
            for (theater_id, perf_code), left in chosen.items():
                if theater_id in watched_ids:
                    total = showings[(theater_id, perf_code)][0]
                    api.expect(perf_code, left, returned)
                    # Page data shows availability: awaited when it changes.
                    status_now = availability(left, total)
                    if shown.get(perf_code) != status_now:
                        shown[perf_code] = status_now
                        pages.expect(perf_code, status_now, returned)
        time.sleep(max(0.0, 0.1 - (time.monotonic() - tick)))
    time.sleep(10)
    api.stopped.set()
    pages.stopped.set()
    api.join()
    pages.join()
    print(f"sales_updates {sent}")
    print(f"sales_call_p99_ms {percentile(calls, 99) * 1000:.0f}")
    for name, watcher in (("api", api), ("page_data", pages)):
        print(f"sales_{name}_seen {len(watcher.delays)}")
        print(f"sales_{name}_never_seen {watcher.unseen()}")
        print(f"sales_{name}_p50_s {percentile(watcher.delays, 50):.2f}")
        print(f"sales_{name}_p99_s {percentile(watcher.delays, 99):.2f}")


def availability(left, total):
    if left == 0:
        return "sold-out"
    return "selling-fast" if left <= total * 0.2 else "available"


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    command, url, key = sys.argv[1:4]
    if command == "import" and len(sys.argv) > 4:
        import_schedules(url, key, sys.argv[4])
    elif command == "bulk":
        bulk(url, key)
    elif command == "sales":
        sales(url, key, float(sys.argv[4]), float(sys.argv[5]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
