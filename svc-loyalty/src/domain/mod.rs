//! Plain loyalty rules, no I/O.

pub mod config;
