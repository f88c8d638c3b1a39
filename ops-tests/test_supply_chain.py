#!/usr/bin/env python3
"""The part of the supply-chain policy that needs no advisory database, checked
without cargo-deny (which takes longer to build than CI can spare, see README.md
"Supply chain"):

- Rust: every crate in Cargo.lock built for deny.toml's targets has a licence that
  its [licenses] allow list accepts, none is banned by [bans].deny, all come from one
  registry and none from git; crates in several versions are listed as warnings, as
  deny.toml asks;
- web: every package in web/package-lock.json has a sha512 integrity hash and comes
  from an https registry (no git, file or link dependencies), and the packages the
  web app ships (not the dev tools) have licences the same allow list accepts.

Prints one line per check and a closing 'N passed, N failed' line.
"""

import json
import re
import subprocess
import sys
import tomllib
from collections import defaultdict
from urllib.parse import urlparse

from checklist import ROOT, Checklist

checklist = Checklist()
check = checklist.check


def licence_accepted(expression, allowed):
    """Whether an SPDX expression is satisfied by the allowed licences: OR needs one
    side, AND both; `A WITH exception` passes when A, or A with that exception, is
    allowed. The legacy `A/B` form means A OR B."""
    tokens = re.findall(r"\(|\)|[^\s()]+", expression.replace("/", " OR "))
    position = 0

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1]

    def term():
        if peek() == "(":
            take()
            value = either()
            take()  # ")"
            return value
        licence = take()
        if peek() == "WITH":
            take()
            exception = take()
            return f"{licence} WITH {exception}" in allowed or licence in allowed
        return licence in allowed

    def both():
        value = term()
        while peek() == "AND":
            take()
            value = term() and value
        return value

    def either():
        value = both()
        while peek() == "OR":
            take()
            value = both() or value
        return value

    try:
        return either() and position == len(tokens)
    except IndexError:
        return False


def check_crates(policy, allowed):
    # Only the crates built for deny.toml's targets, as cargo-deny counts them.
    platforms = [f"--filter-platform={target}" for target in policy.get("graph", {}).get("targets", [])]
    done = subprocess.run(["cargo", "metadata", "--format-version", "1", "--locked", *platforms],
                          cwd=ROOT, capture_output=True, text=True)
    if not check("cargo metadata reads the locked workspace", done.returncode == 0, done.stderr.strip()[-300:]):
        return
    metadata = json.loads(done.stdout)
    workspace = set(metadata["workspace_members"])
    crates = [p for p in metadata["packages"] if p["id"] not in workspace]
    check(f"cargo metadata lists the workspace's {len(crates)} dependencies", crates)

    refused = [f"{p['name']} {p['version']} ({p.get('license')})" for p in crates
               if not (p.get("license") and licence_accepted(p["license"], allowed))]
    check("every crate has a licence deny.toml allows", not refused, "; ".join(refused))

    banned = {entry["crate"].split("@")[0] for entry in policy["bans"].get("deny", [])}
    present = sorted({p["name"] for p in crates} & banned)
    check(f"no banned crate ({', '.join(sorted(banned))})", not present, ", ".join(present))

    sources = {p["source"] for p in crates}
    check("no crate from git", not any(s and s.startswith("git+") for s in sources))
    check("no crate from outside the workspace by path", None not in sources)
    registries = {s for s in sources if s}
    check("every crate comes from the one default registry", len(registries) == 1, str(registries))

    versions = defaultdict(set)
    for crate in crates:
        versions[crate["name"]].add(crate["version"])
    for name, found in sorted(versions.items()):
        if len(found) > 1:
            print(f"warn crate {name} in {len(found)} versions: {', '.join(sorted(found))}")


def check_web_packages(allowed):
    lock = json.loads((ROOT / "web" / "package-lock.json").read_text())
    check("web/package-lock.json is lockfile version 3", lock.get("lockfileVersion") == 3)
    packages = {path: entry for path, entry in lock.get("packages", {}).items() if path}
    check(f"web/package-lock.json lists {len(packages)} packages", packages)
    unpinned = [path for path, entry in packages.items()
                if entry.get("link") or not str(entry.get("integrity", "")).startswith("sha512-")]
    check("every web package has a sha512 integrity hash (no git, file or link)", not unpinned,
          ", ".join(unpinned[:5]))
    elsewhere = [path for path, entry in packages.items()
                 if "resolved" in entry and urlparse(entry["resolved"]).scheme != "https"]
    check("no web package is resolved from anything but an https registry", not elsewhere,
          ", ".join(elsewhere[:5]))
    shipped = {path: entry for path, entry in packages.items() if not entry.get("dev")}
    refused = [f"{path} ({entry.get('license')})" for path, entry in shipped.items()
               if not (entry.get("license") and licence_accepted(entry["license"], allowed))]
    check(f"the {len(shipped)} packages the web app ships have licences deny.toml allows", not refused,
          "; ".join(refused))


def main():
    policy = tomllib.loads((ROOT / "deny.toml").read_text())
    allowed = set(policy["licenses"]["allow"])
    check_crates(policy, allowed)
    check_web_packages(allowed)
    return checklist.summary()


if __name__ == "__main__":
    sys.exit(main())
