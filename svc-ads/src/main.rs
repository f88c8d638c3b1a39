//! The svc-ads binary; see the crate root for what it serves.

platform::service_main!(svc_ads, "svc-ads");
