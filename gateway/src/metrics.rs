//! Request metrics in the Prometheus text format: a counter and a latency histogram
//! per method, matched route and status.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::Response;
use proto::metrics::{Histogram, render_labels};

use crate::state::AppState;

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Series {
    method: String,
    route: String,
    status: u16,
}

#[derive(Debug, Clone, Default)]
pub struct Metrics {
    series: Arc<Mutex<BTreeMap<Series, Histogram>>>,
}

impl Metrics {
    fn observe(&self, series: Series, seconds: f64) {
        let mut all = self
            .series
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        all.entry(series).or_default().observe(seconds);
    }

    pub fn render(&self) -> String {
        let all = self
            .series
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut out = String::from(
            "# HELP http_requests_total HTTP requests answered.\n\
             # TYPE http_requests_total counter\n",
        );
        for (series, histogram) in all.iter() {
            let _ = writeln!(
                out,
                "http_requests_total{{{}}} {}",
                labels(series),
                histogram.count
            );
        }
        out.push_str(
            "# HELP http_request_duration_seconds Time to answer HTTP requests.\n\
             # TYPE http_request_duration_seconds histogram\n",
        );
        for (series, histogram) in all.iter() {
            histogram.write(&mut out, "http_request_duration_seconds", &labels(series));
        }
        out
    }
}

fn labels(series: &Series) -> String {
    render_labels(&[
        ("method", series.method.clone()),
        ("route", series.route.clone()),
        ("status", series.status.to_string()),
    ])
}

/// Records every request under its matched route (never the raw path, which would
/// let clients create unbounded series).
pub async fn record(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().to_string();
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |path| path.as_str().to_owned());
    let response = next.run(request).await;
    state.metrics.observe(
        Series {
            method,
            route,
            status: response.status().as_u16(),
        },
        started.elapsed().as_secs_f64(),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_counted_under_its_route_and_bucketed() {
        let metrics = Metrics::default();
        let series = Series {
            method: "GET".to_owned(),
            route: "/api/v1/movies/{id}".to_owned(),
            status: 200,
        };
        metrics.observe(series.clone(), 0.003);
        metrics.observe(series, 0.2);
        let text = metrics.render();
        let labels = "method=\"GET\",route=\"/api/v1/movies/{id}\",status=\"200\"";
        assert!(
            text.contains(&format!("http_requests_total{{{labels}}} 2")),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "http_request_duration_seconds_bucket{{{labels},le=\"0.005\"}} 1"
            )),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} 2"
            )),
            "{text}"
        );
    }
}
