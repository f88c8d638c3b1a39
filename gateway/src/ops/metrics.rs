//! Request metrics: `http_requests_total` and `http_request_duration_seconds` per method,
//! matched route and status, recorded through the process's recorder
//! ([`platform::metrics`]) and rendered on `/metrics` with the services' own.

use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;

/// Records every request under its matched route (never the raw path, which would let
/// clients create unbounded series), and a method outside HTTP's usual ones as `other`.
pub async fn record(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(request.method());
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |path| path.as_str().to_owned());
    let response = next.run(request).await;
    let labels = [
        ("method", method.to_owned()),
        ("route", route),
        ("status", response.status().as_str().to_owned()),
    ];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels).record(started.elapsed());
    response
}

fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::Body;
    use axum::routing::get;
    use tower::ServiceExt;

    use super::*;

    #[tokio::test]
    async fn a_request_is_counted_under_its_route_and_bucketed_and_a_made_up_method_is_other() {
        platform::metrics::install();
        let router = Router::new()
            .route("/metrics-test/{id}", get(|| async { "ok" }))
            .layer(axum::middleware::from_fn(record));
        for request in [
            Request::get("/metrics-test/1").body(Body::empty()),
            Request::get("/metrics-test/2").body(Body::empty()),
            Request::builder()
                .method("BREW")
                .uri("/metrics-test/3")
                .body(Body::empty()),
        ] {
            router
                .clone()
                .oneshot(request.expect("a request"))
                .await
                .expect("an answer");
        }
        let text = platform::metrics::render();
        let labels = "method=\"GET\",route=\"/metrics-test/{id}\",status=\"200\"";
        assert!(
            text.contains(&format!("http_requests_total{{{labels}}} 2")),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} 2"
            )),
            "{text}"
        );
        assert!(
            text.contains("http_requests_total{method=\"other\",route=\"/metrics-test/{id}\",status=\"405\"} 1"),
            "{text}"
        );
        assert!(!text.contains("/metrics-test/1"), "{text}");
    }
}
