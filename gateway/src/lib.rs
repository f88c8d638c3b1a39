//! The gateway: the axum HTTP edge in front of the gRPC services. It serves the
//! React app, the JSON API, page data, the ticketing redirects and the operations
//! endpoints, with security headers on every response.
//!
//! # Layout
//!
//! Areas, each a folder or file owning its router and the state its handlers read;
//! [`app`] merges their routers and adds the layers every response goes through:
//!
//! - [`served`]: what is served of each site: the published files and the layer that
//!   answers from them, revisions read from the deployment's store, the JSON API's kept
//!   answers, and the follower of the catalogue's versions that moves them.
//! - [`publish`]: how the published site is built: every public page rendered once per
//!   catalogue version, its page data, app data, sitemap and robots.txt, packed into the
//!   files [`served`] serves, and stored for the deployment. It imports [`served`],
//!   never the other way round.
//! - [`web`]: the built web app's files, where unpublished page paths lead, posters.
//! - [`api`]: the JSON API under `/api/v1/`, and the OpenAPI document of every route.
//! - [`loyalty`]: `POST /api/cypher`, the loyalty envelope passed to svc-loyalty.
//! - [`ticketing`]: the ticketing redirect endpoints, and the stand-in ticketing site
//!   (TICKETING_SANDBOX).
//! - [`external_scripts`]: `/__third-party-proxy` for allow-listed third-party scripts, the
//!   policy sources of the consent, analytics and ad scripts, the analytics scripts.
//! - [`ops`]: `/healthz`, `/readyz`, `/metrics`, the request metrics, load shedding.
//! - [`studio`]: the staff's studio on its own host names (STUDIO_HOSTS): its web app and
//!   its JSON API under `/studio/api/v1/`, passed to svc-studio.
//!
//! Shared by the areas, importing none of them:
//!
//! - [`clients`]: gRPC clients with deadlines, the catalogue's through
//!   [`ticketing_sandbox`] (TICKETING_SANDBOX: ticketing links rewritten to the stand-in
//!   as they enter); [`site_data`]: the current site (configuration, loyalty, theaters,
//!   messages, app data and policy), derived from the catalogue's content.
//! - [`client_address`]: the client's address behind trusted proxies (TRUSTED_PROXIES).
//! - [`request_context`]: the request id and trace context of each request.
//! - [`security`]: the Content-Security-Policy and the other security headers.
//! - [`page_routes`]: which screen a path shows; path normalisation; [`html`]: escaping;
//!   [`etag`]: entity tags and 304s.
//! - [`error`] and [`extract`]: JSON errors, and extractors whose rejections are errors.
//! - [`task`]: a task stopped when its handle is dropped.
//!
//! Around them: [`sites`] (an application per site, each request sent to the one its
//! Host names, or to the studio on its hosts), [`config`] (the environment and the
//! command line), [`startup`] (builds the application and runs the HTTP server) and
//! [`embedded`] (the services in-process on loopback ports, `--embedded`).

pub mod api;
pub mod app;
pub mod client_address;
pub mod clients;
pub mod config;
pub mod embedded;
pub mod error;
pub mod etag;
pub mod external_scripts;
pub mod extract;
pub mod html;
pub mod loyalty;
pub mod ops;
pub mod page_routes;
pub mod publish;
pub mod request_context;
pub mod security;
pub mod served;
pub mod site_data;
pub mod sites;
pub mod startup;
pub mod studio;
pub mod task;
pub mod ticketing;
pub mod ticketing_sandbox;
pub mod web;

pub use config::Config;
pub use startup::Application;
