//! Operations endpoints: `/healthz` (the process is up), `/readyz` (every service
//! answers its gRPC health check; `?only=catalogue` narrows it to the services named, so
//! an orchestrator can keep a gateway in rotation while an optional service is down;
//! and the published snapshot's version and age), `/metrics` (Prometheus text).
//!
//! Readiness: `ready` (200) when every service asked for serves and the snapshot is
//! current; `degraded` (200) while a snapshot is served but a service or the renderer is
//! away, or a newer version waits to be published: the published site keeps answering;
//! `not_ready` (503) while nothing has been published and a service is away.

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use tonic_health::pb::HealthCheckRequest;
use tonic_health::pb::health_check_response::ServingStatus;

use crate::error::AppError;
use crate::extract::Query;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
}

async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

#[derive(Debug, Deserialize)]
struct Readiness {
    /// Comma-separated service names; all services when absent.
    only: Option<String>,
}

async fn readyz(
    State(state): State<AppState>,
    Query(readiness): Query<Readiness>,
) -> Result<Response, AppError> {
    let known: Vec<&str> = state
        .services
        .health
        .iter()
        .map(|(name, _)| *name)
        .collect();
    let wanted: Vec<&str> = match readiness.only.as_deref() {
        None => known.clone(),
        Some(list) => list.split(',').map(|name| name.trim_matches(' ')).collect(),
    };
    if let Some(unknown) = wanted.iter().find(|name| !known.contains(name)) {
        return Err(AppError::BadRequest(format!(
            "only: '{unknown}' is not one of {}",
            known.join(", ")
        )));
    }
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
    let member_events = member_events(&state, &wanted);
    let renderer = state.renderer.clone();
    let renderer_up = tokio::spawn(async move { renderer.is_up().await });
    let mut services_up = true;
    let mut services = serde_json::Map::new();
    for (name, check) in checks {
        let serving = check.await.unwrap_or(false);
        services_up &= serving;
        let status = if serving { "serving" } else { "unavailable" };
        services.insert(name.to_owned(), json!(status));
    }
    let renderer_up = renderer_up.await.unwrap_or(false);
    let member_events = match member_events {
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
    let events_flow = member_events != "unreachable";
    let (status, word) = if services_up && renderer_up && current && events_flow {
        (StatusCode::OK, "ready")
    } else if snapshot.is_some() || services_up {
        (StatusCode::OK, "degraded")
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, "not_ready")
    };
    let now = jiff::Timestamp::now();
    let snapshot = match &snapshot {
        Some(snapshot) => json!({
            "revision": snapshot.version.revision,
            "today": snapshot.version.today,
            "publishedAt": snapshot.published_at.to_string(),
            "ageSeconds": now.duration_since(snapshot.published_at).as_secs(),
            "files": snapshot.files.len(),
            "bytes": snapshot.bytes(),
            "pages": snapshot.pages,
            "rendered": snapshot.complete,
            "pagesRendered": snapshot.pages_rendered,
            "publishMs": snapshot.publish_time.as_millis() as u64,
            "filesAwaitingBestBrotli": snapshot.awaiting_best_brotli().count(),
        }),
        None => json!(null),
    };
    let renderer = if renderer_up {
        "serving"
    } else {
        "unavailable"
    };
    Ok((
        status,
        Json(json!({
            "status": word,
            "services": services,
            "memberEvents": member_events,
            "snapshot": snapshot,
            "publishing": {
                "renderer": renderer,
                "catalogueVersions": if publishing.catalogue_connected { "connected" } else { "disconnected" },
                "pending": publishing.pending.map(|version| json!({"revision": version.revision, "today": version.today})),
                "lastError": publishing.last_error,
            },
        })),
    )
        .into_response())
}

/// svc-loyalty's link to NATS, when loyalty is among the services asked about:
/// "connected", "unreachable" (events wait in its outbox), "off" (NATS_URL empty) or
/// "unknown" (svc-loyalty does not answer).
fn member_events(
    state: &AppState,
    wanted: &[&str],
) -> Option<tokio::task::JoinHandle<&'static str>> {
    let (_, client) = state
        .services
        .health
        .iter()
        .find(|(name, _)| *name == "loyalty" && wanted.contains(name))?;
    let mut client = client.clone();
    Some(tokio::spawn(async move {
        let reply = client
            .check(HealthCheckRequest {
                service: proto::serving::MEMBER_EVENTS_HEALTH.to_owned(),
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

/// The gateway's request metrics, then the process registry (in embedded mode the
/// services' own metrics).
async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render() + &proto::metrics::render(),
    )
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
