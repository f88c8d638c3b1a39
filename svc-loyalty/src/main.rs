//! The svc-loyalty binary; see the crate root for what it serves.

proto::service_main!(svc_loyalty, "svc-loyalty");
