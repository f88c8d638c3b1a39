//! The studio's rules as plain Rust: who may do what, staff e-mail addresses, the
//! tokens of invitations and sessions, and what a change did for the audit log.

pub mod access;
pub mod changes;
pub mod staff;
pub mod tokens;
