"""What the ops checks share: the checklist they print, and the README's configuration
table."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APP_SERVICES = ["gateway", "svc-catalogue", "svc-loyalty", "svc-ads", "svc-consent", "svc-studio"]
# React's server renderer (web/renderer/, run by Node): deployed beside the binaries.
RENDERER = "renderer"
# Deployed components that run another's program: the publishers are gateways that
# publish (GATEWAY_PUBLISHES=true) while the gateway itself serves what they store.
PROGRAM = {"publisher": "gateway"}


def program_of(component):
    """The binary (or the renderer) a deployed component runs."""
    return PROGRAM.get(component, component)


class Checklist:
    """Prints one line per check and, at the end, 'N passed, N failed'."""

    def __init__(self):
        self.results = []

    def check(self, name, condition, detail=""):
        self.results.append(bool(condition))
        status = "ok  " if condition else "FAIL"
        print(f"{status} {name}" + (f": {detail}" if detail and not condition else ""))
        return bool(condition)

    def summary(self):
        """Prints the closing line; the process exit code."""
        failed = self.results.count(False)
        print(f"{len(self.results) - failed} passed, {failed} failed")
        return 1 if failed else 0


def readme_variables():
    """Variable -> the services README.md says read it, for the variables that have a
    default (those unset by default are optional and need not be set)."""
    table = {}
    for line in (ROOT / "README.md").read_text().splitlines():
        match = re.match(r"\| `([A-Z_]+)` \| ([^|]*) \| ([^|]+) \|", line)
        if match and match.group(2).strip() != "unset":
            users = [u.strip() for u in match.group(3).split(",")]
            table[match.group(1)] = users
    return table


def variables_to_set(program):
    """The variables with a default that README.md says `program` reads, which a
    deployment sets explicitly (a gateway that does not publish still renders a studio
    draft's preview, so it names the renderer too)."""
    return {variable for variable, users in readme_variables().items() if program in users}
