//! svc-loyalty: the loyalty-member domain behind the gateway's `/api/cypher`.
//!
//! # Layout
//!
//! - [`config`]: configuration from the environment.
//! - [`domain`]: loyalty rules as plain Rust: the route table, error codes and
//!   messages, members, passwords and tokens (configuration normalisation is the
//!   loyalty-config crate's, shared with the gateway).
//! - [`provider`]: the built-in loyalty provider: one cypher envelope in, one reply
//!   out, per route.
//! - [`lockout`]: what wrong passwords do to an account: counted, locked, blocked.
//! - [`store`]: all SQL (SQLite or PostgreSQL through sqlx), with its migrations.
//! - [`events`]: member events: their subjects and payloads, as the outbox keeps them.
//! - [`metrics`]: gauges of the store's pool and the outbox, NATS publish failures.
//! - [`password_workers`]: argon2id hashing on one thread per core, off the runtime.
//! - [`seed`]: the demo chain's demo member, rewards, gift card and e-vouchers.
//! - [`site_settings`]: each site's loyalty settings, followed in the catalogue.
//! - [`alerts`]: members' alerts of their films going on sale and leaving, from the
//!   catalogue's events, by e-mail and Web Push.
//! - [`upstream`]: upstream mode, cypher calls passed to a real cypher-compatible API.
//! - [`grpc`]: the gRPC adapter over the domain and the provider.
//! - [`error`]: the crate's error type and its gRPC status.

pub mod alerts;
pub mod config;
pub mod domain;
pub mod error;
pub mod events;
pub mod grpc;
pub mod lockout;
pub mod metrics;
pub mod password_workers;
pub mod provider;
pub mod seed;
pub mod site_settings;
pub mod store;
pub mod upstream;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

pub use config::Config;
pub use error::Error;
use platform::outbox::{Delivery, Relay};
use platform::trace::TracedChannel;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::loyalty::v1::loyalty_server::LoyaltyServer;
use proto::loyalty::v1::member_support_server::MemberSupportServer;
use secrecy::ExposeSecret;
use tokio::net::TcpListener;
use tokio::sync::Notify;

use crate::provider::captcha::{CaptchaOff, Recaptcha};
use crate::provider::films::FilmCatalogue;
use crate::provider::limits::{Budgets, RateLimits};
use crate::provider::payment_portal::{HttpPaymentPortal, NoPaymentPortal};
use crate::provider::wallet::WalletSigner;
use crate::provider::{Outside, Policy, Provider};
use crate::site_settings::SiteSettings;
use crate::store::{OUTBOX, Store};
use crate::upstream::Upstream;

/// How often the relay looks at the outbox when no login woke it.
const RELAY_POLL: Duration = Duration::from_secs(1);
/// How often the pool and outbox gauges are sampled.
const GAUGES_EVERY: Duration = Duration::from_secs(5);
/// How long a call waits for its site's settings when the catalogue has not named them
/// yet (just after a start).
const SITE_SETTINGS_PATIENCE: Duration = Duration::from_secs(3);

/// A loyalty service ready to serve.
#[derive(Debug)]
pub struct Application {
    service: grpc::LoyaltyService,
    store: Store,
    catalogue: CatalogueClient<TracedChannel>,
    nats_url: Option<String>,
    nats_access: platform::nats::NatsAccess,
    /// The LOYALTY stream's byte limit.
    stream_bytes: i64,
    events: Arc<Notify>,
    /// Sends members' alerts.
    alert_delivery: alerts::delivery::Delivery,
    /// The durable consumer of the catalogue's events (ALERTS_CONSUMER).
    alerts_consumer: String,
}

impl Application {
    /// Opens the store (creating DATA_DIR and applying migrations) and seeds the demo.
    pub async fn build(config: Config) -> Result<Application, Error> {
        if config.database_url.is_sqlite() {
            std::fs::create_dir_all(&config.data_dir)?;
        }
        let store = Store::connect(
            config.database_url.expose(),
            config.database_max_connections,
        )
        .await?;
        store.adopt_rows_from_before_sites(&config.site_id).await?;
        if config.demo_seed {
            seed::demo(&store, &config.site_id).await?;
        }
        let events = Arc::new(Notify::new());
        let catalogue =
            CatalogueClient::new(platform::trace::lazy_channel(&config.catalogue_addr)?);
        let wallet = match &config.wallet {
            Some(wallet) => Some(
                WalletSigner::from_service_account(
                    wallet.service_account.expose_secret(),
                    wallet.issuer_id.clone(),
                    // A pass names real origins: none with a `*`.
                    config
                        .site_origins
                        .iter()
                        .filter(|origin| !origin.contains('*'))
                        .cloned()
                        .collect(),
                )
                .map_err(Error::WalletKey)?,
            ),
            None => None,
        };
        let web_push = match &config.alerts.vapid_key_file {
            Some(file) => Some(
                alerts::web_push::WebPush::from_file(
                    file,
                    config.alerts.vapid_key_made_if_missing,
                    config.alerts.contact.clone(),
                    config.alerts.local_push_endpoints,
                )
                .map_err(Error::WebPushKey)?,
            ),
            None => None,
        };
        let alert_mail = platform::mail::MailSettings {
            from: config.alerts.from.clone(),
            ..config.mail.clone()
        };
        let sites = SiteSettings::new(SITE_SETTINGS_PATIENCE);
        let alert_delivery = alerts::delivery::Delivery {
            store: store.clone(),
            sites: sites.clone(),
            origins: config.site_origins.clone(),
            mailer: alert_mail.mailer(&config.data_dir)?,
            push: web_push.clone(),
            rate: alerts::delivery::Rate::per_second(config.alerts.per_second),
        };
        let outside = Outside {
            films: FilmCatalogue::new(catalogue.clone()),
            events: events.clone(),
            mailer: config.mail.mailer(&config.data_dir)?,
            payment_portal: match &config.payment_portal {
                Some(portal) => Arc::new(HttpPaymentPortal::new(
                    portal.url.clone(),
                    portal.secret.expose_secret().to_owned(),
                    config.payment_portal_timeout,
                )?),
                None => Arc::new(NoPaymentPortal),
            },
            captcha: match &config.captcha_secret {
                Some(secret) => Arc::new(Recaptcha::new(
                    config.captcha_verify_url.clone(),
                    secret.expose_secret().to_owned(),
                )?),
                None => Arc::new(CaptchaOff),
            },
            wallet,
            alert_offer: provider::alerts::AlertOffer {
                push_public_key: web_push.as_ref().map(|push| push.public_key().to_owned()),
                local_push_endpoints: config.alerts.local_push_endpoints,
            },
        };
        let provider = Provider::new(
            store.clone(),
            config.brand.clone(),
            outside,
            Policy::new(&config),
            RateLimits::new(Budgets {
                per_minute: config.rate_limit_per_minute,
                registrations_per_hour: config.registration_limit_per_hour,
            }),
            config.site_origins.clone(),
        );
        Ok(Application {
            service: grpc::LoyaltyService {
                default_site: config.site_id,
                sites,
                provider,
                upstream: match &config.upstream_url {
                    Some(url) => Some(Upstream::new(url, &config.brand, config.upstream_timeout)?),
                    None => None,
                },
            },
            store,
            catalogue,
            nats_url: config.nats_url,
            nats_access: config.nats_access,
            stream_bytes: config.loyalty_stream_bytes,
            events,
            alert_delivery,
            alerts_consumer: config.alerts.consumer,
        })
    }

    /// The member store, for tests and seeding.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Serves gRPC on `listener` and relays login events to NATS until `shutdown`.
    pub async fn serve(
        self,
        listener: TcpListener,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), Error> {
        let health = platform::serving::health();
        let alert_events = Arc::new(Notify::new());
        let mut alert_tasks = vec![tokio::spawn(self.alert_delivery.run(alert_events.clone()))];
        if let Some(url) = self.nats_url.clone() {
            alert_tasks.push(tokio::spawn(alerts::consumer::consume(
                url,
                self.nats_access.clone(),
                self.alerts_consumer,
                self.store.clone(),
                alert_events,
            )));
        }
        let relay = self.nats_url.map(|url| {
            let relay = Relay {
                pool: self.store.pool().clone(),
                outbox: OUTBOX,
                url,
                access: self.nats_access,
                delivery: Delivery::Stream {
                    name: events::STREAM,
                    subjects: events::STREAM_SUBJECTS,
                    max_bytes: self.stream_bytes,
                },
                events: "member events",
                health_name: proto::MEMBER_EVENTS_HEALTH,
                failed: metrics::nats_publish_failed,
            };
            tokio::spawn(platform::outbox::relay(
                relay,
                self.events,
                RELAY_POLL,
                health.0.clone(),
            ))
        });
        let gauges = metrics::sample(self.store.clone(), GAUGES_EVERY);
        let site_settings = self.service.sites.follow(self.catalogue);
        let support = grpc::MemberSupportService {
            sites: self.service.sites.clone(),
            provider: self.service.provider.clone(),
            upstream: self.service.upstream.is_some(),
        };
        let served = platform::serving::serve(
            platform::serving::Services::new(LoyaltyServer::new(self.service))
                .with(MemberSupportServer::new(support)),
            listener,
            shutdown,
            health,
        )
        .await;
        gauges.abort();
        site_settings.abort();
        for task in alert_tasks {
            task.abort();
        }
        if let Some(relay) = relay {
            relay.abort();
        }
        served?;
        Ok(())
    }
}
