//! Third parties: `/__third-party-proxy`, which fetches allow-listed third-party scripts
//! ([`proxy`]); the policy sources the consent, analytics and ad scripts need ([`csp`]);
//! the enterprise-analytics launch script and the cinema-marketing tracker
//! ([`analytics`]).

pub mod analytics;
pub mod csp;
pub mod proxy;
