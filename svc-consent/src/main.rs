//! The svc-consent binary; see the crate root for what it serves.

proto::service_main!(svc_consent, "svc-consent");
