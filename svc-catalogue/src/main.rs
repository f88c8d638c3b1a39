//! The svc-catalogue binary; see the crate root for what it serves.

platform::service_main!(svc_catalogue, "svc-catalogue");
