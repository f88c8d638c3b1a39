//! svc-loyalty over real gRPC and its store on SQLite and PostgreSQL: one module per rule
//! area, each call as the gateway passes it on.

mod activation;
mod alerts;
mod box_office;
mod budgets;
mod captcha;
mod cards;
mod catalogue;
mod demo_seed;
mod expiry;
mod favourites;
mod gift_cards;
mod helpers;
mod history;
mod login_events;
mod login_policy;
mod logs;
mod mail;
mod member_events;
mod members;
mod payment_portal;
mod recovery;
mod rewards;
mod sessions;
mod site_settings;
mod sites;
mod store;
mod support;
mod upgrade;
mod upstream;
mod wallet;
