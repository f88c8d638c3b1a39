//! svc-loyalty over real gRPC and its store on SQLite and PostgreSQL.

mod captcha;
mod expiry;
mod helpers;
mod login_events;
mod logs;
mod normalise_config;
mod store;
mod upstream;
