//! Operations endpoints: `/healthz` (the process is up), `/readyz` (every service
//! answers its gRPC health check; `?only=catalogue` narrows it to the services named, so
//! an orchestrator can keep a gateway in rotation while an optional service is down;
//! and the published snapshot's version and age), `/metrics` (Prometheus text).
//!
//! In full on the operations listener (OPS_ADDR) only, which probes and Prometheus
//! reach and visitors do not: on a site's public host `/metrics` is 404 and `/readyz`
//! says only `{"status"}`, from a check made at most once a second, so that neither the
//! deployment's tenants and their errors nor a fan-out of health checks per request is
//! a stranger's to have.
//!
//! Readiness: `ready` (200) when every service asked for serves and the snapshot is
//! current; `degraded` (200) while a snapshot is served but a service, the renderer, the
//! member events' NATS or the catalogue's store is away, a newer version waits to be
//! published, or a site of the deployment is not published (named under `sites`, with
//! its problem: the others keep answering): the published site keeps answering;
//! `not_ready` (503) while nothing has been published and a service is away.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use arc_swap::ArcSwap;
use axum::Extension;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use serde::{Deserialize, Serialize};
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;
use utoipa::{IntoParams, ToSchema};

use crate::clients::Services;
use crate::error::{AppError, ErrorBody};
use crate::extract::Query;
use crate::publish::renderer::Renderer;
use crate::served::depot::Depot;
use crate::served::{PublishStatus, Published};

/// What readiness is judged from.
#[derive(Debug)]
pub struct OpsContext {
    pub services: Services,
    pub published: Published,
    pub publish_status: PublishStatus,
    /// The renderer the publisher calls.
    pub renderer: Renderer,
    /// Every site of the deployment.
    pub sites: SiteStates,
    /// Where the sites' revisions are stored (PUBLISH_NATS_URL), if anywhere.
    pub depot: Option<Depot>,
    /// The last readiness a public host was told, and when it was checked.
    pub told_publicly: Mutex<Option<(Instant, StatusCode, &'static str)>>,
}

/// Marks a request that came in on the operations listener (OPS_ADDR): it is answered
/// in full.
#[derive(Debug, Clone, Copy)]
pub struct OnOpsListener;

/// How long a public host's readiness answer stands before it is checked again.
const PUBLIC_READINESS_FOR: Duration = Duration::from_secs(1);

/// How each site of the deployment stands, by site id: kept by the routing of sites
/// (sites.rs) at each change of the catalogue's sites, read by `/readyz`.
#[derive(Debug, Clone, Default)]
pub struct SiteStates(Arc<ArcSwap<BTreeMap<String, SiteState>>>);

/// One site: why the catalogue cannot serve it (empty while it does), and its
/// application's published snapshot and publishing.
#[derive(Debug, Clone)]
pub struct SiteState {
    pub unavailable: String,
    pub published: Published,
    pub status: PublishStatus,
}

impl SiteStates {
    pub fn set(&self, states: BTreeMap<String, SiteState>) {
        self.0.store(Arc::new(states));
    }

    /// Whether the snapshot this gateway serves of site `site_id` holds `path`.
    pub fn serves(&self, site_id: &str, path: &str) -> bool {
        self.0
            .load()
            .get(site_id)
            .and_then(|state| state.published.current())
            .is_some_and(|files| files.file(path).is_some())
    }

    /// Every site's state, by id.
    pub fn all(&self) -> Arc<BTreeMap<String, SiteState>> {
        self.0.load_full()
    }

    /// Each site's readiness.
    fn readiness(&self) -> BTreeMap<String, SiteReadiness> {
        self.0
            .load()
            .iter()
            .map(|(site_id, state)| (site_id.clone(), state.readiness()))
            .collect()
    }
}

impl SiteState {
    fn readiness(&self) -> SiteReadiness {
        let state = self.status.get();
        let snapshot = self.published.current();
        let rendered = snapshot.as_ref().is_some_and(|snapshot| snapshot.complete);
        let files_awaiting_best_brotli = snapshot
            .as_ref()
            .map_or(0, |snapshot| snapshot.awaiting_best_brotli().count());
        let (status, problem) = self.standing();
        SiteReadiness {
            status,
            rendered,
            files_awaiting_best_brotli,
            stored_revision: state.stored_revision,
            role: state.role.map(|role| role.name()),
            problem,
        }
    }

    /// published (its pages are served), publishing (not yet), stale (its last pages are
    /// served; the catalogue cannot serve what the site has become) or unavailable, and
    /// what is wrong.
    pub fn standing(&self) -> (&'static str, Option<String>) {
        let state = self.status.get();
        let last_error = state.last_error.or(state.store_error);
        let snapshot = self.published.current();
        if !self.unavailable.is_empty() {
            let status = if snapshot.is_some() {
                "stale"
            } else {
                "unavailable"
            };
            (status, Some(self.unavailable.clone()))
        } else if snapshot.is_some() {
            ("published", last_error)
        } else if last_error.is_some() {
            ("unavailable", last_error)
        } else {
            ("publishing", None)
        }
    }
}

/// One site of the deployment as `/readyz` shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SiteReadiness {
    /// published (its pages are served), publishing (not yet), stale (its last pages are
    /// served; the catalogue cannot serve what the site has become) or unavailable (the
    /// catalogue cannot serve it, or its first publishing failed).
    status: &'static str,
    /// Whether its published pages are rendered (before, they are the web app's shell
    /// with their data).
    rendered: bool,
    /// Its files still served with fast Brotli until the background pass.
    files_awaiting_best_brotli: usize,
    /// The revision last stored for the deployment (PUBLISH_NATS_URL): the one this
    /// gateway published, or serves.
    #[serde(skip_serializing_if = "Option::is_none")]
    stored_revision: Option<String>,
    /// With PUBLISH_NATS_URL on a publishing gateway: publisher (it holds the site's
    /// lease) or replica (it serves what the holder stored).
    #[serde(skip_serializing_if = "Option::is_none")]
    role: Option<&'static str>,
    /// What is wrong: why the catalogue cannot serve it, the last publishing error, or
    /// why its revision could not be stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    problem: Option<String>,
}

pub fn router(context: OpsContext) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .with_state(Arc::new(context))
}

/// `{"status": "ok"}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    status: &'static str,
}

/// The process is up.
#[utoipa::path(get, path = "/healthz", responses((status = 200, description = "OK", body = Health)))]
async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ReadinessQuery {
    /// Comma-separated service names (catalogue, loyalty, ads, consent) to check instead
    /// of all.
    #[param(
        pattern = "^ *(catalogue|loyalty|ads|consent) *(, *(catalogue|loyalty|ads|consent) *)*$"
    )]
    only: Option<String>,
}

/// How the gateway stands: its services, the member events' link to NATS, the
/// catalogue's store, the published snapshot and publishing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Readiness {
    /// ready, degraded (the published site still answers) or not_ready.
    status: &'static str,
    /// Each service asked about: serving or unavailable.
    services: BTreeMap<&'static str, &'static str>,
    /// connected, unreachable (events wait in the outbox), off or unknown.
    member_events: &'static str,
    /// svc-catalogue's link to NATS for its events (movies on sale, last chances):
    /// connected, unreachable (they wait in its outbox), off or unknown.
    catalogue_events: &'static str,
    /// connected, unreachable (the catalogue serves what it has, the ingest API answers
    /// 503) or unknown (svc-catalogue does not answer).
    catalogue_store: &'static str,
    /// The point-of-sale connectors: connected (every linked theater in step),
    /// unreachable (one is not: its last good schedule serves), off (no theater is
    /// linked) or unknown.
    pos_connectors: &'static str,
    /// Where the sites' revisions are stored (PUBLISH_NATS_URL): connected, unreachable
    /// (the last revisions and cached files serve, files not cached answer 503, stored
    /// revisions wait) or off (not set).
    published_store: &'static str,
    /// The bytes the published store's objects take (PUBLISHED_STORE_MB bounds them);
    /// absent without a store or while it does not answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    published_store_bytes: Option<u64>,
    /// The snapshot served; null before the first.
    snapshot: Option<PublishedState>,
    publishing: PublishingState,
    /// Every site of the deployment, by id (the snapshot and publishing above are the
    /// default site's).
    sites: BTreeMap<String, SiteReadiness>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PublishedState {
    revision: String,
    today: String,
    published_at: String,
    age_seconds: i64,
    files: usize,
    bytes: usize,
    pages: usize,
    rendered: bool,
    pages_rendered: usize,
    /// Generated posters the publish fetched from svc-catalogue (the others had not
    /// changed).
    posters_fetched: usize,
    publish_ms: u64,
    files_awaiting_best_brotli: usize,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PublishingState {
    /// serving or unavailable.
    renderer: &'static str,
    /// connected or disconnected: svc-catalogue's stream of versions.
    catalogue_versions: &'static str,
    /// A version not yet published.
    pending: Option<PendingVersion>,
    last_error: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
struct PendingVersion {
    revision: String,
    today: String,
}

/// A public host's readiness: the word alone.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReadinessSummary {
    /// ready, degraded (the published site still answers) or not_ready.
    status: &'static str,
}

/// Every service (or those named in `only`) answers its health check. On a public host
/// the answer is the status alone; on the operations listener (OPS_ADDR) it is the whole
/// `Readiness`: each service, link, site and the published snapshot.
#[utoipa::path(get, path = "/readyz", params(ReadinessQuery), responses(
    (status = 200, description = "Ready, or degraded while the published site answers", body = ReadinessSummary),
    (status = 503, description = "Not ready: nothing published and a service away", body = ReadinessSummary),
    (status = 400, description = "An unknown service name", body = ErrorBody),
))]
async fn readyz(
    State(state): State<Arc<OpsContext>>,
    ops: Option<Extension<OnOpsListener>>,
    Query(readiness): Query<ReadinessQuery>,
) -> Result<Response, AppError> {
    if ops.is_some() {
        let (status, readiness) = readiness_of(&state, readiness).await?;
        return Ok((status, Json(readiness)).into_response());
    }
    // The parameter is checked as on the operations listener; the word is the whole
    // deployment's.
    let _ = wanted_services(&state, readiness.only.as_deref())?;
    let told = *state
        .told_publicly
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (status, word) = match told {
        Some((at, status, word)) if at.elapsed() < PUBLIC_READINESS_FOR => (status, word),
        _ => {
            let (status, readiness) = readiness_of(&state, ReadinessQuery { only: None }).await?;
            *state
                .told_publicly
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) =
                Some((Instant::now(), status, readiness.status));
            (status, readiness.status)
        }
    };
    Ok((status, Json(ReadinessSummary { status: word })).into_response())
}

/// The services `only` names (all of them without it); an unknown name is a 400.
fn wanted_services<'a>(
    state: &OpsContext,
    only: Option<&'a str>,
) -> Result<Vec<&'a str>, AppError> {
    let known: Vec<&str> = state
        .services
        .health
        .iter()
        .map(|(name, _)| *name)
        .collect();
    let wanted: Vec<&str> = match only {
        None => known.clone(),
        Some(list) => list.split(',').map(|name| name.trim_matches(' ')).collect(),
    };
    if let Some(unknown) = wanted.iter().find(|name| !known.contains(name)) {
        return Err(AppError::BadRequest(format!(
            "only: '{unknown}' is not one of {}",
            known.join(", ")
        )));
    }
    Ok(wanted)
}

async fn readiness_of(
    state: &OpsContext,
    readiness: ReadinessQuery,
) -> Result<(StatusCode, Readiness), AppError> {
    let wanted = wanted_services(state, readiness.only.as_deref())?;
    // Checked concurrently, so one slow service costs one deadline, not four.
    let checks: Vec<_> = state
        .services
        .health
        .iter()
        .filter(|(name, _)| wanted.contains(name))
        .map(|(name, client)| {
            let mut client = client.clone();
            let check = tokio::spawn(async move {
                client
                    .check(HealthCheckRequest {
                        service: String::new(),
                    })
                    .await
                    .is_ok_and(|reply| reply.into_inner().status == ServingStatus::Serving as i32)
            });
            (*name, check)
        })
        .collect();
    let member_events = member_events(state, &wanted);
    let catalogue_store = catalogue_store(state, &wanted);
    let pos_connectors = reported_link(state, &wanted, "catalogue", proto::POS_CONNECTORS_HEALTH);
    let catalogue_events =
        reported_link(state, &wanted, "catalogue", proto::CATALOGUE_EVENTS_HEALTH);
    let renderer = state.renderer.clone();
    let renderer_up = tokio::spawn(async move { renderer.is_up().await });
    let mut services_up = true;
    let mut services = BTreeMap::new();
    for (name, check) in checks {
        let serving = check.await.unwrap_or(false);
        services_up &= serving;
        let status = if serving { "serving" } else { "unavailable" };
        services.insert(name, status);
    }
    let renderer_up = renderer_up.await.unwrap_or(false);
    let member_events = match member_events {
        Some(check) => check.await.unwrap_or("unknown"),
        None => "unknown",
    };
    let catalogue_store = match catalogue_store {
        Some(check) => check.await.unwrap_or("unknown"),
        None => "unknown",
    };
    let pos_connectors = match pos_connectors {
        Some(check) => check.await.unwrap_or("unknown"),
        None => "unknown",
    };
    let catalogue_events = match catalogue_events {
        Some(check) => check.await.unwrap_or("unknown"),
        None => "unknown",
    };
    let publishing = state.publish_status.get();
    let snapshot = state.published.current();
    // Current: rendered, and no newer catalogue version waits to be published.
    let current = snapshot
        .as_ref()
        .is_some_and(|snapshot| snapshot.complete && publishing.pending.is_none());
    // Degraded still serves: the last snapshot, or (before the first) the shell while
    // the services answer.
    // Events waiting for NATS in the outbox lose nothing: degraded, never not ready.
    let events_flow = member_events != "unreachable" && catalogue_events != "unreachable";
    // A catalogue whose store is down serves what it has: degraded, never not ready.
    let store_answers = catalogue_store != "unreachable";
    // NATS away: what is served goes on (the cached files, the last manifests; other
    // files answer 503): degraded.
    let published_store = match &state.depot {
        None => "off",
        Some(depot) if depot.connected() => "connected",
        Some(_) => "unreachable",
    };
    let published_store_bytes = match &state.depot {
        Some(depot) if depot.connected() => {
            tokio::time::timeout(Duration::from_secs(1), depot.stored_bytes())
                .await
                .ok()
                .and_then(Result::ok)
        }
        _ => None,
    };
    let sites = state.sites.readiness();
    // A site that is not published leaves the others serving: degraded.
    let sites_published = sites.values().all(|site| site.status == "published");
    let (status, word) = if services_up
        && renderer_up
        && current
        && events_flow
        && store_answers
        && sites_published
        && published_store != "unreachable"
    {
        (StatusCode::OK, "ready")
    } else if snapshot.is_some() || services_up {
        (StatusCode::OK, "degraded")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "not_ready")
    };
    let now = jiff::Timestamp::now();
    let snapshot = snapshot.as_ref().map(|snapshot| PublishedState {
        revision: snapshot.version.revision.clone(),
        today: snapshot.version.today.clone(),
        published_at: snapshot.published_at.to_string(),
        age_seconds: now.duration_since(snapshot.published_at).as_secs(),
        files: snapshot.files.len(),
        bytes: snapshot.bytes(),
        pages: snapshot.pages,
        rendered: snapshot.complete,
        pages_rendered: snapshot.pages_rendered,
        posters_fetched: snapshot.posters_fetched,
        publish_ms: snapshot.publish_time.as_millis() as u64,
        files_awaiting_best_brotli: snapshot.awaiting_best_brotli().count(),
    });
    let renderer = if renderer_up {
        "serving"
    } else {
        "unavailable"
    };
    let catalogue_versions = if publishing.catalogue_connected {
        "connected"
    } else {
        "disconnected"
    };
    Ok((
        status,
        Readiness {
            status: word,
            services,
            member_events,
            catalogue_events,
            catalogue_store,
            pos_connectors,
            published_store,
            published_store_bytes,
            snapshot,
            publishing: PublishingState {
                renderer,
                catalogue_versions,
                pending: publishing.pending.map(|version| PendingVersion {
                    revision: version.revision,
                    today: version.today,
                }),
                last_error: publishing.last_error,
            },
            sites,
        },
    ))
}

/// svc-loyalty's link to NATS, when loyalty is among the services asked about:
/// "connected", "unreachable" (events wait in its outbox), "off" (NATS_URL empty) or
/// "unknown" (svc-loyalty does not answer).
fn member_events(
    state: &OpsContext,
    wanted: &[&str],
) -> Option<tokio::task::JoinHandle<&'static str>> {
    reported_link(state, wanted, "loyalty", proto::MEMBER_EVENTS_HEALTH)
}

/// svc-catalogue's store, when the catalogue is among the services asked about:
/// "connected", "unreachable" or "unknown" (svc-catalogue does not answer).
fn catalogue_store(
    state: &OpsContext,
    wanted: &[&str],
) -> Option<tokio::task::JoinHandle<&'static str>> {
    reported_link(state, wanted, "catalogue", proto::CATALOGUE_STORE_HEALTH)
}

/// What `service` reports of a link of its own under the health-service name `link`.
fn reported_link(
    state: &OpsContext,
    wanted: &[&str],
    service: &'static str,
    link: &'static str,
) -> Option<tokio::task::JoinHandle<&'static str>> {
    let (_, client) = state
        .services
        .health
        .iter()
        .find(|(name, _)| *name == service && wanted.contains(name))?;
    let mut client = client.clone();
    Some(tokio::spawn(async move {
        let reply = client
            .check(HealthCheckRequest {
                service: link.to_owned(),
            })
            .await;
        match reply {
            Ok(reply) if reply.get_ref().status == ServingStatus::Serving as i32 => "connected",
            Ok(_) => "unreachable",
            Err(status) if status.code() == tonic::Code::NotFound => "off",
            Err(_) => "unknown",
        }
    }))
}

/// Prometheus metrics: the gateway's requests, and in embedded mode its services' too.
/// Served on the operations listener (OPS_ADDR) only; a public host answers 404.
#[utoipa::path(get, path = "/metrics", responses(
    (status = 404, description = "Not on a public host: metrics are served on the operations listener (OPS_ADDR)", body = ErrorBody),
))]
async fn metrics(ops: Option<Extension<OnOpsListener>>) -> Response {
    if ops.is_none() {
        return AppError::NotFound(
            "no such page: metrics are on the operations listener".to_owned(),
        )
        .into_response();
    }
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        platform::metrics::render(),
    )
        .into_response()
}

/// `gateway --health`: success when this gateway's `/healthz` answers 200, for
/// container health checks (images carry no curl).
pub async fn probe(addr: std::net::SocketAddr) -> std::process::ExitCode {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let target = if addr.ip().is_unspecified() {
        std::net::SocketAddr::from(([127, 0, 0, 1], addr.port()))
    } else {
        addr
    };
    let ask = async {
        let mut stream = tokio::net::TcpStream::connect(target).await?;
        stream
            .write_all(b"GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n")
            .await?;
        let mut head = [0u8; 12];
        stream.read_exact(&mut head).await?;
        Ok::<bool, std::io::Error>(head.starts_with(b"HTTP/1.") && &head[9..12] == b"200")
    };
    match tokio::time::timeout(std::time::Duration::from_secs(2), ask).await {
        Ok(Ok(true)) => std::process::ExitCode::SUCCESS,
        _ => std::process::ExitCode::FAILURE,
    }
}
