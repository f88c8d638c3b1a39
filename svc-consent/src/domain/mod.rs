//! Plain consent rules, no I/O.

pub mod consent;
