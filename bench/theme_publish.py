#!/usr/bin/env python3
"""A theme change published through the studio, timed to the public site.

    bench/theme_publish.py GATEWAY_URL OPS_URL STUDIO_ORIGIN FIRST_OPERATOR_FILE SITE_ID COLOUR

Accepts the first operator's invitation (the link svc-studio wrote at its first start),
saves COLOUR as the site's primary colour in its draft and publishes it. Then polls the
gateway's detailed /readyz (on OPS_URL) until the published revision is served and until
every page of it is rendered, and checks that the home page's theme names the colour.
Prints one JSON line, in milliseconds from the publish call: its answer, the revision
served (page data and app data first), every page rendered.
"""

import json
import sys
import time
import urllib.parse
import urllib.request

POLL_SECONDS = 0.05
GIVE_UP_SECONDS = 600


def call(gateway, studio_host, origin, method, path, body=None, cookie=None, kind="application/json"):
    headers = {"Host": studio_host, "Origin": origin, "Content-Type": kind}
    if cookie:
        headers["Cookie"] = cookie
    data = json.dumps(body if body is not None else {}).encode()
    request = urllib.request.Request(gateway + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=120) as answer:
        return answer.headers, json.loads(answer.read() or b"null")


def get(url):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read()


def main():
    gateway, ops, origin, invitation_file, site, colour = sys.argv[1:]
    studio_host = urllib.parse.urlsplit(origin).netloc
    link = open(invitation_file).read().strip()
    token = urllib.parse.parse_qs(urllib.parse.urlsplit(link).query)["token"][0]
    headers, _ = call(
        gateway, studio_host, origin, "POST", "/studio/api/v1/invitations/accept",
        {"token": token, "name": "Bench Operator", "email": "bench@chain.example"},
    )
    cookie = headers["Set-Cookie"].split(";")[0]
    patch = {"config": {"theme": {"palette": {"primary": colour}}}}
    call(gateway, studio_host, origin, "PATCH", f"/studio/api/v1/sites/{site}/draft/site",
         patch, cookie, "application/merge-patch+json")

    sent = time.monotonic()
    _, published = call(gateway, studio_host, origin, "POST",
                        f"/studio/api/v1/sites/{site}/draft/publish", {}, cookie)
    answered = time.monotonic()
    revision = str(published["revision"])
    served = None
    while time.monotonic() - sent < GIVE_UP_SECONDS:
        snapshot = json.loads(get(ops + "/readyz")).get("snapshot") or {}
        if str(snapshot.get("revision")) == revision:
            served = served or time.monotonic()
            if snapshot.get("rendered"):
                rendered = time.monotonic()
                break
        time.sleep(POLL_SECONDS)
    else:
        sys.exit(f"bench: revision {revision} was not served rendered within {GIVE_UP_SECONDS} s")
    home = get(gateway + "/").decode()
    theme = home[home.find("<style data-theme>"):]
    if colour.lower() not in theme[:theme.find("</style>")].lower():
        sys.exit(f"bench: the home page's theme does not name {colour}")
    print(json.dumps({
        "publishAnsweredMs": round((answered - sent) * 1000),
        "servedMs": round((served - sent) * 1000),
        "renderedMs": round((rendered - sent) * 1000),
    }))


if __name__ == "__main__":
    main()
