//! The svc-ads binary; see the crate root for what it serves.

proto::service_main!(svc_ads, "svc-ads");
