//! svc-ads over real gRPC on a random loopback port.

mod ads_config;
