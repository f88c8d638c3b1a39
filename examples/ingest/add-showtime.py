#!/usr/bin/env python3
"""Adds one showtime to a theater's day without removing the others.

The ingest API's schedule call replaces a theater's whole day (docs/ingest.md#ingest-api):
this reads the day as the JSON API serves it, adds the new showtime, and writes the day
back. The day is the theater's today in its own time zone (the site's when it names
none), not the machine's. Standard library only.

    python3 examples/ingest/add-showtime.py --theater 101 --movie 1001 --at 20:00 \\
        --perf-code 88213 [--seats 150] [--format IMAX] [--auditorium 3]

A showtime the point of sale gave a booking link keeps it only if the point of sale sends
it again: the JSON API shows the link a visitor follows, not the record's `bookingUrl`.
"""

import argparse
import datetime
import json
import sys
import urllib.error
import urllib.request
import zoneinfo

# What the JSON API shows of a showtime that the ingest API takes back as it is; the rest
# (id, date, time, ticketingUrl) is derived, and so is availability unless the point of
# sale gave it (`record`).
RECORD_FIELDS = ("perfCode", "movieId", "startsAt", "auditorium", "format", "attributes",
                 "language", "seatsAvailable", "seatsTotal")


def derived_availability(showtime):
    """The availability the catalogue derives from the seats (docs/ingest.md#availability)."""
    left, total = showtime.get("seatsAvailable"), showtime.get("seatsTotal")
    if left is None:
        return "available"
    if left == 0:
        return "sold-out"
    if (total and left <= total * 0.2) or (not total and left <= 10):
        return "selling-fast"
    return "available"


def record(showtime):
    """A showtime as the JSON API serves it, as the ingest API's record of it."""
    kept = {field: showtime[field] for field in RECORD_FIELDS if showtime.get(field) not in (None, "", [])}
    if showtime.get("availability") and showtime["availability"] != derived_availability(showtime):
        kept["availability"] = showtime["availability"]
    return kept


def call(method, url, key=None, body=None):
    request = urllib.request.Request(url, method=method)
    if key:
        request.add_header("Authorization", f"Bearer {key}")
    data = None
    if body is not None:
        request.add_header("Content-Type", "application/json")
        data = json.dumps(body).encode()
    try:
        with urllib.request.urlopen(request, data) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:
        sys.exit(f"{method} {url}: {error.code} {error.read().decode()}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://127.0.0.1:8080")
    parser.add_argument("--key-file", default="data/ingest/demo.key")
    parser.add_argument("--theater", required=True)
    parser.add_argument("--movie", required=True)
    parser.add_argument("--at", required=True, help="local time, HH:MM")
    parser.add_argument("--perf-code", required=True)
    parser.add_argument("--seats", type=int)
    parser.add_argument("--format", default="")
    parser.add_argument("--auditorium", default="")
    args = parser.parse_args()
    api = f"{args.url}/api/v1"
    with open(args.key_file) as file:
        key = file.read().strip()

    theater = call("GET", f"{api}/theaters/{args.theater}")
    zone = theater.get("timeZone") or call("GET", f"{api}/site")["config"]["timeZone"]
    day = datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date().isoformat()
    served = call("GET", f"{api}/showtimes?theaterId={args.theater}&from={day}&to={day}")
    showtimes = [record(showtime) for showtime in served]
    added = {"perfCode": args.perf_code, "movieId": args.movie, "startsAt": f"{day}T{args.at}"}
    for field, value in (("format", args.format), ("auditorium", args.auditorium)):
        if value:
            added[field] = value
    if args.seats is not None:
        added["seatsAvailable"] = added["seatsTotal"] = args.seats
    showtimes = [showtime for showtime in showtimes if showtime["perfCode"] != args.perf_code] + [added]
    reply = call("PUT", f"{api}/ingest/theaters/{args.theater}/showtimes?from={day}&to={day}",
                 key, {"showtimes": showtimes})
    print(f"{day} at theater {args.theater} ({zone}): {len(showtimes)} showtimes, "
          f"{reply['changed']} changed, revision {reply['revision']}")


if __name__ == "__main__":
    main()
