#!/usr/bin/env python3
"""Checks compose.yaml and the Dockerfile without a Docker engine.

- compose.yaml validates against the Compose Specification's JSON schema
  (compose-spec.json, see README.md here for its origin);
- every service has an image or build, a health check and a restart policy;
- the application services run read-only as a non-root user, log JSON and set the
  variables README.md's configuration table says they read;
- the Dockerfile's runtime stage is distroless and non-root, with a health check;
- NATS runs with deploy/nats/auth.conf's users, each client's URL names its role's
  user and the password the server is given (svc-catalogue's `catalogue` too); the
  clients start once NATS is healthy; one replica and bounded streams;
- the gateway's and the publisher's operations port (OPS_ADDR) is not published;
- the gateway and the publisher dial svc-studio and serve the studio on its host names,
  which svc-studio's links name.

Prints one line per check and a closing 'N passed, N failed' line.
"""

import json
import os
import re
import sys
from urllib.parse import urlsplit

try:
    import jsonschema
    import yaml
except ImportError as missing:
    print(f"missing Python package: {missing.name} (pip install jsonschema pyyaml)")
    sys.exit(1)

from checklist import APP_SERVICES, RENDERER, ROOT, Checklist, program_of, readme_variables, variables_to_set

checklist = Checklist()
check = checklist.check


# The NATS user each client connects as (deploy/nats/auth.conf), by its URL variable.
NATS_USERS = {
    "publisher": ("PUBLISH_NATS_URL", "publisher"),
    "gateway": ("PUBLISH_NATS_URL", "gateway"),
    "svc-loyalty": ("NATS_URL", "loyalty"),
    "svc-catalogue": ("NATS_URL", "catalogue"),
}
# The byte limit of each event stream, by the service that makes it.
STREAM_LIMITS = {"svc-loyalty": ("LOYALTY_STREAM_MB", "member events"),
                 "svc-catalogue": ("CATALOGUE_STREAM_MB", "catalogue's events")}
NATS_CONFIG = "deploy/nats/auth.conf"


def check_nats(services):
    """NATS runs with the users of deploy/nats/auth.conf, and each client's URL names its
    role's user with the password the server is given (both from one variable)."""
    nats = services.get("nats", {})
    command = nats.get("command", [])
    config = command[command.index("-c") + 1] if "-c" in command[:-1] else ""
    mounts = {volume.split(":")[1]: volume.split(":")[0] for volume in nats.get("volumes", []) if volume.count(":") >= 1}
    check("nats runs with deploy/nats/auth.conf (users per role, no anonymous client)",
          config and mounts.get(config, "").removeprefix("./") == NATS_CONFIG and (ROOT / NATS_CONFIG).is_file(),
          f"-c {config} from {mounts.get(config)}")
    check("nats keeps JetStream on its volume", "-js" in command and "nats-data:/data" in nats.get("volumes", []))
    server_environment = nats.get("environment", {})
    for service, (variable, user) in NATS_USERS.items():
        url = str(services.get(service, {}).get("environment", {}).get(variable, ""))
        # nats://USER:${NATS_USER_PASSWORD:-default}@nats:4222, the server given the same.
        match = re.fullmatch(r"nats://([a-z]+):(\$\{(NATS_[A-Z]+_PASSWORD):-[^}]+\})@nats:4222", url)
        check(f"{service}'s {variable} connects to nats as `{user}` with the password the server is given",
              match is not None and match.group(1) == user and match.group(3) == f"NATS_{user.upper()}_PASSWORD"
              and server_environment.get(match.group(3)) == match.group(2),
              url)
    # Every user of auth.conf, those whose client is not in compose too (analytics
    # consumers, svc-studio's audit events): an unset password stops the server.
    check("the nats server is given a password for each role, consumers and svc-studio too",
          all(f"NATS_{role}_PASSWORD" in server_environment
              for role in ("PUBLISHER", "GATEWAY", "LOYALTY", "CATALOGUE", "CONSUMER", "STUDIO")),
          str(sorted(server_environment)))
    for service in ("gateway", "publisher", "svc-loyalty", "svc-catalogue"):
        check(f"{service} gives its streams one replica on the one NATS server (NATS_REPLICAS)",
              services.get(service, {}).get("environment", {}).get("NATS_REPLICAS") == "1")
    for service in ("gateway", "publisher", "svc-loyalty", "svc-catalogue", "svc-studio"):
        check(f"{service} starts once nats is healthy",
              services.get(service, {}).get("depends_on", {}).get("nats", {}).get("condition") == "service_healthy")
    for service in ("gateway", "publisher"):
        environment = services.get(service, {}).get("environment", {})
        check(f"{service} bounds the published store (PUBLISHED_STORE_MB, PUBLISHED_KEEP_REVISIONS)",
              str(environment.get("PUBLISHED_STORE_MB", "")).isdigit()
              and str(environment.get("PUBLISHED_KEEP_REVISIONS", "")).isdigit())
    for service, (variable, what) in STREAM_LIMITS.items():
        check(f"{service} bounds the {what} ({variable})",
              str(services.get(service, {}).get("environment", {}).get(variable, "")).isdigit())


def check_operations_port(services):
    """The gateway's and the publisher's operations listener (OPS_ADDR) answers inside
    the compose network only: no service publishes its port to the host."""
    for service in ("gateway", "publisher"):
        ops = str(services.get(service, {}).get("environment", {}).get("OPS_ADDR", ""))
        check(f"{service} has an operations listener on every interface (OPS_ADDR)",
              re.fullmatch(r"0\.0\.0\.0:\d+", ops) is not None, ops)
        port = ops.rpartition(":")[2]
        published = [str(p) for p in services.get(service, {}).get("ports", [])]
        check(f"{service}'s operations port is not published to the host",
              not any(p.rpartition(":")[2].split("/")[0] == port for p in published), str(published))
        listen = str(services.get(service, {}).get("environment", {}).get("GATEWAY_ADDR", ""))
        check(f"{service}'s health check asks its public listener's /healthz (--health, GATEWAY_ADDR)",
              services.get(service, {}).get("healthcheck", {}).get("test", [])[1:] == ["/app/service", "--health"]
              and listen and listen != ops)
    exposed = [name for name, service in services.items() if service.get("ports")]
    check("only the gateway publishes a port", exposed == ["gateway"], str(exposed))


def check_studio(services):
    """The gateway and the publisher dial svc-studio at its listener and serve the studio
    on STUDIO_HOSTS; svc-studio's links (STUDIO_URL) name one of those hosts on the
    gateway's published port, and its store is the shared database."""
    service = services.get("svc-studio", {})
    studio = service.get("environment", {})
    port = str(studio.get("STUDIO_ADDR", "")).rpartition(":")[2]
    url = urlsplit(str(studio.get("STUDIO_URL", "")))
    published = [str(p).rpartition(":")[2] for p in services.get("gateway", {}).get("ports", [])]
    for name in ("gateway", "publisher"):
        environment = services.get(name, {}).get("environment", {})
        check(f"{name}'s STUDIO_ADDR names svc-studio's port",
              environment.get("STUDIO_ADDR") == f"svc-studio:{port}", str(environment.get("STUDIO_ADDR")))
        hosts = [h.strip() for h in str(environment.get("STUDIO_HOSTS", "")).split(",") if h.strip()]
        check(f"{name} serves the studio on the host svc-studio's links name (STUDIO_HOSTS, STUDIO_URL)",
              url.hostname in hosts and str(url.port or 80) in published, f"{hosts} vs {url.geturl()}")
        check(f"{name} and svc-studio agree on the studio's origin (STUDIO_URL)",
              environment.get("STUDIO_URL") == studio.get("STUDIO_URL"), str(environment.get("STUDIO_URL")))
    check("svc-studio keeps its staff in the database the other services share",
          studio.get("DATABASE_URL") == services.get("svc-consent", {}).get("environment", {}).get("DATABASE_URL")
          and service.get("depends_on", {}).get("postgres", {}).get("condition") == "service_healthy")


def main():
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    schema = json.loads((ROOT / "ops-tests" / "compose-spec.json").read_text())
    errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(compose), key=str)
    check("compose.yaml follows the Compose Specification", not errors,
          "; ".join(f"{'/'.join(map(str, e.path))}: {e.message}" for e in errors[:3]))

    services = compose.get("services", {})
    for name in APP_SERVICES + [RENDERER, "publisher", "nats", "postgres"]:
        service = services.get(name)
        check(f"{name} is defined", service is not None)
        if service is None:
            continue
        check(f"{name} has an image or a build", "image" in service or "build" in service)
        check(f"{name} has a health check", bool(service.get("healthcheck", {}).get("test")))
        check(f"{name} restarts", service.get("restart") in ("always", "unless-stopped", "on-failure"))

    variables = readme_variables()
    check("README.md lists configuration variables", len(variables) >= 8, str(len(variables)))
    for name in APP_SERVICES + [RENDERER, "publisher"]:
        service = services.get(name, {})
        program = program_of(name)
        environment = service.get("environment", {})
        check(f"{name} runs read-only", service.get("read_only") is True)
        user = str(service.get("user", ""))
        check(f"{name} runs as a non-root user", user and not user.startswith("0") and user != "root", user)
        check(f"{name} logs JSON", environment.get("LOG_FORMAT") == "json")
        build = service.get("build", {})
        if name == RENDERER:
            check(f"{name} is the shared Dockerfile's renderer target", build.get("target") == RENDERER)
        else:
            check(f"{name} uses the shared Dockerfile for its binary", build.get("args", {}).get("BINARY") == program)
        for variable in sorted(variables_to_set(program)):
            check(f"{name} sets {variable}", variable in environment)

    gateway = services.get("gateway", {})
    publisher = services.get("publisher", {})
    check("the gateway publishes 8080, the publisher nothing",
          any(str(p).endswith("8080:8080") for p in gateway.get("ports", [])) and not publisher.get("ports"))
    waits = lambda service, names: all(
        service.get("depends_on", {}).get(s, {}).get("condition") == "service_healthy" for s in names)
    check("the publisher waits for healthy services, NATS and the renderer",
          waits(publisher, APP_SERVICES[1:] + ["nats", RENDERER]))
    check("the gateway waits for healthy services, NATS and the publisher",
          waits(gateway, APP_SERVICES[1:] + ["nats", "publisher"]))
    check("the publisher's RENDERER_URL names the renderer service",
          publisher.get("environment", {}).get("RENDERER_URL") == "http://renderer:8093")
    check("the gateway's RENDERER_URL names the renderer service (studio previews)",
          gateway.get("environment", {}).get("RENDERER_URL") == "http://renderer:8093")
    check("the publisher publishes and the gateway serves what it stores (GATEWAY_PUBLISHES)",
          publisher.get("environment", {}).get("GATEWAY_PUBLISHES") == "true"
          and gateway.get("environment", {}).get("GATEWAY_PUBLISHES") == "false")
    check_nats(services)
    check_operations_port(services)
    check_studio(services)
    catalogue = services.get("svc-catalogue", {})
    load = services.get("catalogue-import", {})
    check("catalogue-import runs svc-catalogue's import of the demo the image carries",
          load.get("build", {}).get("args", {}).get("BINARY") == "svc-catalogue"
          and load.get("command", [])[:2] == ["import", "/app/site/demo"]
          and (ROOT / "site" / "demo").is_dir())
    check("catalogue-import writes the store svc-catalogue reads",
          bool(load.get("environment", {}).get("DATABASE_URL"))
          and load["environment"]["DATABASE_URL"] == catalogue.get("environment", {}).get("DATABASE_URL"))
    check("catalogue-import runs once, read-only, as a non-root user",
          load.get("restart") == "no" and load.get("read_only") is True
          and not str(load.get("user", "0")).startswith("0"))
    check("svc-catalogue starts once the demo is imported, and imports nothing itself",
          catalogue.get("depends_on", {}).get("catalogue-import", {}).get("condition") == "service_completed_successfully"
          and catalogue.get("environment", {}).get("SITE_DIR") == ""
          and not catalogue.get("volumes"))

    dockerfile = (ROOT / "Dockerfile").read_text()
    stages = re.split(r"^FROM ", dockerfile, flags=re.M)
    runtime = stages[-1]
    check("the runtime image is distroless", runtime.startswith("gcr.io/distroless/"))
    check("the runtime stage runs as non-root", re.search(r"^USER (?!root|0\b)\S+", runtime, re.M) is not None)
    check("the runtime stage has a health check", "HEALTHCHECK" in runtime)
    check("the build is locked to Cargo.lock", "--locked" in dockerfile)
    check("the runtime image carries site/ for the catalogue import", re.search(r"^COPY site/ /app/site/?$", runtime, re.M) is not None)
    check("the runtime image carries site-templates/ beside site/ (its demo links there) for new sites",
          re.search(r"^COPY site-templates/ /app/site-templates/?$", runtime, re.M) is not None
          and os.readlink(ROOT / "site-templates" / "demo") == "../site/demo")

    return checklist.summary()


if __name__ == "__main__":
    sys.exit(main())
