//! svc-studio: the studio's back end (docs/studio.md): its staff, the roles they are
//! granted per site, their invitations and sessions.
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment.
//! - [`commands`]: the binary's command beside serving: `invite`.
//! - [`domain`]: the rules as plain Rust: roles and permissions and the one check of
//!   every call, staff e-mail addresses and names, tokens.
//! - [`store`]: all SQL (SQLite or PostgreSQL), with its migrations.
//! - [`studio`]: what the studio does for its staff over the store: invitations,
//!   sessions, sign-in links, the first operator's invitation.
//! - [`passkeys`]: passkeys registered, listed, removed, and signing in with them.
//! - [`single_sign_on`]: signing in by OpenID Connect, when configured.
//! - [`sites`]: the sites a staff member may see, from svc-catalogue.
//! - [`site_catalogue`]: a site's theaters and movies as published, for the forms.
//! - [`site_staff`]: a site's staff: invitations mailed and waiting, grants removed.
//! - [`drafts`]: a site's draft, publishing and history, kept by svc-catalogue.
//! - [`previews`]: the draft's preview tokens.
//! - [`ingest_keys`]: a site's ingest keys, kept by svc-catalogue.
//! - [`media`]: a site's media library, kept by svc-catalogue.
//! - [`member_support`]: a site's members found and helped, by svc-loyalty.
//! - [`audit`]: the audit log of every change, written and read.
//! - [`grpc`]: the gRPC adapter over [`studio`].
//! - [`error`]: the crate's error type and its gRPC status.

pub mod audit;
pub mod commands;
pub mod config;
pub mod domain;
pub mod drafts;
pub mod error;
pub mod grpc;
pub mod ingest_keys;
pub mod media;
pub mod member_support;
pub mod passkeys;
pub mod points_of_sale;
pub mod previews;
pub mod single_sign_on;
pub mod site_catalogue;
pub mod site_staff;
pub mod sites;
pub mod store;
pub mod studio;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

pub use config::Config;
pub use error::Error;
use member_support::SupportBudget;
use platform::outbox::{Delivery, Relay};
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::catalogue::v1::drafts_client::DraftsClient;
use proto::catalogue::v1::media_client::MediaClient;
use proto::catalogue::v1::points_of_sale_client::PointsOfSaleClient;
use proto::catalogue::v1::sites_client::SitesClient;
use proto::loyalty::v1::member_support_client::MemberSupportClient;
use proto::studio::v1::studio_server::StudioServer;
use single_sign_on::SingleSignOn;
use store::Store;
use studio::Studio;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// How often the relay looks at the outbox when no entry woke it.
const RELAY_POLL: Duration = Duration::from_secs(1);

/// A studio service ready to serve.
#[derive(Debug)]
pub struct Application {
    service: grpc::StudioService,
    /// Where the audit events go; `None` keeps them in the outbox.
    nats_url: Option<String>,
    nats_access: platform::nats::NatsAccess,
}

impl Application {
    /// Opens (and creates when missing) the staff store; at a start with no staff,
    /// writes the first operator's invitation.
    pub async fn build(config: Config) -> Result<Application, Error> {
        let studio = studio(&config).await?;
        studio
            .invite_first_operator(&config.first_operator_file())
            .await?;
        Ok(Application {
            service: grpc::StudioService { studio },
            nats_url: config.nats_url,
            nats_access: config.nats_access,
        })
    }

    /// Serves gRPC on `listener` and relays the audit events to NATS until `shutdown`.
    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        let health = platform::serving::health();
        let studio = &self.service.studio;
        let relay = self.nats_url.map(|url| {
            let relay = Relay {
                pool: studio.store.pool().clone(),
                outbox: audit::OUTBOX,
                url,
                access: self.nats_access,
                delivery: Delivery::Subjects,
                events: "audit events",
                health_name: proto::STUDIO_AUDIT_EVENTS_HEALTH,
                failed: audit_events_failed,
            };
            tokio::spawn(platform::outbox::relay(
                relay,
                studio.audit_events.clone(),
                RELAY_POLL,
                health.0.clone(),
            ))
        });
        let served = platform::serving::serve(
            platform::serving::Services::new(
                StudioServer::new(self.service).max_decoding_message_size(grpc::MAX_MESSAGE_BYTES),
            ),
            listener,
            shutdown,
            health,
        )
        .await;
        if let Some(relay) = relay {
            relay.abort();
        }
        served?;
        Ok(())
    }
}

/// Counts one failed attempt to publish audit events.
fn audit_events_failed() {
    metrics::counter!("studio_nats_publish_failures_total").increment(1);
}

/// The studio over the store `config` names (its SQLite folder made when missing).
pub async fn studio(config: &Config) -> Result<Studio, Error> {
    if config.database_url.is_sqlite() {
        std::fs::create_dir_all(&config.data_dir).map_err(|source| Error::File {
            path: config.data_dir.display().to_string(),
            source,
        })?;
    }
    let catalogue = platform::trace::lazy_channel(&config.catalogue_addr)?;
    Ok(Studio {
        store: Store::connect(config.database_url.expose()).await?,
        studio_url: config.studio_url.clone(),
        email_sign_in: config.email_sign_in,
        mailer: config.mail.mailer(&config.data_dir)?,
        single_sign_on: config
            .single_sign_on
            .as_ref()
            .map(|settings| SingleSignOn::new(settings, &config.studio_url).map(Arc::new))
            .transpose()?,
        webauthn: passkeys::relying_party(&config.studio_url).map_err(Error::Webauthn)?,
        catalogue: CatalogueClient::new(catalogue.clone()),
        drafts: DraftsClient::new(catalogue.clone()),
        media: MediaClient::new(catalogue.clone()),
        points_of_sale: PointsOfSaleClient::new(catalogue.clone()),
        sites: SitesClient::new(catalogue),
        loyalty: MemberSupportClient::new(platform::trace::lazy_channel(&config.loyalty_addr)?),
        support_budget: SupportBudget::default(),
        audit_events: Arc::new(Notify::new()),
    })
}
