# The two commands: `make run` (the demo chain at http://127.0.0.1:8080) and
# `make test` (everything). The other targets are their parts.

SHELL := /bin/bash
.DEFAULT_GOAL := run

export SITE_DIR ?= site/demo
export WEB_DIST ?= web/dist
export CARGO_TERM_COLOR ?= never

WEB_SOURCES := $(shell find web/src web/public web/build web/scripts web/index.html web/studio.html web/vite.config.ts web/package.json web/tsconfig*.json docs/openapi.json fixtures -type f 2>/dev/null)
# `npm run build` writes the browser build (dist/) and the renderer's server build (dist-server/).

# The binaries the fuzzer, the browser tests and the chaos tests run, built as `cargo test
# --workspace` builds them (each service's integration tests build its binary): the same
# features, so one build serves every suite and no dependency is compiled twice.
BUILD_AS_TESTS := cargo test --workspace --no-run --quiet

.PHONY: run test setup lint test-services rust-test rust-test-rest beside-rust-tests chaos-scenarios chaos web-deps web web-test e2e ops-test asyncapi-deps asyncapi api-fuzz bench-site bench-sites bench-deployment bench-publish bench-search bench-ingest bench-loyalty bench-alerts soak clean

## make run: build the web app and start the gateway with the services embedded.
run: web
	SITES_DIR=$${SITES_DIR-site} OPS_ADDR=$${OPS_ADDR-127.0.0.1:9090} cargo run -p gateway -- --embedded

## make test: lints, every Rust test, web unit tests, the AsyncAPI document, the API
## contract fuzzer, compose, Kubernetes and supply-chain checks, browser tests. The first
## run installs what they need. The fuzzer and the browser tests run side by side: each
## has gateways of its own on ports of its own, and the browser tests wait on Chromium
## more than they use the two cores.
test: setup lint rust-test
	$(MAKE) --no-print-directory --jobs=2 --output-sync=target api-fuzz e2e

## A clean build (CI's fresh clone) gains nothing from incremental compilation's caches,
## and writing them costs time.
ifdef CI
export CARGO_INCREMENTAL ?= 0
endif

## What the tests need and the machine lacks (scripts/setup.sh): Debian packages, and
## the checks' Python tools in .venv.
setup:
	scripts/setup.sh

lint: setup
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	cargo machete

## PostgreSQL and nats-server on their standard local ports; started when they do not answer.
test-services: setup
	scripts/test-services.sh

## The published-site tests render with the real renderer: the web app is built first;
## the member-event test checks what it saw against docs/asyncapi.yaml with the parser.
## The chaos scenarios run beside the other tests, from the same build (scripts/chaos.sh),
## then the web app's unit tests, the AsyncAPI document and the deployment checks: they
## share no state with the Rust tests, and the chaos scenarios mostly wait on the
## processes they start.
rust-test: test-services web asyncapi-deps
	$(BUILD_AS_TESTS)
	$(MAKE) --no-print-directory --jobs=2 --output-sync=target rust-test-rest beside-rust-tests

beside-rust-tests: chaos-scenarios
	$(MAKE) --no-print-directory web-test asyncapi ops-test

rust-test-rest:
	cargo test --workspace --exclude chaos

chaos-scenarios:
	scripts/chaos.sh

## make chaos: services killed, NATS and PostgreSQL restarted, the gateway stopped, a
## broken bundle, each under load on real processes (also part of rust-test).
chaos: test-services
	scripts/chaos.sh
	cargo test -p svc-loyalty --test api login_events
	cargo test -p svc-catalogue --test api reload

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund

web-deps: web/node_modules/.package-lock.json

web/dist/index.html: web/node_modules/.package-lock.json $(WEB_SOURCES)
	cd web && npm run build

web: web/dist/index.html

web-test: web
	cd web && npm run typecheck && npm run lint && npm test && npm run size

tools/asyncapi/node_modules/.package-lock.json: tools/asyncapi/package.json tools/asyncapi/package-lock.json
	cd tools/asyncapi && npm ci --no-audit --no-fund

asyncapi-deps: tools/asyncapi/node_modules/.package-lock.json

## The JSON API against its OpenAPI document: schemathesis with every check on a gateway
## of its own (tools/schemathesis/run.sh).
api-fuzz: setup web
	$(BUILD_AS_TESTS)
	tools/schemathesis/run.sh

## docs/asyncapi.yaml, the member events on NATS, validated by the AsyncAPI parser.
asyncapi: asyncapi-deps
	cd tools/asyncapi && npm run check

## Playwright itself, not `npm run e2e`: its pre-script builds the web app again, which
## the `web` prerequisite has just done.
e2e: web test-services
	$(BUILD_AS_TESTS)
	cd web && npx playwright test

ops-test: setup
	.venv/bin/python ops-tests/test_compose.py
	.venv/bin/python ops-tests/test_kubernetes.py
	.venv/bin/python ops-tests/test_nats.py
	.venv/bin/python ops-tests/test_supply_chain.py

## make bench-site: the published site (pages, page data, app data) and the JSON API's
## catalogue answers, gateway against nginx serving the same bytes (release build).
bench-site: web
	cargo build --release -p gateway
	bench/site.sh

## make bench-sites: 50 generated sites of the demo's size on one gateway: published and
## rendered from cold, and each site's pages per Host against nginx (release build).
bench-sites: web
	cargo build --release -p gateway
	bench/sites.sh

## make bench-deployment: published once, served everywhere: 50 sites and a large chain,
## two publishers and three serving gateways on a private nats-server (bench/deployment.sh).
bench-deployment: web
	cargo build --release -p gateway -p svc-catalogue -p svc-loyalty -p svc-ads -p svc-consent -p svc-studio
	bench/deployment.sh

## make bench-publish: publishing time and memory for the demo chain and a generated
## chain of 300 theaters and 150 movies, cold and after one movie changes (release build).
bench-publish: web
	cargo build --release -p gateway -p svc-catalogue -p svc-loyalty -p svc-ads -p svc-consent -p svc-studio
	bench/publish.sh

## make bench-search: site search's p99 at 64 connections on the demo chain and on a
## generated chain of 300 theaters and 150 movies (release build).
bench-search: web
	cargo build --release -p gateway
	bench/search.sh

## make bench-ingest: the ingest API: a large chain's week imported and published, 10,000
## seat counts in one call, a night of sales seen on the JSON API and the page data
## (release build).
bench-ingest: web
	cargo build --release -p gateway -p svc-catalogue -p svc-loyalty -p svc-ads -p svc-consent -p svc-studio
	bench/ingest.sh

## make bench-loyalty: logins against raw argon2id, and GetMember latency, through the
## gateway on PostgreSQL (release build).
bench-loyalty: test-services
	cargo build --release -p gateway
	cargo build --release -p svc-loyalty --example argon2_rate
	bench/loyalty.sh

## make bench-alerts: members' alerts to 100,000 members (bench/alerts.sh), release build.
bench-alerts: test-services web
	cargo build --release -p gateway
	bench/alerts.sh

## make soak: mixed traffic at a fixed rate for SOAK_SECONDS (default 600), debug build.
soak: web
	cargo build -p gateway -p svc-catalogue -p svc-loyalty -p svc-ads -p svc-consent -p svc-studio
	bench/soak.sh

clean:
	rm -rf web/dist target
