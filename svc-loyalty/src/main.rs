//! The svc-loyalty binary; see the crate root for what it serves.

platform::service_main!(svc_loyalty, "svc-loyalty");
