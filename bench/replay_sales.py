#!/usr/bin/env python3
"""Plays a night of ticket sales against the ingest API, so a person can watch seats
sell out on the site, or a benchmark can measure how fast the updates are served.

It reads the site's showtimes of the coming days from the JSON API, gives each a house
(its `seatsTotal`, else 80 to 300 seats), and sends seat counts through
`POST /api/v1/ingest/availability` at `--rate` updates a second for `--seconds`, in one
call each `--every` seconds: each update sells a few more seats of a showing, popular
films and evening showings faster, until it is sold out. Every call's answer is printed
as one line (the revision, how many showtimes changed, how long the call took).

  bench/replay_sales.py                       # the demo of `make run`, 5 updates/s, 10 min
  bench/replay_sales.py --rate 200 --seconds 60 --url http://127.0.0.1:8080

The key comes from --key, else INGEST_KEY, else the file the embedded demo writes
(DATA_DIR/ingest/{site}.key, DATA_DIR defaulting to ./data). Standard library only.
"""

import argparse
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request
from datetime import date, timedelta
from pathlib import Path


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080", help="the gateway")
    parser.add_argument("--site", default="demo", help="the site whose key is read from DATA_DIR")
    parser.add_argument("--key", default=os.environ.get("INGEST_KEY"), help="the site's ingest key")
    parser.add_argument("--rate", type=float, default=5.0, help="availability updates a second")
    parser.add_argument("--seconds", type=float, default=600.0, help="how long the night lasts")
    parser.add_argument("--every", type=float, default=1.0, help="seconds between calls")
    parser.add_argument("--days", type=int, default=1, help="sell the showtimes of this many days from today")
    parser.add_argument("--seed", type=int, default=None, help="a seed, to replay the same night")
    return parser.parse_args()


def ingest_key(arguments):
    if arguments.key:
        return arguments.key.strip()
    data_dir = Path(os.environ.get("DATA_DIR", "data"))
    key_file = data_dir / "ingest" / f"{arguments.site}.key"
    try:
        return key_file.read_text().strip()
    except OSError as error:
        sys.exit(f"replay: no ingest key: give --key, set INGEST_KEY, or start `make run` once ({error})")


def get_json(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return json.load(response)


def post_json(url, key, body):
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {key}"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


class Showing:
    """A showtime and what is left of its house."""

    def __init__(self, showtime, rng):
        self.theater_id = showtime["theaterId"]
        self.perf_code = showtime["perfCode"]
        self.total = showtime.get("seatsTotal") or rng.randrange(80, 301, 10)
        left = showtime.get("seatsAvailable")
        self.left = self.total if left is None else left
        if showtime.get("availability") == "sold-out":
            self.left = 0
        hour = int(showtime["time"][:2])
        # Evenings and weekends sell faster.
        self.pull = (3.0 if hour >= 18 else 1.0) * (1.5 if date.fromisoformat(showtime["date"]).weekday() >= 4 else 1.0)

    def sell(self, rng):
        self.left = max(0, self.left - rng.randint(1, max(1, self.total // 25)))
        return {
            "theaterId": self.theater_id,
            "perfCode": self.perf_code,
            "seatsAvailable": self.left,
            "seatsTotal": self.total,
        }


def main():
    arguments = parse_arguments()
    rng = random.Random(arguments.seed)
    key = ingest_key(arguments)
    today = date.today()
    last = today + timedelta(days=max(1, arguments.days) - 1)
    showtimes = get_json(f"{arguments.url}/api/v1/showtimes?from={today}&to={last}")
    showings = [Showing(showtime, rng) for showtime in showtimes]
    if not showings:
        sys.exit("replay: the site has no showtimes in those days")
    print(f"replay: {len(showings)} showtimes from {today} to {last}, "
          f"{arguments.rate:g} updates/s for {arguments.seconds:g} s", flush=True)

    started = time.monotonic()
    owed = 0.0
    sent = 0
    while time.monotonic() - started < arguments.seconds:
        tick = time.monotonic()
        owed += arguments.rate * arguments.every
        count = int(owed)
        owed -= count
        on_sale = [showing for showing in showings if showing.left > 0]
        if not on_sale:
            print("replay: every showing is sold out", flush=True)
            break
        chosen = rng.choices(on_sale, weights=[showing.pull for showing in on_sale], k=count)
        # One update per showtime a call: the last sale of a showing in this second wins.
        updates = {(s.theater_id, s.perf_code): s.sell(rng) for s in chosen}
        if updates:
            status, answer = post_json(f"{arguments.url}/api/v1/ingest/availability", key,
                                       {"updates": list(updates.values())})
            took = (time.monotonic() - tick) * 1000
            sent += len(updates)
            if status != 200:
                sys.exit(f"replay: the ingest API answered {status}: {json.dumps(answer)}")
            sold_out = sum(1 for showing in showings if showing.left == 0)
            print(f"{time.monotonic() - started:7.1f}s  {len(updates):5d} updates  "
                  f"changed {answer['changed']:5d}  revision {answer['revision']}  "
                  f"{took:6.1f} ms  sold out {sold_out}/{len(showings)}", flush=True)
        time.sleep(max(0.0, arguments.every - (time.monotonic() - tick)))
    print(f"replay: {sent} updates sent in {time.monotonic() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()
