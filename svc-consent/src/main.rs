//! The svc-consent binary; see the crate root for what it serves.

platform::service_main!(svc_consent, "svc-consent");
