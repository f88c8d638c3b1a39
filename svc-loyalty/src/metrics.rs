//! The loyalty service's own gauges, next to the per-call metrics every service
//! records ([`platform::trace::RpcLayer`]): the store's connection pool and the outbox
//! backlog, sampled every few seconds; NATS publish failures are counted by the relay.

use std::time::Duration;

use crate::store::{OUTBOX, Store};

/// Samples the gauges every `every` until the returned task is aborted.
pub fn sample(store: Store, every: Duration) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        loop {
            ticks.tick().await;
            let pool = store.pool();
            let idle = pool.num_idle() as f64;
            let open = f64::from(pool.size());
            for (state, value) in [("in_use", open - idle), ("idle", idle)] {
                metrics::gauge!("store_pool_connections", "state" => state).set(value);
            }
            match OUTBOX.backlog(pool).await {
                Ok(backlog) => metrics::gauge!("loyalty_outbox_backlog").set(backlog as f64),
                Err(error) => tracing::warn!(%error, "cannot count the outbox backlog"),
            }
        }
    })
}

/// Counts one failed attempt to publish login events.
pub fn nats_publish_failed() {
    metrics::counter!("loyalty_nats_publish_failures_total").increment(1);
}
