//! A publishing gateway's part in a deployment that stores its revisions
//! (docs/publishing.md#leases): for each site, it publishes while it holds the site's
//! lease, and otherwise serves the revision the holder stored, asking for the lease
//! again every few seconds so that it takes over when the holder dies.

use std::time::Duration;

use super::Publisher;
use super::lease::{Lease, Leases};
use crate::served::replica::Replica;
use crate::served::{PublishStatus, Role};
use crate::task::AbortOnDrop;

/// How often a gateway that does not hold a site's lease asks for it.
const ASK_EVERY: Duration = Duration::from_secs(2);

/// What a publishing gateway does for one site: publish it or serve its stored revision.
#[derive(Debug, Clone)]
pub struct SiteRole {
    pub site_id: String,
    pub leases: Leases,
    pub publisher: Publisher,
    pub replica: Replica,
    pub status: PublishStatus,
}

impl SiteRole {
    pub fn spawn(self) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move { self.run().await })
    }

    async fn run(self) {
        let mut lease: Option<Lease> = None;
        let mut publishing: Option<AbortOnDrop> = None;
        let mut serving: Option<AbortOnDrop> = None;
        // Said once when NATS stops answering, once when it answers again.
        let mut unreachable = false;
        loop {
            let asked = match lease.as_mut() {
                Some(held) => match self.leases.renew(held).await {
                    Ok(true) => Asked::Held,
                    Ok(false) => {
                        tracing::warn!(site = %self.site_id, "the site's lease expired: another gateway may publish it now");
                        lease = None;
                        self.ask(&mut lease).await
                    }
                    // Kept: once NATS answers again, renewing it tells whether it
                    // expired meanwhile and another gateway took it.
                    Err(error) => Asked::Unreachable(error.to_string()),
                },
                None => self.ask(&mut lease).await,
            };
            if unreachable && !matches!(asked, Asked::Unreachable(_)) {
                tracing::info!(site = %self.site_id, "the site's lease can be asked for again");
                unreachable = false;
            }
            let role = match asked {
                Asked::Held => Role::Publisher,
                Asked::Taken => Role::Replica,
                // NATS does not answer: what is served goes on being served; a site with
                // nothing to serve yet is published here alone until NATS answers.
                Asked::Unreachable(error) => {
                    if !unreachable {
                        tracing::warn!(site = %self.site_id, %error, "the site's lease cannot be asked for");
                        unreachable = true;
                    }
                    match self.status.get().role {
                        Some(role) if self.publisher.published.current().is_some() => role,
                        _ => Role::Publisher,
                    }
                }
            };
            match role {
                Role::Publisher => {
                    serving = None;
                    if publishing.is_none() {
                        tracing::info!(site = %self.site_id, held = lease.is_some(), "this gateway publishes the site");
                        publishing = Some(AbortOnDrop(self.publisher.clone().spawn()));
                    }
                }
                Role::Replica => {
                    publishing = None;
                    if serving.is_none() {
                        serving = Some(AbortOnDrop(self.replica.clone().spawn()));
                    }
                }
            }
            self.status.update(|state| state.role = Some(role));
            let next = if lease.is_some() {
                self.leases.renew_every()
            } else {
                ASK_EVERY
            };
            tokio::time::sleep(next).await;
        }
    }

    /// Asks for the site's lease, keeping it in `lease` when it is free.
    async fn ask(&self, lease: &mut Option<Lease>) -> Asked {
        match self.leases.try_hold(&self.site_id).await {
            Ok(Some(held)) => {
                *lease = Some(held);
                Asked::Held
            }
            Ok(None) => Asked::Taken,
            Err(error) => Asked::Unreachable(error.to_string()),
        }
    }
}

/// What asking for or renewing a site's lease gave.
enum Asked {
    /// This gateway holds it.
    Held,
    /// Another gateway does.
    Taken,
    Unreachable(String),
}
