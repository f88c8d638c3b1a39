//! # Layout
//!
//! What the tests of several crates share, so that each crate's `tests/api/helpers.rs`
//! keeps only what is its own. Only tests use it (as a dev-dependency, and through the
//! chaos harness): no binary links it, and it knows no service crate, nor the gateway.
//!
//! - [`postgres`]: a uniquely named database on the tests' PostgreSQL server, dropped after.
//! - [`dirs`]: unique names, fresh temporary folders, and copies of a folder (a site bundle).
//! - [`net`]: a free loopback port, and a server spawned on a loopback listener.
//! - [`polling`]: `eventually`, for what a process does in the background.
//! - [`http_stub`]: stub HTTP servers (wiremock) standing in for third-party services.
//! - [`oidc_provider`]: an OpenID Connect provider (wiremock) for single sign-on.
//! - [`reflection`]: what a gRPC server lists over reflection, in both protocol versions.
//! - [`events`]: events on the tests' nats-server, checked against docs/asyncapi.yaml.

pub mod dirs;
pub mod events;
pub mod http_stub;
pub mod net;
pub mod oidc_provider;
pub mod polling;
pub mod postgres;
pub mod reflection;
