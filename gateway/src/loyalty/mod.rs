//! The loyalty area: `POST /api/cypher`, the browser's loyalty envelope passed to
//! svc-loyalty with the member's session and the client's address.

pub mod cypher;

pub use cypher::{LoyaltyContext, router};
