//! gRPC clients of the four services. Channels connect lazily, so the gateway starts
//! (and keeps serving what it can) while a service is down, and every call carries
//! the configured deadline and the current request's id and trace context.

use std::time::Duration;

use platform::trace::{Propagate, TracedChannel};
use proto::ads::v1::ads_client::AdsClient;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::catalogue::v1::ingest_client::IngestClient;
use proto::consent::v1::consent_client::ConsentClient;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};
use tonic_health::pb::health_client::HealthClient;

use crate::config::ServiceAddrs;

/// The least deadline of an ingest call: the writes to one site take turns, so a theater's
/// schedule may wait for the others' (a chain's import sends one per theater).
const INGEST_DEADLINE: Duration = Duration::from_secs(30);

#[derive(Debug, Clone)]
pub struct Services {
    pub catalogue: CatalogueClient<TracedChannel>,
    /// svc-catalogue's ingest API, with a deadline of its own (INGEST_DEADLINE at least).
    pub ingest: IngestClient<TracedChannel>,
    pub loyalty: LoyaltyClient<TracedChannel>,
    pub ads: AdsClient<TracedChannel>,
    pub consent: ConsentClient<TracedChannel>,
    /// The same channels, for the health checks of `/readyz`.
    pub health: Vec<(&'static str, HealthClient<Channel>)>,
    /// The connections, for the clients of one site ([`Services::for_site`]).
    channels: Channels,
}

#[derive(Debug, Clone)]
struct Channels {
    catalogue: Channel,
    ingest: Channel,
    loyalty: Channel,
    ads: Channel,
    consent: Channel,
}

#[derive(Debug, thiserror::Error)]
#[error("{service} address '{addr}' is not a valid URI")]
pub struct InvalidAddr {
    service: &'static str,
    addr: String,
}

impl Services {
    pub fn connect(addrs: &ServiceAddrs, deadline: Duration) -> Result<Services, InvalidAddr> {
        let with_deadline = |service: &'static str,
                             addr: &str,
                             deadline: Duration|
         -> Result<Channel, InvalidAddr> {
            let endpoint =
                Endpoint::from_shared(format!("http://{addr}")).map_err(|_| InvalidAddr {
                    service,
                    addr: addr.to_owned(),
                })?;
            Ok(endpoint
                .connect_timeout(deadline)
                .timeout(deadline)
                .tcp_nodelay(true)
                .connect_lazy())
        };
        let channel = |service, addr: &str| with_deadline(service, addr, deadline);
        let ingest = with_deadline("catalogue", &addrs.catalogue, deadline.max(INGEST_DEADLINE))?;
        let catalogue = channel("catalogue", &addrs.catalogue)?;
        let loyalty = channel("loyalty", &addrs.loyalty)?;
        let ads = channel("ads", &addrs.ads)?;
        let consent = channel("consent", &addrs.consent)?;
        Ok(Services::over(
            Channels {
                catalogue,
                ingest,
                loyalty,
                ads,
                consent,
            },
            &Propagate::default(),
        ))
    }

    /// The same services over the same connections, every call about the site
    /// `site_id` (DESIGN.md section 12).
    pub fn for_site(&self, site_id: &str) -> Services {
        Services::over(self.channels.clone(), &Propagate::for_site(site_id))
    }

    fn over(channels: Channels, propagate: &Propagate) -> Services {
        let traced =
            |channel: &Channel| InterceptedService::new(channel.clone(), propagate.clone());
        Services {
            health: vec![
                ("catalogue", HealthClient::new(channels.catalogue.clone())),
                ("loyalty", HealthClient::new(channels.loyalty.clone())),
                ("ads", HealthClient::new(channels.ads.clone())),
                ("consent", HealthClient::new(channels.consent.clone())),
            ],
            ingest: IngestClient::new(traced(&channels.ingest)),
            catalogue: CatalogueClient::new(traced(&channels.catalogue)),
            loyalty: LoyaltyClient::new(traced(&channels.loyalty)),
            ads: AdsClient::new(traced(&channels.ads)),
            consent: ConsentClient::new(traced(&channels.consent)),
            channels,
        }
    }
}
