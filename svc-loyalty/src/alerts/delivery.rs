//! What the catalogue's events become: each batch, once whole, told to its members in
//! one statement of the store (never twice for a movie, theater and kind), then each
//! member's message of the batch sent by e-mail and to each of their browsers, at the
//! configured rate, a page of messages at a time. A failure waits and is tried again
//! (domain::alerts::retry_in); a push subscription its service says is gone is dropped.

use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use tokio::sync::Notify;

use super::Outcome;
use super::web_push::WebPush;
use crate::domain::alerts::{self, AlertKind, CatalogueAlert, From};
use crate::site_settings::SiteSettings;
use crate::store::alerts::{DueSend, SendContext};
use crate::store::{Store, unix_now};
use platform::mail::Mailer;
use platform::tokens::sha256_hex;

/// How long a batch that is not whole waits for the rest before it is told as it is.
const BATCH_WAIT_SECONDS: i64 = 30;
/// Messages claimed at once: what one replica holds while it sends them.
const PAGE: i64 = 200;
/// How long a claim holds: a replica that dies leaves its messages to others after it.
const LEASE_SECONDS: i64 = 120;
/// Messages in flight at once (the rate still bounds them).
const IN_FLIGHT: usize = 8;
/// How often the store is looked at when nothing woke the task.
const LOOK_EVERY: Duration = Duration::from_secs(1);
/// How often old messages, events and links are forgotten.
const PRUNE_EVERY: Duration = Duration::from_secs(60 * 60);

/// Everything sending needs.
#[derive(Debug, Clone)]
pub struct Delivery {
    pub store: Store,
    pub sites: SiteSettings,
    /// The deployment's site origins (LOYALTY_SITE_ORIGINS), for the links mailed.
    pub origins: Vec<String>,
    /// Alert mail, from ALERTS_MAIL_FROM.
    pub mailer: Mailer,
    /// None without a VAPID key: push messages wait (and are given up after their tries).
    pub push: Option<WebPush>,
    pub rate: Arc<DefaultDirectRateLimiter>,
}

/// A limiter of `per_second` messages.
pub fn rate(per_second: u32) -> Arc<DefaultDirectRateLimiter> {
    let per_second = NonZeroU32::new(per_second).unwrap_or(NonZeroU32::MIN);
    Arc::new(RateLimiter::direct(Quota::per_second(per_second)))
}

impl Delivery {
    /// Tells and sends for as long as the task runs; `received` wakes it after an event.
    pub async fn run(self, received: Arc<Notify>) {
        let mut pruned = tokio::time::Instant::now();
        loop {
            if let Err(error) = self.tell_ready().await {
                tracing::warn!(%error, "the alerts' batches could not be told; tried again");
            }
            match self.send_due().await {
                Ok(()) => {}
                Err(error) => {
                    tracing::warn!(%error, "the alerts due could not be read; tried again")
                }
            }
            if pruned.elapsed() >= PRUNE_EVERY {
                if let Err(error) = crate::store::alerts::prune(self.store.pool()).await {
                    tracing::warn!(%error, "old alerts could not be forgotten");
                }
                pruned = tokio::time::Instant::now();
            }
            tokio::select! {
                () = received.notified() => {}
                () = tokio::time::sleep(LOOK_EVERY) => {}
            }
        }
    }

    /// Tells each batch that is whole, or has waited long enough.
    async fn tell_ready(&self) -> Result<(), sqlx::Error> {
        let pool = self.store.pool();
        for batch in
            crate::store::alerts::batches_ready(pool, unix_now() - BATCH_WAIT_SECONDS).await?
        {
            let queued = crate::store::alerts::tell_batch(pool, &batch).await?;
            if queued > 0 {
                tracing::info!(batch, messages = queued, "alerts queued");
                metrics::counter!("loyalty_alert_messages_queued_total").increment(queued);
            }
        }
        Ok(())
    }

    /// Sends the messages due, a page at a time, until none is.
    async fn send_due(&self) -> Result<(), sqlx::Error> {
        loop {
            let claimed =
                crate::store::alerts::claim_due(self.store.pool(), unix_now(), LEASE_SECONDS, PAGE)
                    .await?;
            if claimed.is_empty() {
                return Ok(());
            }
            futures_util::stream::iter(claimed)
                .for_each_concurrent(IN_FLIGHT, |send| async move {
                    self.rate.until_ready().await;
                    if let Err(error) = self.send(&send).await {
                        tracing::warn!(%error, "an alert's state could not be kept; it is sent again after its lease");
                    }
                })
                .await;
        }
    }

    /// Sends one message and records what came of it.
    async fn send(&self, send: &DueSend) -> Result<(), sqlx::Error> {
        let pool = self.store.pool();
        // A member deleted meanwhile took their messages along.
        let Some(context) = crate::store::alerts::send_context(pool, send).await? else {
            return crate::store::alerts::done(pool, &send.id, Some("member or subscription gone"))
                .await;
        };
        let events: Vec<(CatalogueAlert, AlertKind)> = context
            .events
            .iter()
            .filter_map(|payload| CatalogueAlert::parse(payload.as_bytes()).ok())
            .collect();
        let Some(kind) = events.first().map(|(_, kind)| *kind) else {
            return crate::store::alerts::done(pool, &send.id, Some("nothing to tell")).await;
        };
        let alerts: Vec<CatalogueAlert> = events.into_iter().map(|(alert, _)| alert).collect();
        let channel_on = match send.subscription_id {
            None => context.preferences.email,
            Some(_) => context.preferences.push,
        };
        if !context.preferences.wants(kind) || !channel_on {
            return crate::store::alerts::done(pool, &send.id, Some("turned off since")).await;
        }
        let outcome = match &context.subscription {
            None => self.mail(send, &context, kind, &alerts).await,
            Some(subscription) => match &self.push {
                Some(push) => {
                    let shown = alerts::notification(kind, &alerts, &send.batch_id);
                    let message = serde_json::to_vec(&shown).unwrap_or_default();
                    push.send(subscription, &message).await
                }
                None => Outcome::Retry("no VAPID key is configured".to_owned()),
            },
        };
        match outcome {
            Outcome::Delivered => {
                metrics::counter!("loyalty_alert_messages_sent_total").increment(1);
                crate::store::alerts::done(pool, &send.id, None).await
            }
            Outcome::Gone => {
                let id = send.subscription_id.as_deref().unwrap_or_default();
                crate::store::alerts::forget_subscription(pool, id).await
            }
            Outcome::Refused(problem) => {
                tracing::warn!(%problem, "an alert was refused for good");
                crate::store::alerts::done(pool, &send.id, Some(&problem)).await
            }
            Outcome::Retry(problem) => {
                let attempts = send.attempts + 1;
                metrics::counter!("loyalty_alert_message_failures_total").increment(1);
                if attempts >= alerts::TRIES {
                    tracing::warn!(%problem, attempts, "an alert is given up");
                    return crate::store::alerts::done(
                        pool,
                        &send.id,
                        Some(&format!("given up: {problem}")),
                    )
                    .await;
                }
                let wait = i64::try_from(alerts::retry_in(attempts).as_secs()).unwrap_or(i64::MAX);
                crate::store::alerts::retry(pool, &send.id, attempts, unix_now() + wait, &problem)
                    .await
            }
        }
    }

    /// The e-mail of one message, with its one-click unsubscribe link for its kind.
    async fn mail(
        &self,
        send: &DueSend,
        context: &SendContext,
        kind: AlertKind,
        alerts: &[CatalogueAlert],
    ) -> Outcome {
        let site = match self.sites.of(&context.site_id).await {
            Ok(site) => site,
            Err(error) => return Outcome::Retry(error.to_string()),
        };
        let origin = site.origin(&self.origins);
        let token = match platform::tokens::new_token() {
            Ok(token) => token,
            Err(error) => return Outcome::Retry(error.to_string()),
        };
        if let Err(error) = crate::store::alerts::keep_unsubscribe_token(
            self.store.pool(),
            &sha256_hex(&token),
            &send.member_id,
            kind,
        )
        .await
        {
            return Outcome::Retry(error.to_string());
        }
        let unsubscribe = format!("{origin}/api/v1/alerts/unsubscribe?token={token}");
        let from = From {
            site_name: &site.name,
            origin: &origin,
        };
        let letter = alerts::letter(kind, alerts, &context.first_name, from, &unsubscribe);
        match self
            .mailer
            .send_unsubscribable(&context.email, &letter.subject, &letter.text, &unsubscribe)
            .await
        {
            Ok(()) => Outcome::Delivered,
            Err(platform::mail::MailError::Refused(problem)) if problem.contains("recipient") => {
                Outcome::Refused(problem)
            }
            Err(error) => Outcome::Retry(error.to_string()),
        }
    }
}
