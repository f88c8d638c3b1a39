//! The consent rules of docs/consent-and-ads.md#consent-state as plain Rust, no I/O.

pub mod consent;
pub mod receipt;
