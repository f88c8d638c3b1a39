//! svc-loyalty over real gRPC and its store on SQLite and PostgreSQL.

mod box_office;
mod captcha;
mod expiry;
mod helpers;
mod login_events;
mod login_policy;
mod logs;
mod mail;
mod member_events;
mod normalise_config;
mod payment_portal;
mod store;
mod upstream;
