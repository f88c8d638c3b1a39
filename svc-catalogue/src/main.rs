//! The svc-catalogue binary; see the crate root for what it serves, and
//! [`svc_catalogue::commands`] for its commands (`import`, `keys`).

/// jemalloc returns what each revision frees (see .cargo/config.toml): a large chain's
/// catalogue is rebuilt whole after each change of its records.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

platform::service_main!(
    svc_catalogue,
    "svc-catalogue",
    commands = svc_catalogue::commands::run
);
