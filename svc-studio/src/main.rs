//! The svc-studio binary; see the crate root for what it serves, and
//! [`svc_studio::commands`] for its command (`invite`).

platform::service_main!(
    svc_studio,
    "svc-studio",
    commands = svc_studio::commands::run
);
