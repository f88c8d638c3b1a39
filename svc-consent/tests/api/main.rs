//! svc-consent over real gRPC on a random loopback port.

mod evaluate;
mod helpers;
mod receipts;
