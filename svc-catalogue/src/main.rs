//! The svc-catalogue binary; see the crate root for what it serves, and
//! [`svc_catalogue::commands`] for its commands (`import`, `keys`).

platform::service_main!(
    svc_catalogue,
    "svc-catalogue",
    commands = svc_catalogue::commands::run
);
