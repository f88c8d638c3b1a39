//! The consent rules of SPEC.md as plain Rust, no I/O.

pub mod consent;
pub mod receipt;
