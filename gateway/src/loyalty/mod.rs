//! The loyalty area: `POST /api/cypher`, the browser's loyalty envelope passed to
//! svc-loyalty with the member's session and the client's address; and the unsubscribe
//! link of members' alert e-mails.

pub mod cypher;
pub mod unsubscribe;

pub use cypher::{LoyaltyContext, router};
