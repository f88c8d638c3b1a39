//! Resilience scenarios on real processes (see `chaos/src/lib.rs`). Run with
//! `make chaos`, which also runs the NATS-outage test of svc-loyalty and the
//! broken-bundle test of svc-catalogue.

mod alerts_outage;
mod catalogue_outage;
mod gateway_shutdown;
mod hostile_requests;
mod idle_logs;
mod loyalty_outage;
mod observability;
mod postgres_restart;
mod publish_once;
mod published_store_outage;
mod publisher_takeover;
mod renderer_outage;
