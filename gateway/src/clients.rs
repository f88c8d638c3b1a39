//! gRPC clients of the services. Channels connect lazily, so the gateway starts
//! (and keeps serving what it can) while a service is down, and every call carries
//! the configured deadline and the current request's id and trace context. The
//! catalogue's answers that carry ticketing links pass through [`Catalogue`].

use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use platform::trace::{Propagate, TracedChannel};
use proto::ads::v1::ads_client::AdsClient;
use proto::catalogue::v1 as catalogue;
use proto::catalogue::v1::catalogue_client::CatalogueClient;
use proto::catalogue::v1::ingest_client::IngestClient;
use proto::catalogue::v1::media_client::MediaClient;
use proto::consent::v1::consent_client::ConsentClient;
use proto::loyalty::v1::loyalty_client::LoyaltyClient;
use proto::studio::v1::studio_client::StudioClient;
use tonic::metadata::{MetadataMap, MetadataValue};
use tonic::service::Interceptor;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::{Channel, Endpoint};
use tonic::{IntoRequest, Response, Status};
use tonic_health::pb::health_client::HealthClient;

use crate::config::ServiceAddrs;
use crate::ticketing_sandbox::TicketingSandbox;

/// The least deadline of an ingest call: the writes to one site take turns, so a theater's
/// schedule may wait for the others' (a chain's import sends one per theater).
const INGEST_DEADLINE: Duration = Duration::from_secs(30);

/// The least deadline of a studio call: a publish and a new site are answered once
/// svc-catalogue serves them, which a large commit takes seconds to reach.
const STUDIO_DEADLINE: Duration = Duration::from_secs(30);

/// The largest answer the catalogue client takes (tonic's default is 4 MiB).
const SITE_CONTENT_MAX_BYTES: usize = 64 * 1024 * 1024;
/// The largest media file: a 2,400-pixel-wide image (svc-catalogue keeps no wider).
const MEDIA_FILE_MAX_BYTES: usize = 32 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct Services {
    pub catalogue: Catalogue,
    /// The site's writes this gateway saw answered, which the catalogue's reads see.
    pub written: SeenWrites,
    /// svc-catalogue's ingest API, with a deadline of its own (INGEST_DEADLINE at least).
    pub ingest: IngestClient<TracedChannel>,
    /// svc-catalogue's media libraries: their files, for publishing.
    pub media: MediaClient<TracedChannel>,
    pub loyalty: LoyaltyClient<TracedChannel>,
    pub ads: AdsClient<TracedChannel>,
    pub consent: ConsentClient<TracedChannel>,
    /// svc-studio, for the studio's host alone, with a deadline of its own
    /// (STUDIO_DEADLINE at least): not among the health checks, since the public sites
    /// serve whether or not the studio answers.
    pub studio: StudioClient<TracedChannel>,
    /// The same channels, for the health checks of `/readyz`.
    pub health: Vec<(&'static str, HealthClient<Channel>)>,
    /// The connections, for the clients of one site ([`Services::for_site`]).
    channels: Channels,
    sandbox: TicketingSandbox,
}

/// svc-catalogue's client. Every ticketing link of its answers enters the gateway here:
/// while the gateway stands in for the ticketing sites (TICKETING_SANDBOX), the calls
/// below rewrite them to the stand-in, once for every reader (pages, API, redirects).
/// Every other call is the generated client's (through `Deref`).
#[derive(Debug, Clone)]
pub struct Catalogue {
    client: CatalogueClient<CatalogueChannel>,
    sandbox: TicketingSandbox,
}

impl Deref for Catalogue {
    type Target = CatalogueClient<CatalogueChannel>;

    fn deref(&self) -> &Self::Target {
        &self.client
    }
}

impl DerefMut for Catalogue {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.client
    }
}

impl Catalogue {
    pub async fn get_site(
        &mut self,
        request: impl IntoRequest<catalogue::GetSiteRequest>,
    ) -> Result<Response<catalogue::Site>, Status> {
        let mut reply = self.client.get_site(request).await?;
        self.sandbox.site(reply.get_mut());
        Ok(reply)
    }

    pub async fn get_site_content(
        &mut self,
        request: impl IntoRequest<catalogue::GetSiteContentRequest>,
    ) -> Result<Response<catalogue::SiteContent>, Status> {
        let mut reply = self.client.get_site_content(request).await?;
        self.sandbox.site_content(reply.get_mut());
        Ok(reply)
    }

    pub async fn list_showtimes(
        &mut self,
        request: impl IntoRequest<catalogue::ListShowtimesRequest>,
    ) -> Result<Response<catalogue::ListShowtimesResponse>, Status> {
        let mut reply = self.client.list_showtimes(request).await?;
        self.sandbox.showtimes(&mut reply.get_mut().showtimes);
        Ok(reply)
    }

    pub async fn list_events(
        &mut self,
        request: impl IntoRequest<catalogue::ListEventsRequest>,
    ) -> Result<Response<catalogue::ListEventsResponse>, Status> {
        let mut reply = self.client.list_events(request).await?;
        self.sandbox.events(&mut reply.get_mut().events);
        Ok(reply)
    }

    pub async fn get_event(
        &mut self,
        request: impl IntoRequest<catalogue::GetEventRequest>,
    ) -> Result<Response<catalogue::Event>, Status> {
        let mut reply = self.client.get_event(request).await?;
        self.sandbox.events(std::slice::from_mut(reply.get_mut()));
        Ok(reply)
    }

    pub async fn resolve_ticketing(
        &mut self,
        request: impl IntoRequest<catalogue::ResolveTicketingRequest>,
    ) -> Result<Response<catalogue::TicketingTarget>, Status> {
        let mut reply = self.client.resolve_ticketing(request).await?;
        let target = reply.get_mut();
        target.url = self.sandbox.link(std::mem::take(&mut target.url));
        Ok(reply)
    }
}

/// The catalogue's calls: traced, and after a write carrying the version it made.
pub type CatalogueChannel = InterceptedService<TracedChannel, SeenWrites>;

/// Read-your-write on the catalogue: the store's version of the site after the last write
/// this gateway's ingest API answered, carried by every catalogue call
/// ([`proto::CATALOGUE_VERSION_METADATA`]) so that svc-catalogue, whichever replica
/// answers, answers from that version or a newer one.
#[derive(Debug, Clone, Default)]
pub struct SeenWrites(Arc<AtomicI64>);

impl SeenWrites {
    /// Takes the version an ingest answer's `metadata` names, if it names one (svc-catalogue
    /// names it once it serves the write).
    pub fn saw(&self, metadata: &MetadataMap) {
        let version = metadata
            .get(proto::CATALOGUE_VERSION_METADATA)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.parse::<i64>().ok());
        if let Some(version) = version {
            self.0.fetch_max(version, Ordering::AcqRel);
        }
    }
}

impl Interceptor for SeenWrites {
    fn call(&mut self, mut request: tonic::Request<()>) -> Result<tonic::Request<()>, Status> {
        let version = self.0.load(Ordering::Acquire);
        if version > 0 {
            request.metadata_mut().insert(
                proto::CATALOGUE_VERSION_METADATA,
                MetadataValue::from(version),
            );
        }
        Ok(request)
    }
}

#[derive(Debug, Clone)]
struct Channels {
    catalogue: Channel,
    ingest: Channel,
    loyalty: Channel,
    ads: Channel,
    consent: Channel,
    studio: Channel,
}

#[derive(Debug, thiserror::Error)]
#[error("{service} address '{addr}' is not a valid URI")]
pub struct InvalidAddr {
    service: &'static str,
    addr: String,
}

impl Services {
    /// Clients of the services at `addrs`, every call bounded by `deadline`; the
    /// catalogue's ticketing links lead to the stand-in while `sandbox` is on.
    pub fn connect(
        addrs: &ServiceAddrs,
        deadline: Duration,
        sandbox: TicketingSandbox,
    ) -> Result<Services, InvalidAddr> {
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
        let studio = with_deadline("studio", &addrs.studio, deadline.max(STUDIO_DEADLINE))?;
        Ok(Services::over(
            Channels {
                catalogue,
                ingest,
                loyalty,
                ads,
                consent,
                studio,
            },
            &Propagate::default(),
            sandbox,
        ))
    }

    /// The same services over the same connections, every call about the site
    /// `site_id` (docs/architecture.md#sites).
    pub fn for_site(&self, site_id: &str) -> Services {
        Services::over(
            self.channels.clone(),
            &Propagate::for_site(site_id),
            self.sandbox,
        )
    }

    fn over(channels: Channels, propagate: &Propagate, sandbox: TicketingSandbox) -> Services {
        let traced =
            |channel: &Channel| InterceptedService::new(channel.clone(), propagate.clone());
        let written = SeenWrites::default();
        Services {
            health: vec![
                ("catalogue", HealthClient::new(channels.catalogue.clone())),
                ("loyalty", HealthClient::new(channels.loyalty.clone())),
                ("ads", HealthClient::new(channels.ads.clone())),
                ("consent", HealthClient::new(channels.consent.clone())),
            ],
            ingest: IngestClient::new(traced(&channels.ingest)),
            media: MediaClient::new(traced(&channels.catalogue))
                .max_decoding_message_size(MEDIA_FILE_MAX_BYTES),
            catalogue: Catalogue {
                // A large chain's site content (every movie, event and page) in one answer.
                client: CatalogueClient::new(InterceptedService::new(
                    traced(&channels.catalogue),
                    written.clone(),
                ))
                .max_decoding_message_size(SITE_CONTENT_MAX_BYTES),
                sandbox,
            },
            written,
            loyalty: LoyaltyClient::new(traced(&channels.loyalty)),
            ads: AdsClient::new(traced(&channels.ads)),
            consent: ConsentClient::new(traced(&channels.consent)),
            studio: StudioClient::new(traced(&channels.studio)),
            channels,
            sandbox,
        }
    }
}
