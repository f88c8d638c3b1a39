//! svc-catalogue over real gRPC on a random loopback port.

mod bundles;
mod catalogue;
mod helpers;
mod reload;
mod serving;
