//! The studio's rules as plain Rust: who may do what, staff e-mail addresses, and the
//! tokens of invitations and sessions.

pub mod access;
pub mod staff;
pub mod tokens;
