//! The ad rules of docs/consent-and-ads.md#display-ads as plain Rust, no I/O.

pub mod mode;
pub mod page;
pub mod setup;
pub mod size_mapping;
pub mod slots;
pub mod typed_id;
