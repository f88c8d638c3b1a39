//! Rate limits (SPEC.md section 8's 429), kept in memory by each service instance: per
//! client address for every limited kind of call, and per account for logins and
//! recovery, so many addresses cannot take turns guessing one member's password.
//!
//! Each key has a budget of calls a minute that refills evenly (governor's GCRA, on a
//! sharded map: no lock across keys). Keys whose budget is full again are dropped once
//! there are many (one sweep a second at most); if a flood of distinct keys still fills
//! the map, limited calls are refused until it drains (at most a minute), rather than the
//! map growing without bound. The flood is logged once as it starts and once as it ends.

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// The calls that are limited, each with its own budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limited {
    Login,
    /// Username reminders and password resets.
    Recovery,
    GiftCard,
}

/// Who a budget belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Holder {
    Address(String),
    /// A member's e-mail address, lower-cased.
    Account(String),
}

/// How many keys are kept before those with a full budget are dropped, and the most kept.
const MAX_KEYS: usize = 100_000;

/// The least time between two sweeps of the keys, each a pass over all of them.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug)]
pub struct RateLimits {
    limiter: DefaultKeyedRateLimiter<(Limited, Holder)>,
    started: Instant,
    /// When the keys were last swept, in milliseconds after `started` plus one (0: never).
    swept_at: AtomicU64,
    /// Whether limited calls are being refused because the keys are full.
    full: AtomicBool,
}

impl RateLimits {
    /// `per_minute` calls a minute for each key (at least one).
    pub fn new(per_minute: u32) -> RateLimits {
        let quota = Quota::per_minute(NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN));
        RateLimits {
            limiter: RateLimiter::keyed(quota),
            started: Instant::now(),
            swept_at: AtomicU64::new(0),
            full: AtomicBool::new(false),
        }
    }

    /// Counts one call from `address`; false when its budget is spent.
    pub fn allow(&self, kind: Limited, address: &str) -> bool {
        self.check(kind, Holder::Address(address.to_owned()))
    }

    /// Counts one call for the account of `email`; false when its budget is spent.
    pub fn allow_account(&self, kind: Limited, email: &str) -> bool {
        self.check(kind, Holder::Account(email.to_lowercase()))
    }

    fn check(&self, kind: Limited, holder: Holder) -> bool {
        if self.limiter.len() >= MAX_KEYS {
            if self.may_sweep() {
                self.limiter.retain_recent();
                self.limiter.shrink_to_fit();
            }
            if self.limiter.len() >= MAX_KEYS {
                if !self.full.swap(true, Ordering::Relaxed) {
                    tracing::warn!(
                        keys = MAX_KEYS,
                        "rate limits full: limited calls refused until they drain"
                    );
                }
                return false;
            }
        }
        if self.full.load(Ordering::Relaxed) && self.full.swap(false, Ordering::Relaxed) {
            tracing::info!("rate limits drained: limited calls counted again");
        }
        self.limiter.check_key(&(kind, holder)).is_ok()
    }

    /// Whether this call is the one to sweep the keys: none did for [`SWEEP_EVERY`].
    fn may_sweep(&self) -> bool {
        let now = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX - 1) + 1;
        let last = self.swept_at.load(Ordering::Relaxed);
        let due = last == 0 || now.saturating_sub(last) >= SWEEP_EVERY.as_millis() as u64;
        due && self
            .swept_at
            .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
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
    fn addresses_kinds_and_accounts_have_their_own_budgets() {
        let limits = RateLimits::new(1);
        assert!(limits.allow(Limited::Login, "10.0.0.1"));
        assert!(limits.allow(Limited::Login, "10.0.0.2"));
        assert!(limits.allow(Limited::GiftCard, "10.0.0.1"));
        assert!(limits.allow_account(Limited::Login, "10.0.0.1"));
        assert!(!limits.allow(Limited::Login, "10.0.0.1"));
    }

    #[test]
    fn an_account_is_refused_whichever_address_asks_and_however_it_is_spelled() {
        let limits = RateLimits::new(2);
        assert!(limits.allow_account(Limited::Login, "demo@marqueecinemas.example"));
        assert!(limits.allow_account(Limited::Login, "Demo@MarqueeCinemas.example"));
        assert!(!limits.allow_account(Limited::Login, "DEMO@marqueecinemas.example"));
        assert!(limits.allow_account(Limited::Login, "other@marqueecinemas.example"));
    }

    #[test]
    fn the_keys_kept_stay_bounded_under_a_flood_of_addresses() {
        let limits = RateLimits::new(1);
        for index in 0..MAX_KEYS + 10 {
            limits.allow(
                Limited::Login,
                &format!("10.{}.{}.{}", index >> 16, (index >> 8) & 255, index & 255),
            );
        }
        assert!(limits.limiter.len() <= MAX_KEYS);
        // Full of spent budgets: a limited call is refused rather than the map grown.
        assert!(!limits.allow(Limited::Login, "192.0.2.1"));
        assert!(limits.full.load(Ordering::Relaxed));
    }

    #[test]
    fn the_keys_are_swept_at_most_once_a_second() {
        let limits = RateLimits::new(1);
        assert!(limits.may_sweep(), "the first sweep");
        assert!(!limits.may_sweep(), "not again at once");
    }
}
