//! A site's catalogue versions, followed by every gateway that serves the site, whatever its
//! role (docs/publishing.md#kept-api-answers): svc-catalogue pushes each version over
//! `WatchSite`, nobody polls. Each version moves the JSON API's kept answers at once, and is
//! handed on as the latest to the site's publisher when this gateway publishes the site. A
//! gateway that only serves, or that lost the site's lease, keeps its answers as current
//! as the one that publishes.

use std::time::Duration;

use proto::catalogue::v1 as catalogue;
use tokio::sync::watch;

use super::kept_answers::KeptAnswers;
use super::status::PublishStatus;
use crate::clients::Services;

/// How long to wait before opening the stream again when the catalogue is away.
const RETRY_FIRST: Duration = Duration::from_millis(500);
const RETRY_MAX: Duration = Duration::from_secs(5);

/// The catalogue version the site is at: `None` while the stream is down.
pub type Versions = watch::Receiver<Option<catalogue::SiteVersion>>;

/// One site's follower of its catalogue versions.
#[derive(Debug)]
pub struct Follower {
    pub services: Services,
    pub kept_answers: KeptAnswers,
    pub status: PublishStatus,
    heard: watch::Sender<Option<catalogue::SiteVersion>>,
}

impl Follower {
    pub fn new(services: Services, kept_answers: KeptAnswers, status: PublishStatus) -> Follower {
        Follower {
            services,
            kept_answers,
            status,
            heard: watch::Sender::new(None),
        }
    }

    /// The versions as they are heard, for a publisher.
    pub fn versions(&self) -> Versions {
        self.heard.subscribe()
    }

    pub fn spawn(self) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move { self.run().await })
    }

    /// Hears the catalogue's versions for as long as the gateway runs, opening the stream
    /// again when it breaks: each goes to the kept answers, then to [`Follower::versions`].
    async fn run(self) {
        let mut retry = RETRY_FIRST;
        loop {
            let stream = self
                .services
                .catalogue
                .clone()
                .watch_site(catalogue::WatchSiteRequest {})
                .await;
            let mut versions = match stream {
                Ok(stream) => stream.into_inner(),
                Err(status) => {
                    let state = self.status.get();
                    if state.catalogue_connected || state.last_error.is_none() {
                        tracing::warn!(%status, "catalogue versions unavailable; serving the last snapshot");
                    }
                    self.status.update(|state| {
                        state.catalogue_connected = false;
                        state.last_error = Some(format!("catalogue: {}", status.message()));
                    });
                    tokio::time::sleep(retry).await;
                    retry = (retry * 2).min(RETRY_MAX);
                    continue;
                }
            };
            if !self.status.get().catalogue_connected {
                tracing::info!("following the catalogue's versions");
            }
            self.status.update(|state| state.catalogue_connected = true);
            retry = RETRY_FIRST;
            while let Ok(Some(version)) = versions.message().await {
                self.kept_answers.follow(Some(&version));
                self.heard.send_replace(Some(version));
            }
            tracing::warn!("the catalogue's version stream ended; the last snapshot keeps serving");
            self.kept_answers.follow(None);
            self.heard.send_replace(None);
            self.status
                .update(|state| state.catalogue_connected = false);
            tokio::time::sleep(retry).await;
        }
    }
}
