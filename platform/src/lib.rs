//! # Layout
//!
//! What every binary of the platform shares at run time, apart from the contracts
//! (`proto`): no service depends on another service's crate, and all of them on this.
//!
//! - [`serving`]: serving a gRPC service with health and reflection, the `main` of a
//!   service binary ([`service_main!`]), shutdown signals and the health probe.
//! - [`telemetry`]: logs, OpenTelemetry spans and their export, the W3C propagator.
//! - [`trace`]: request ids and trace context across HTTP and gRPC calls, the services'
//!   per-call span, log line and metrics.
//! - [`metrics`]: the process's Prometheus recorder and the list of every metric.
//! - [`config`]: reading configuration variables, errors naming the variable.
//! - [`tls`]: the one TLS stack, installed once, and HTTPS clients on it.
//! - [`public_addresses`]: public addresses only, for what outsiders name to be fetched.
//! - [`nats`]: a connection to NATS: the role's user, TLS, replicas.
//! - [`outbox`]: events written with the change they tell of, relayed to NATS.
//! - [`tokens`]: random tokens and ids, and the SHA-256 a store keeps of a token.
//! - [`mail`]: e-mail over SMTP (SMTP_URL) or as .eml files, from MAIL_FROM.

pub mod config;
pub mod mail;
pub mod metrics;
pub mod nats;
pub mod outbox;
pub mod public_addresses;
pub mod serving;
pub mod telemetry;
pub mod tls;
pub mod tokens;
pub mod trace;
