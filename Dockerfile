# One image per binary of the workspace: docker build --build-arg BINARY=svc-catalogue .
# compose.yaml builds all six. The web app is built once and shipped with the gateway;
# the renderer (React's server renderer, which the gateway calls when it publishes) is
# the `renderer` target: docker build --target renderer .

ARG BINARY=gateway

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
COPY web/ ./
# The API types are generated from the gateway's OpenAPI document, and the web tests
# that tsc checks read the fixtures the Rust tests share.
COPY docs/openapi.json /src/docs/openapi.json
COPY fixtures/ /src/fixtures/
RUN npm run build

# The renderer: Node, the browser build's manifest and the server build, which carries
# its dependencies (no node_modules).
FROM node:20-bookworm-slim AS renderer
WORKDIR /app/web
COPY --from=web /src/web/dist ./dist
COPY --from=web /src/web/dist-server ./dist-server
COPY web/renderer/server.mjs web/renderer/page-files.mjs ./renderer/
USER node
ENV RENDERER_ADDR=0.0.0.0:8093
EXPOSE 8093
HEALTHCHECK --interval=10s --timeout=3s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:8093/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "renderer/server.mjs"]

FROM rust:1.95-slim-bookworm AS builder
ARG BINARY
WORKDIR /src
COPY . .
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends make && rm -rf /var/lib/apt/lists/*
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p ${BINARY} \
    && cp target/release/${BINARY} /usr/local/bin/service

# distroless: no shell, no package manager; runs as the unprivileged "nonroot" user.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=builder /usr/local/bin/service /app/service
COPY --from=web /src/web/dist /app/web/dist
# The site bundles, for svc-catalogue's import command (deploy/base/catalogue-import.yaml,
# compose.yaml's catalogue-import); a few hundred kilobytes in each image.
COPY site/ /app/site/
# The templates operators make new sites from in the studio (svc-catalogue's
# SITE_TEMPLATES_DIR); `demo` links to /app/site/demo.
COPY site-templates/ /app/site-templates/
USER nonroot
WORKDIR /app
ENV LOG_FORMAT=json
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["/app/service", "--health"]
ENTRYPOINT ["/app/service"]
