//! The svc-catalogue binary; see the crate root for what it serves.

proto::service_main!(svc_catalogue, "svc-catalogue");
