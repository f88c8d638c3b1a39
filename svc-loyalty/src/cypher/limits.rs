//! Rate limits per client address (SPEC.md section 8's 429): a fixed one-minute window
//! per kind of call, kept in memory by each service instance.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The calls that are limited, each with its own budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limited {
    Login,
    /// Username reminders and password resets.
    Recovery,
    GiftCard,
}

const WINDOW: Duration = Duration::from_secs(60);

#[derive(Debug)]
pub struct RateLimits {
    per_window: u32,
    windows: Mutex<HashMap<(Limited, String), (Instant, u32)>>,
}

impl RateLimits {
    pub fn new(per_minute: u32) -> RateLimits {
        RateLimits {
            per_window: per_minute,
            windows: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one call from `address`; false when its budget for this minute is spent.
    pub fn allow(&self, kind: Limited, address: &str) -> bool {
        let now = Instant::now();
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let (start, count) = windows
            .entry((kind, address.to_owned()))
            .or_insert((now, 0));
        if now.duration_since(*start) >= WINDOW {
            *start = now;
            *count = 0;
        }
        *count += 1;
        *count <= self.per_window
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_is_refused_once_its_budget_is_spent() {
        let limits = RateLimits::new(2);
        assert!(limits.allow(Limited::Login, "10.0.0.1"));
        assert!(limits.allow(Limited::Login, "10.0.0.1"));
        assert!(!limits.allow(Limited::Login, "10.0.0.1"));
    }

    #[test]
    fn addresses_and_kinds_have_their_own_budgets() {
        let limits = RateLimits::new(1);
        assert!(limits.allow(Limited::Login, "10.0.0.1"));
        assert!(limits.allow(Limited::Login, "10.0.0.2"));
        assert!(limits.allow(Limited::GiftCard, "10.0.0.1"));
        assert!(!limits.allow(Limited::Login, "10.0.0.1"));
    }
}
