//! Counts the member events on the `LOYALTY` stream per day and event
//! (docs/asyncapi.yaml), as an analytics consumer would: through a durable pull consumer,
//! created the first time with delivery from the stream's start, so a first run replays
//! every event the stream holds and each later run reads what came since. Each message
//! is acknowledged once counted.

use std::collections::BTreeMap;
use std::time::Duration;

use async_nats::jetstream::{self, consumer};
use futures_util::StreamExt;
use serde_json::Value;

/// The stream svc-loyalty publishes to.
pub const STREAM: &str = "LOYALTY";
/// The durable consumer's default name: its position survives the process.
pub const DURABLE: &str = "analytics-event-counts";

/// Events per (day, event): the day is the UTC date of `occurredAt`, the event the subject.
pub type Counts = BTreeMap<(String, String), u64>;

#[derive(Debug, thiserror::Error)]
pub enum CountError {
    #[error("connecting to NATS: {0}")]
    Connect(#[from] async_nats::ConnectError),
    #[error("finding the {STREAM} stream (has svc-loyalty published yet?): {0}")]
    Stream(#[from] jetstream::context::GetStreamError),
    #[error("creating the durable consumer: {0}")]
    Consumer(#[from] jetstream::stream::ConsumerError),
    #[error("reading the consumer: {0}")]
    Info(#[from] jetstream::context::ConsumerInfoError),
    #[error("fetching messages: {0}")]
    Fetch(#[from] consumer::pull::BatchError),
    #[error("receiving or acknowledging a message: {0}")]
    Message(async_nats::Error),
}

/// Reads every message the durable consumer `durable` has not yet acknowledged on
/// `stream` at `url` (`nats://consumer:PASSWORD@nats:4222` where NATS has users), and
/// counts them. Events without a readable `occurredAt` count
/// under the day "unknown".
pub async fn count(url: &str, stream: &str, durable: &str) -> Result<Counts, CountError> {
    // The consumer role's user and password from the URL, its answers on its own inbox
    // (deploy/nats/auth.conf).
    let client = platform::nats::NatsAccess::default()
        .options(url)
        .connection_timeout(Duration::from_secs(5))
        .connect(url)
        .await?;
    let jetstream = jetstream::new(client);
    let stream = jetstream.get_stream(stream).await?;
    let mut consumer: consumer::PullConsumer = stream
        .get_or_create_consumer(
            durable,
            consumer::pull::Config {
                durable_name: Some(durable.to_owned()),
                deliver_policy: consumer::DeliverPolicy::All,
                ack_policy: consumer::AckPolicy::Explicit,
                ..Default::default()
            },
        )
        .await?;
    let mut counts = Counts::new();
    loop {
        let pending = consumer.info().await?.num_pending;
        if pending == 0 {
            return Ok(counts);
        }
        let mut batch = consumer
            .fetch()
            .max_messages(pending.min(500) as usize)
            .expires(Duration::from_secs(1))
            .messages()
            .await?;
        while let Some(message) = batch.next().await {
            let message = message.map_err(CountError::Message)?;
            *counts
                .entry((day(&message.payload), message.subject.to_string()))
                .or_default() += 1;
            message.ack().await.map_err(CountError::Message)?;
        }
    }
}

/// The UTC date (YYYY-MM-DD) of an event's `occurredAt` (of `loginDateTime` for login
/// events published before events had `occurredAt`), or "unknown".
fn day(payload: &[u8]) -> String {
    serde_json::from_slice::<Value>(payload)
        .ok()
        .and_then(|event| {
            let at = event
                .get("occurredAt")
                .or_else(|| event.get("loginDateTime"));
            at.and_then(Value::as_str).map(str::to_owned)
        })
        .and_then(|at| at.get(..10).map(str::to_owned))
        .filter(|date| date.len() == 10 && date.as_bytes()[4] == b'-')
        .unwrap_or_else(|| "unknown".to_owned())
}

/// The counts as a table: day, event, count; one line per pair, oldest day first.
pub fn table(counts: &Counts) -> String {
    let mut out = format!("{:<10}  {:<28}  {:>7}\n", "day", "event", "count");
    for ((day, event), count) in counts {
        out.push_str(&format!("{day:<10}  {event:<28}  {count:>7}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_day_is_the_date_of_occurred_at() {
        assert_eq!(
            day(br#"{"occurredAt":"2026-11-25T23:59:59Z"}"#),
            "2026-11-25"
        );
        assert_eq!(
            day(br#"{"loginDateTime":"2026-01-02T00:00:00Z"}"#),
            "2026-01-02"
        );
        assert_eq!(day(br#"{"occurredAt":"soon"}"#), "unknown");
        assert_eq!(day(b"not json"), "unknown");
    }

    #[test]
    fn the_table_lists_each_day_and_event() {
        let mut counts = Counts::new();
        counts.insert(("2026-11-25".into(), "loyalty.member.login".into()), 3);
        let table = table(&counts);
        assert!(table.starts_with("day"), "{table}");
        assert!(
            table.contains("2026-11-25  loyalty.member.login"),
            "{table}"
        );
        assert!(table.trim_end().ends_with('3'), "{table}");
    }
}
