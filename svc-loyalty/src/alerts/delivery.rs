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
use crate::domain::alerts::{self, AlertKind, CatalogueAlert, SiteOfMessage};
use crate::site_settings::SiteSettings;
use crate::store::alerts::{DueSend, SendContext};
use crate::store::{Store, unix_now};
use platform::mail::Mailer;
use platform::tokens::sha256_hex;

/// How long a batch that is not whole waits, after its last event came, for the rest
/// before it is told as it is.
const BATCH_WAIT_SECONDS: i64 = 30;
/// Messages claimed at once at most: what one replica holds while it sends them.
const PAGE: i64 = 200;
/// How long a claim holds: a replica that dies leaves its messages to others after it.
/// A page is sized to take a quarter of it at the rate (and 8 in flight, each at most
/// 10 s, send 200 in about 250 s), so no claim runs out while its messages go.
const LEASE_SECONDS: i64 = 600;
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
    pub rate: Rate,
}

/// How fast messages go: `per_second` at most, and the page claimed at once.
#[derive(Debug, Clone)]
pub struct Rate {
    limiter: Arc<DefaultDirectRateLimiter>,
    page: i64,
}

impl Rate {
    pub fn per_second(per_second: u32) -> Rate {
        let per_second = NonZeroU32::new(per_second).unwrap_or(NonZeroU32::MIN);
        Rate {
            limiter: Arc::new(RateLimiter::direct(Quota::per_second(per_second))),
            page: (i64::from(per_second.get()) * LEASE_SECONDS / 4).clamp(1, PAGE),
        }
    }
}

impl Delivery {
    /// Tells and sends for as long as the task runs; `received` wakes it after an event.
    pub async fn run(self, received: Arc<Notify>) {
        let mut pruned = tokio::time::Instant::now();
        loop {
            self.tell_ready().await;
            // A page at a time, batches told between pages: a long queue holds no new
            // batch back.
            let more = match self.send_page().await {
                Ok(more) => more,
                Err(error) => {
                    tracing::warn!(%error, "the alerts due could not be read; tried again");
                    false
                }
            };
            if pruned.elapsed() >= PRUNE_EVERY {
                if let Err(error) = crate::store::alerts::prune(self.store.pool()).await {
                    tracing::warn!(%error, "old alerts could not be forgotten");
                }
                pruned = tokio::time::Instant::now();
            }
            if more {
                continue;
            }
            tokio::select! {
                () = received.notified() => {}
                () = tokio::time::sleep(LOOK_EVERY) => {}
            }
        }
    }

    /// Tells each batch that is whole, or has waited long enough; one that fails is
    /// tried again at the next pass, the others go on.
    async fn tell_ready(&self) {
        let pool = self.store.pool();
        let quiet_since = unix_now() - BATCH_WAIT_SECONDS;
        let ready = match crate::store::alerts::batches_ready(pool, quiet_since).await {
            Ok(ready) => ready,
            Err(error) => {
                tracing::warn!(%error, "the alerts' batches could not be read; tried again");
                return;
            }
        };
        for batch in ready {
            let told = match platform::tokens::random_hex::<12>() {
                Ok(tell_id) => crate::store::alerts::tell_batch(pool, &batch, &tell_id).await,
                Err(error) => Err(sqlx::Error::Protocol(error.to_string())),
            };
            match told {
                Ok(0) => {}
                Ok(queued) => {
                    tracing::info!(batch, messages = queued, "alerts queued");
                    metrics::counter!("loyalty_alert_messages_queued_total").increment(queued);
                }
                Err(error) => {
                    tracing::warn!(batch, %error, "an alerts' batch could not be told; tried again");
                }
            }
        }
    }

    /// Sends a page of the messages due; true when it was full (more may be due).
    async fn send_page(&self) -> Result<bool, sqlx::Error> {
        let claimed = crate::store::alerts::claim_due(
            self.store.pool(),
            unix_now(),
            LEASE_SECONDS,
            self.rate.page,
        )
        .await?;
        let full = i64::try_from(claimed.len()).unwrap_or(i64::MAX) >= self.rate.page;
        futures_util::stream::iter(claimed)
            .for_each_concurrent(IN_FLIGHT, |send| async move {
                self.rate.limiter.until_ready().await;
                if let Err(error) = self.send(&send).await {
                    tracing::warn!(%error, "an alert's state could not be kept; it is sent again after its lease");
                }
            })
            .await;
        Ok(full)
    }

    /// Sends one message and records what came of it.
    async fn send(&self, send: &DueSend) -> Result<(), sqlx::Error> {
        let pool = self.store.pool();
        // A member deleted meanwhile took their messages along.
        let Some(context) = crate::store::alerts::send_context(pool, send).await? else {
            return crate::store::alerts::done(pool, send, Some("member or subscription gone"))
                .await;
        };
        let events: Vec<(CatalogueAlert, AlertKind)> = context
            .events
            .iter()
            .filter_map(|payload| CatalogueAlert::parse(payload.as_bytes()).ok())
            .collect();
        let Some(kind) = events.first().map(|(_, kind)| *kind) else {
            return crate::store::alerts::done(pool, send, Some("nothing to tell")).await;
        };
        let alerts: Vec<CatalogueAlert> = events.into_iter().map(|(alert, _)| alert).collect();
        let channel_on = match send.subscription_id {
            None => context.preferences.email,
            Some(_) => context.preferences.push,
        };
        if !context.preferences.wants(kind) || !channel_on {
            return crate::store::alerts::done(pool, send, Some("turned off since")).await;
        }
        let outcome = match &context.subscription {
            None => self.mail(send, &context, kind, &alerts).await,
            Some(subscription) => match &self.push {
                Some(push) => {
                    let shown = alerts::notification(kind, &alerts, &send.tell_id);
                    let message = serde_json::to_vec(&shown).unwrap_or_default();
                    push.send(subscription, &message).await
                }
                None => Outcome::Retry("no VAPID key is configured".to_owned()),
            },
        };
        match outcome {
            Outcome::Delivered => {
                metrics::counter!("loyalty_alert_messages_sent_total").increment(1);
                crate::store::alerts::done(pool, send, None).await
            }
            Outcome::Gone => {
                let id = send.subscription_id.as_deref().unwrap_or_default();
                crate::store::alerts::forget_subscription(pool, id).await
            }
            Outcome::Refused(problem) => {
                // Its cause is kept with the message: a mail relay's words may name the
                // member.
                tracing::warn!(message = send.id, "an alert was refused for good");
                crate::store::alerts::done(pool, send, Some(&problem)).await
            }
            Outcome::Retry(problem) => {
                let attempts = send.attempts + 1;
                metrics::counter!("loyalty_alert_message_failures_total").increment(1);
                if attempts >= alerts::TRIES {
                    tracing::warn!(message = send.id, attempts, "an alert is given up");
                    return crate::store::alerts::done(
                        pool,
                        send,
                        Some(&format!("given up: {problem}")),
                    )
                    .await;
                }
                let wait = i64::try_from(alerts::retry_in(attempts).as_secs()).unwrap_or(i64::MAX);
                crate::store::alerts::retry(pool, send, attempts, unix_now() + wait, &problem).await
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
        // A link to another site's host would not know the member: never guessed.
        let Some(origin) = site.own_origin(&self.origins) else {
            return Outcome::Retry(format!(
                "site '{}' has no public URL nor an origin on its hosts (LOYALTY_SITE_ORIGINS)",
                context.site_id
            ));
        };
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
        let from = SiteOfMessage {
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
            Err(platform::mail::MailError::Rejected(problem)) => Outcome::Refused(problem),
            Err(error) => Outcome::Retry(error.to_string()),
        }
    }
}
