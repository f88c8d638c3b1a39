//! Plain loyalty rules, no I/O.

pub mod alerts;
pub mod codes;
pub mod credentials;
pub mod member;
pub mod reset;
pub mod route;
