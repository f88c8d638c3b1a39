//! Members' alerts (docs/loyalty.md#alerts): films of their watchlist going on sale at
//! their theaters, and their last chance there, told by e-mail and Web Push from the
//! catalogue's events.
//!
//! # Layout
//!
//! - [`consumer`]: the catalogue's events read from NATS (a durable consumer) and kept.
//! - [`delivery`]: each batch of events told to its members, their messages sent at the
//!   configured rate, failures tried again.
//! - [`web_push`]: the VAPID key, encrypted and signed push messages, the push services'
//!   answers.

pub mod consumer;
pub mod delivery;
pub mod web_push;

/// What came of one message, by e-mail or push.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Delivered,
    /// The push subscription is gone (404, 410; 401, 403: made with another key): it is
    /// forgotten.
    Gone,
    /// Refused for good (a push service's 4xx but 404, 410 and 429; a mail address that
    /// is none): not tried again.
    Refused(String),
    /// Worth trying again later (no answer, 429, 5xx, the SMTP relay away).
    Retry(String),
}
