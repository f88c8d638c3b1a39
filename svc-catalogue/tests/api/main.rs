//! svc-catalogue over real gRPC on a random loopback port.

mod alerts;
mod bundles;
mod catalogue;
mod choosing;
mod drafts;
mod durability;
mod helpers;
mod ingest;
mod poster_images;
mod reload;
mod serving;
mod sites;
mod store;
mod veezi;
