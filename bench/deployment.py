#!/usr/bin/env python3
"""The timed phases of bench/deployment.sh (published once, served everywhere), each a
subcommand that polls the gateways over HTTP and prints its figures. Standard library
only.

    deployment.py stored SITES OPS_URL...                      every site's revision served by each gateway
    deployment.py settled OPS_URL...                           every file at its best Brotli
    deployment.py change BUNDLE SITE RENDERER OPS_URL URL...   one change: each gateway's delay, the renderer's count
    deployment.py joins SITES RENDERER STARTED URL OPS_URL     a gateway started at STARTED serves every site
    deployment.py misses SITE URL                              every page of SITE read once, each a cache miss

A gateway's URL is its public port, its OPS_URL its operations listener (OPS_ADDR), the
only one that answers the detailed /readyz read here; change's OPS_URL is its first URL's.
"""

import http.client
import json
import statistics
import sys
import time
import urllib.parse
import xml.etree.ElementTree as ElementTree

POLL = 0.02


def get(url, host=None, encoding="br"):
    """(status, body) of GET `url`, asked as `host`."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    headers = {"Accept-Encoding": encoding}
    if host:
        headers["Host"] = host
    try:
        connection.request("GET", parts.path or "/", headers=headers)
        response = connection.getresponse()
        return response.status, response.read()
    except OSError:
        return None, b""
    finally:
        connection.close()


def readiness(ops_url):
    """The detailed /readyz of the gateway whose operations listener (OPS_ADDR) is at
    `ops_url`: its public port's answers only the status."""
    status, body = get(f"{ops_url}/readyz", encoding="identity")
    return json.loads(body) if status in (200, 503) else {}


def pages_rendered(renderer):
    _, body = get(f"{renderer}/metrics", encoding="identity")
    for line in body.decode().splitlines():
        if line.startswith('renderer_pages_total{outcome="rendered"} '):
            return int(line.split()[-1])
    sys.exit(f"bench: the renderer at {renderer} does not count pages")


def serves_every_site(ops_url, sites):
    """Whether the gateway with its operations listener at `ops_url` has a stored revision
    of every one of `sites` sites."""
    known = readiness(ops_url).get("sites", {})
    return len(known) == sites and all(
        site.get("storedRevision") and site.get("status") == "published" and site.get("rendered")
        for site in known.values()
    )


def wait(condition, seconds, what, every=POLL):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(every)
    sys.exit(f"bench: {what} not within {seconds} s")


def stored(sites, *ops_urls):
    started = time.monotonic()
    wait(lambda: all(serves_every_site(ops_url, int(sites)) for ops_url in ops_urls), 900,
         "every site stored")
    print(f"every one of {sites} sites stored and served by {len(ops_urls)} gateways "
          f"({time.monotonic() - started:.1f} s after the gateways answered)")


def settled(*ops_urls):
    """Waits until every file of every site has its best Brotli (the background pass,
    which runs while the gateway has no request: asked every 2 s)."""
    started = time.monotonic()
    wait(lambda: all(
        all(site.get("filesAwaitingBestBrotli") == 0 for site in readiness(ops_url).get("sites", {}).values())
        for ops_url in ops_urls), 1800, "the best Brotli pass", every=2)
    print(f"every file at its best Brotli {time.monotonic() - started:.0f} s later")


def change(bundle, site, renderer, ops_url, *urls):
    """Changes the first movie's synopsis in `bundle` (svc-catalogue reloads it) and times
    each gateway until it serves the movie's page with it; `ops_url` is the first one's
    operations listener."""
    host = f"{site}.localhost"
    movies_file = f"{bundle}/movies.json"
    with open(movies_file) as file:
        movies = json.load(file)
    _, body = get(f"{urls[0]}/api/v1/movies", host, "identity")
    movie = json.loads(body)[0]
    marker = f"Changed at {time.time():.0f} for every gateway."
    for entry in movies:
        if entry["id"] == movie["id"]:
            entry["synopsis"] = marker
    before = pages_rendered(renderer)
    changed = time.monotonic()
    with open(movies_file, "w") as file:
        json.dump(movies, file, indent=2)
    delays = {}
    deadline = changed + 60
    while len(delays) < len(urls) and time.monotonic() < deadline:
        for url in urls:
            if url not in delays and marker.encode() in get(f"{url}{movie['path']}", host, "identity")[1]:
                delays[url] = time.monotonic() - changed
        time.sleep(POLL)
    if len(delays) < len(urls):
        sys.exit(f"bench: not every gateway served the change within 60 s: {delays}")
    # A second publisher rendering the change too would show within this.
    time.sleep(3)
    rendered = pages_rendered(renderer) - before
    revision_pages = readiness(ops_url)["snapshot"]["pagesRendered"]
    print(f"one change to {site}: the renderer rendered {rendered} pages, the revision says "
          f"{revision_pages} (target: equal, each changed page once)")
    print("served by each gateway after " + ", ".join(f"{delay:.2f} s" for delay in delays.values())
          + " (target <= 2 s)")


def joins(sites, renderer, started, url, ops_url):
    before = pages_rendered(renderer)
    wait(lambda: serves_every_site(ops_url, int(sites)), 60, "the new gateway serving every site")
    took = time.time() - float(started)
    for site in list(readiness(ops_url)["sites"]):
        status, _ = get(f"{url}/", f"{site}.localhost")
        if status != 200:
            sys.exit(f"bench: the new gateway answers {status} for {site}")
    print(f"a gateway started afresh served all {sites} sites {took:.2f} s after its start "
          f"(target <= 5 s); pages rendered meanwhile: {pages_rendered(renderer) - before} (target 0)")


def misses(site, url):
    """Every page of `site`'s sitemap asked once (Brotli): none was read before, so each
    is read from the store."""
    host = f"{site}.localhost"
    _, body = get(f"{url}/sitemap.xml", host, "identity")
    namespace = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    paths = [urllib.parse.urlsplit(loc.text).path
             for loc in ElementTree.fromstring(body).findall("s:url/s:loc", namespace)]
    timings = []
    for path in paths:
        started = time.perf_counter()
        status, _ = get(f"{url}{path}", host)
        timings.append((time.perf_counter() - started) * 1000)
        if status != 200:
            sys.exit(f"bench: {path} answered {status}")
    timings.sort()
    p99 = timings[max(0, int(len(timings) * 0.99) - 1)]
    print(f"{len(paths)} pages of {site} each read once from the store: median "
          f"{statistics.median(timings):.1f} ms, p99 {p99:.1f} ms, max {timings[-1]:.1f} ms "
          f"(target p99 <= 20 ms)")


if __name__ == "__main__":
    phases = {"stored": stored, "settled": settled, "change": change, "joins": joins, "misses": misses}
    if len(sys.argv) < 2 or sys.argv[1] not in phases:
        sys.exit(__doc__)
    phases[sys.argv[1]](*sys.argv[2:])
