//! The gateway over real HTTP, in front of the real services over real gRPC, each on
//! a random loopback port.

mod ads;
mod alerts;
mod catalogue_api;
mod client_address;
mod consent;
mod content_pages;
mod cypher;
mod day_pages;
mod depot;
mod errors;
mod helpers;
mod ingest;
mod openapi;
mod ops;
mod page_data;
mod published;
mod redirects;
mod rendered;
mod resilience;
mod security;
mod site;
mod sites;
mod spans;
mod started_showtimes;
mod studio;
mod third_party_proxy;
mod ticketing_sandbox;
