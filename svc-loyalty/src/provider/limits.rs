//! Rate limits (the 429 of docs/loyalty.md#rate-limits), kept in memory by each service
//! instance. Every anonymous call has a budget per client address, and where it names
//! somebody else's account or card a budget per target too, so many addresses cannot take
//! turns guessing one member's password, probing one e-mail address or one gift card.
//! Budgets are per site (docs/architecture.md#sites): a client that spends its budget on one site
//! still has its budget on another, and an account of one site is not another's.
//!
//! - A client address is keyed by its network: an IPv4 address whole, an IPv6 address by
//!   its /64, the block one subscriber is given, so one line has one budget, not 2^64.
//! - Each key's budget refills evenly (governor's GCRA). Registrations have a budget an
//!   hour per address ([`Budgets::registrations_per_hour`]); every other kind one a minute.
//! - The keys live in a bounded map that forgets the least recently used keys when full
//!   ([`RecentKeys`]): a flood of new addresses costs the flooders' own oldest budgets,
//!   never a refusal for everyone else.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hash};
use std::net::IpAddr;
use std::num::{NonZeroU32, NonZeroUsize};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use governor::clock::DefaultClock;
use governor::nanos::Nanos;
use governor::state::StateStore;
use governor::{Quota, RateLimiter};
use lru::LruCache;

/// The calls that are limited, each with its own budgets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limited {
    Login,
    /// Username reminders, password resets and their codes, activation codes.
    Recovery,
    GiftCard,
    /// Member create: a new account, and a password to hash.
    Registration,
    /// The box-office member search, which tells whether an address is a member.
    MemberSearch,
    EVouchers,
}

/// Who a budget belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Holder {
    /// A client's network ([`client_network`]).
    Address(String),
    /// What the call names: a member's e-mail address or a card number, normalised.
    Target(String),
}

/// A budget: of a kind of call, on a site, for a holder.
type Key = (Limited, String, Holder);

/// The budgets, from the service's configuration.
#[derive(Debug, Clone, Copy)]
pub struct Budgets {
    /// Calls a minute of every kind, per address and per target.
    pub per_minute: u32,
    /// Registrations an hour per address.
    pub registrations_per_hour: u32,
}

/// How many keys each limiter remembers at most.
const MAX_KEYS: usize = 100_000;

/// The key map is split so that calls for different keys seldom wait for one lock.
const SHARDS: usize = 16;

/// A flood that evicts keys is logged at most this often.
const EVICTIONS_LOGGED_EVERY: Duration = Duration::from_secs(60);

type Limiter = RateLimiter<Key, RecentKeys, DefaultClock>;

#[derive(Debug)]
pub struct RateLimits {
    per_minute: Limiter,
    registrations: Limiter,
}

impl RateLimits {
    pub fn new(budgets: Budgets) -> RateLimits {
        let per_minute = Quota::per_minute(at_least_one(budgets.per_minute));
        let per_hour = Quota::per_hour(at_least_one(budgets.registrations_per_hour));
        RateLimits {
            per_minute: RateLimiter::new(
                per_minute,
                RecentKeys::new(MAX_KEYS),
                DefaultClock::default(),
            ),
            registrations: RateLimiter::new(
                per_hour,
                RecentKeys::new(MAX_KEYS),
                DefaultClock::default(),
            ),
        }
    }

    /// Counts one call to `site` from `address`; false when its network's budget there
    /// is spent.
    pub fn allow(&self, kind: Limited, site: &str, address: &str) -> bool {
        let limiter = match kind {
            Limited::Registration => &self.registrations,
            _ => &self.per_minute,
        };
        let holder = Holder::Address(client_network(address));
        limiter.check_key(&(kind, site.to_owned(), holder)).is_ok()
    }

    /// Counts one call to `site` naming `target` (an e-mail address or a card number,
    /// compared without regard to case); false when its budget is spent.
    pub fn allow_target(&self, kind: Limited, site: &str, target: &str) -> bool {
        let holder = Holder::Target(target.trim().to_lowercase());
        self.per_minute
            .check_key(&(kind, site.to_owned(), holder))
            .is_ok()
    }
}

fn at_least_one(count: u32) -> NonZeroU32 {
    NonZeroU32::new(count).unwrap_or(NonZeroU32::MIN)
}

/// The network a client address is budgeted as: an IPv4 address (IPv4-mapped IPv6
/// included) as itself, an IPv6 address as its /64. Anything else (the gateway always
/// sends an address) is its own key.
fn client_network(address: &str) -> String {
    match address.trim().parse::<IpAddr>() {
        Ok(IpAddr::V4(v4)) => v4.to_string(),
        Ok(IpAddr::V6(v6)) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let network = u128::from(v6) & !((1u128 << 64) - 1);
                format!("{}/64", std::net::Ipv6Addr::from(network))
            }
        },
        Err(_) => address.to_owned(),
    }
}

/// governor's state for each key in a bounded map that forgets the least recently used
/// key to make room for a new one, in [`SHARDS`] shards under their own locks.
#[derive(Debug)]
struct RecentKeys {
    shards: Vec<Mutex<LruCache<Key, Nanos>>>,
    hasher: RandomState,
    started: Instant,
    /// When evictions were last logged, in milliseconds after `started` plus one (0: never).
    eviction_logged_at: AtomicU64,
}

impl RecentKeys {
    fn new(max_keys: usize) -> RecentKeys {
        let per_shard = NonZeroUsize::new(max_keys.div_ceil(SHARDS)).unwrap_or(NonZeroUsize::MIN);
        RecentKeys {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(LruCache::new(per_shard)))
                .collect(),
            hasher: RandomState::new(),
            started: Instant::now(),
            eviction_logged_at: AtomicU64::new(0),
        }
    }

    fn shard(&self, key: &Key) -> &Mutex<LruCache<Key, Nanos>> {
        let index = usize::try_from(self.hasher.hash_one(key) % SHARDS as u64).unwrap_or(0);
        &self.shards[index]
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|shard| shard.lock().map_or(0, |keys| keys.len()))
            .sum()
    }

    /// Logs that keys are being forgotten, once per [`EVICTIONS_LOGGED_EVERY`].
    fn evicted(&self) {
        let now = u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX - 1) + 1;
        let last = self.eviction_logged_at.load(Ordering::Relaxed);
        let due =
            last == 0 || now.saturating_sub(last) >= EVICTIONS_LOGGED_EVERY.as_millis() as u64;
        if due
            && self
                .eviction_logged_at
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
        {
            tracing::warn!(
                keys = MAX_KEYS,
                "rate limits full: the least recently seen clients' budgets are forgotten"
            );
        }
    }
}

impl StateStore for RecentKeys {
    type Key = Key;

    fn measure_and_replace<T, F, E>(&self, key: &Key, f: F) -> Result<T, E>
    where
        F: Fn(Option<Nanos>) -> Result<(T, Nanos), E>,
    {
        // A poisoned shard only means another call panicked mid-update: its state is
        // still a valid map.
        let mut keys = self
            .shard(key)
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (outcome, state) = f(keys.get(key).copied())?;
        let full = keys.len() == keys.cap().get() && !keys.contains(key);
        keys.put(key.clone(), state);
        drop(keys);
        if full {
            self.evicted();
        }
        Ok(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(per_minute: u32) -> RateLimits {
        RateLimits::new(Budgets {
            per_minute,
            registrations_per_hour: per_minute,
        })
    }

    #[test]
    fn an_address_is_refused_once_its_budget_is_spent() {
        let limits = limits(2);
        assert!(limits.allow(Limited::Login, "demo", "10.0.0.1"));
        assert!(limits.allow(Limited::Login, "demo", "10.0.0.1"));
        assert!(!limits.allow(Limited::Login, "demo", "10.0.0.1"));
    }

    #[test]
    fn addresses_kinds_and_targets_have_their_own_budgets() {
        let limits = limits(1);
        assert!(limits.allow(Limited::Login, "demo", "10.0.0.1"));
        assert!(limits.allow(Limited::Login, "demo", "10.0.0.2"));
        assert!(limits.allow(Limited::GiftCard, "demo", "10.0.0.1"));
        assert!(limits.allow(Limited::Registration, "demo", "10.0.0.1"));
        assert!(limits.allow_target(Limited::Login, "demo", "10.0.0.1"));
        assert!(!limits.allow(Limited::Login, "demo", "10.0.0.1"));
    }

    #[test]
    fn a_target_is_refused_whichever_address_asks_and_however_it_is_spelled() {
        let limits = limits(2);
        assert!(limits.allow_target(Limited::Login, "demo", "demo@marqueecinemas.example"));
        assert!(limits.allow_target(Limited::Login, "demo", "Demo@MarqueeCinemas.example"));
        assert!(!limits.allow_target(Limited::Login, "demo", " DEMO@marqueecinemas.example"));
        assert!(limits.allow_target(Limited::Login, "demo", "other@marqueecinemas.example"));
    }

    #[test]
    fn each_site_has_its_own_budgets_for_an_address_and_a_target() {
        let limits = limits(1);
        assert!(limits.allow(Limited::Login, "demo", "10.0.0.1"));
        assert!(!limits.allow(Limited::Login, "demo", "10.0.0.1"));
        assert!(limits.allow(Limited::Login, "single", "10.0.0.1"));
        assert!(limits.allow_target(Limited::Login, "demo", "ana@example.com"));
        assert!(!limits.allow_target(Limited::Login, "demo", "ana@example.com"));
        assert!(limits.allow_target(Limited::Login, "single", "ana@example.com"));
    }

    #[test]
    fn registrations_are_counted_by_the_hour() {
        let limits = RateLimits::new(Budgets {
            per_minute: 30,
            registrations_per_hour: 2,
        });
        assert!(limits.allow(Limited::Registration, "demo", "10.0.0.1"));
        assert!(limits.allow(Limited::Registration, "demo", "10.0.0.1"));
        assert!(!limits.allow(Limited::Registration, "demo", "10.0.0.1"));
        assert!(limits.allow(Limited::Login, "demo", "10.0.0.1"));
    }

    #[test]
    fn addresses_of_one_ipv6_64_share_a_budget() {
        let limits = limits(1);
        assert!(limits.allow(Limited::Login, "demo", "2001:db8:1:2::1"));
        assert!(!limits.allow(Limited::Login, "demo", "2001:db8:1:2:ffff:ffff:ffff:fffe"));
        assert!(limits.allow(Limited::Login, "demo", "2001:db8:1:3::1"));
    }

    #[test]
    fn client_networks_are_ipv4_addresses_and_ipv6_64s() {
        let cases = [
            ("192.0.2.7", "192.0.2.7"),
            ("::ffff:192.0.2.7", "192.0.2.7"),
            ("2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"),
            ("2001:DB8:AA:BB::9", "2001:db8:aa:bb::/64"),
            ("::1", "::/64"),
            ("not an address", "not an address"),
        ];
        for (address, network) in cases {
            assert_eq!(client_network(address), network, "{address}");
        }
    }

    #[test]
    fn a_full_map_forgets_the_oldest_keys_and_still_counts_new_ones() {
        let limiter: Limiter = RateLimiter::new(
            Quota::per_minute(NonZeroU32::MIN),
            RecentKeys::new(SHARDS * 4),
            DefaultClock::default(),
        );
        let key = |index: usize| {
            let holder = Holder::Address(format!("10.0.0.{index}"));
            (Limited::Login, "demo".to_owned(), holder)
        };
        let first = key(0);
        assert!(limiter.check_key(&first).is_ok());
        for index in 1..1000 {
            assert!(
                limiter.check_key(&key(index)).is_ok(),
                "a new address is counted, not refused"
            );
        }
        // A recent address is still held to its spent budget...
        assert!(limiter.check_key(&key(999)).is_err());
        // ...while the oldest was forgotten to make room.
        assert!(limiter.check_key(&first).is_ok());
    }

    #[test]
    fn the_keys_kept_stay_bounded_under_a_flood_of_addresses() {
        let keys = RecentKeys::new(SHARDS * 8);
        for index in 0..10_000 {
            let key = (
                Limited::Login,
                "demo".to_owned(),
                Holder::Address(index.to_string()),
            );
            let counted = keys.measure_and_replace(&key, |_| Ok::<_, ()>(((), Nanos::from(1u64))));
            assert!(counted.is_ok());
        }
        assert!(keys.len() <= SHARDS * 8, "{} keys kept", keys.len());
    }
}
