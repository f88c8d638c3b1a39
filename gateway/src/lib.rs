//! The gateway: the axum HTTP edge in front of the four gRPC services. It serves the
//! React app, the JSON API, page data, the ticketing redirects and the operations
//! endpoints, with security headers on every response.
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment and the command line.
//! - [`startup`]: builds the application and runs the HTTP server.
//! - [`embedded`]: runs the four services in-process on loopback ports (`--embedded`).
//! - [`client_address`]: the client's address behind trusted proxies (TRUSTED_PROXIES).
//! - [`clients`]: gRPC clients with deadlines.
//! - [`app`]: the router with its layers; [`state`]: what handlers share.
//! - [`request_context`]: the request id and trace context of each request.
//! - [`site_snapshot`]: the current site (configuration, loyalty, theaters, messages).
//! - [`publish`]: the published site: every public page rendered once per catalogue
//!   version, its page data, app data, sitemap and robots.txt, served from memory.
//! - [`api`]: the JSON API under `/api/v1/`.
//! - [`cypher`]: `POST /api/cypher`, the loyalty envelope passed to svc-loyalty.
//! - [`page_routes`]: which screen a path shows; path normalisation.
//! - [`web`]: the built web app's files, where unpublished page paths lead, posters;
//!   [`html`]: escaping.
//! - [`redirects`]: the ticketing redirect endpoints.
//! - [`ticketing_sandbox`]: a stand-in ticketing site for the hand-off (TICKETING_SANDBOX).
//! - [`third_party_proxy`]: `/__third-party-proxy`, allow-listed third-party scripts.
//! - [`ops`]: `/healthz`, `/readyz`, `/metrics`; [`metrics`]: the request metrics.
//! - [`security`]: security headers; [`third_party_csp`]: the policy sources of the
//!   consent, analytics and ad scripts; [`analytics_scripts`]: the enterprise-analytics
//!   launch script and the cinema-marketing tracker; [`etag`]: entity tags and 304s.
//! - [`error`] and [`extract`]: JSON errors, and extractors whose rejections are errors.

pub mod analytics_scripts;
pub mod api;
pub mod app;
pub mod client_address;
pub mod clients;
pub mod config;
pub mod cypher;
pub mod embedded;
pub mod error;
pub mod etag;
pub mod extract;
pub mod html;
pub mod load_shedding;
pub mod metrics;
pub mod ops;
pub mod page_routes;
pub mod publish;
pub mod redirects;
pub mod request_context;
pub mod security;
pub mod site_snapshot;
pub mod startup;
pub mod state;
pub mod third_party_csp;
pub mod third_party_proxy;
pub mod ticketing_sandbox;
pub mod web;

pub use config::Config;
pub use startup::Application;
