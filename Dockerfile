# One image per binary of the workspace: docker build --build-arg BINARY=svc-catalogue .
# compose.yaml builds all five. The web app is built once and shipped with the gateway.

ARG BINARY=gateway

FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
COPY web/ ./
RUN npm run build

FROM rust:1.95-slim-bookworm AS builder
ARG BINARY
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p ${BINARY} \
    && cp target/release/${BINARY} /usr/local/bin/service

# distroless: no shell, no package manager; runs as the unprivileged "nonroot" user.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=builder /usr/local/bin/service /app/service
COPY --from=web /src/web/dist /app/web/dist
USER nonroot
WORKDIR /app
ENV LOG_FORMAT=json
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["/app/service", "--health"]
ENTRYPOINT ["/app/service"]
