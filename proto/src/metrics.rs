//! Process metrics in the Prometheus text format, shared by every binary: counters,
//! gauges and latency histograms in one process-wide registry (as Prometheus client
//! libraries keep a default registry), so a service's modules record without threading
//! a handle through, and the embedded gateway's `/metrics` shows its services too.
//! Services serve it on `METRICS_ADDR` ([`serve`]); the gateway on its `/metrics`.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{LazyLock, Mutex};

/// Upper bounds of the latency buckets, in seconds.
pub const BUCKETS: [f64; 10] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0];

/// Label names and values of one series, in a fixed order.
pub type Labels = Vec<(&'static str, String)>;

#[derive(Debug, Default, Clone)]
pub struct Histogram {
    pub count: u64,
    pub sum_seconds: f64,
    pub buckets: [u64; BUCKETS.len()],
}

impl Histogram {
    pub fn observe(&mut self, seconds: f64) {
        self.count += 1;
        self.sum_seconds += seconds;
        for (bucket, bound) in self.buckets.iter_mut().zip(BUCKETS) {
            if seconds <= bound {
                *bucket += 1;
            }
        }
    }

    /// Writes the `_bucket`, `_sum` and `_count` lines of one series.
    pub fn write(&self, out: &mut String, name: &str, labels: &str) {
        let sep = if labels.is_empty() { "" } else { "," };
        for (count, bound) in self.buckets.iter().zip(BUCKETS) {
            let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"{bound}\"}} {count}");
        }
        let _ = writeln!(
            out,
            "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {}\n{name}_sum{{{labels}}} {}\n{name}_count{{{labels}}} {}",
            self.count, self.sum_seconds, self.count
        );
    }
}

/// Renders labels as `name="value",...`, escaping the values.
pub fn render_labels(labels: &[(&'static str, String)]) -> String {
    labels
        .iter()
        .map(|(name, value)| {
            let value = value
                .replace('\\', "\\\\")
                .replace('"', "\\\"")
                .replace('\n', "\\n");
            format!("{name}=\"{value}\"")
        })
        .collect::<Vec<_>>()
        .join(",")
}

#[derive(Debug)]
enum Values {
    Counter(BTreeMap<Labels, f64>),
    Gauge(BTreeMap<Labels, f64>),
    Histogram(BTreeMap<Labels, Histogram>),
}

#[derive(Debug)]
struct Family {
    help: &'static str,
    values: Values,
}

#[derive(Debug, Default)]
struct Registry {
    families: BTreeMap<&'static str, Family>,
}

static REGISTRY: LazyLock<Mutex<Registry>> = LazyLock::new(Mutex::default);

fn with_family<T>(
    name: &'static str,
    help: &'static str,
    empty: fn() -> Values,
    change: impl FnOnce(&mut Values) -> T,
) -> T {
    let mut registry = REGISTRY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let family = registry.families.entry(name).or_insert_with(|| Family {
        help,
        values: empty(),
    });
    change(&mut family.values)
}

/// Adds `by` to the counter `name` with `labels`.
pub fn count(name: &'static str, help: &'static str, labels: Labels, by: f64) {
    with_family(
        name,
        help,
        || Values::Counter(BTreeMap::new()),
        |values| {
            if let Values::Counter(series) = values {
                *series.entry(labels).or_default() += by;
            }
        },
    );
}

/// Sets the gauge `name` with `labels` to `value`.
pub fn set_gauge(name: &'static str, help: &'static str, labels: Labels, value: f64) {
    with_family(
        name,
        help,
        || Values::Gauge(BTreeMap::new()),
        |values| {
            if let Values::Gauge(series) = values {
                series.insert(labels, value);
            }
        },
    );
}

/// Records one observation of `seconds` in the histogram `name` with `labels`.
pub fn observe(name: &'static str, help: &'static str, labels: Labels, seconds: f64) {
    with_family(
        name,
        help,
        || Values::Histogram(BTreeMap::new()),
        |values| {
            if let Values::Histogram(series) = values {
                series.entry(labels).or_default().observe(seconds);
            }
        },
    );
}

/// Every family of the registry in the Prometheus text format.
pub fn render() -> String {
    let registry = REGISTRY
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut out = String::new();
    for (name, family) in &registry.families {
        let kind = match family.values {
            Values::Counter(_) => "counter",
            Values::Gauge(_) => "gauge",
            Values::Histogram(_) => "histogram",
        };
        let _ = writeln!(out, "# HELP {name} {}\n# TYPE {name} {kind}", family.help);
        match &family.values {
            Values::Counter(series) | Values::Gauge(series) => {
                for (labels, value) in series {
                    let _ = writeln!(out, "{name}{{{}}} {value}", render_labels(labels));
                }
            }
            Values::Histogram(series) => {
                for (labels, histogram) in series {
                    histogram.write(&mut out, name, &render_labels(labels));
                }
            }
        }
    }
    out
}

/// Serves `GET /metrics` with [`render`] on `listener` until the process ends: the
/// Prometheus endpoint of a service binary (METRICS_ADDR).
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    use axum::http::header::CONTENT_TYPE;
    let router = axum::Router::new().route(
        "/metrics",
        axum::routing::get(|| async {
            (
                [(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
                render(),
            )
        }),
    );
    axum::serve(listener, router).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_gauges_and_histograms_render_with_their_type_and_labels() {
        count(
            "test_events_total",
            "Events.",
            vec![("kind", "a\"b".to_owned())],
            2.0,
        );
        set_gauge("test_backlog", "Backlog.", vec![], 7.0);
        observe(
            "test_duration_seconds",
            "Durations.",
            vec![("rpc", "/x.v1.X/Get".to_owned())],
            0.003,
        );
        let text = render();
        assert!(
            text.contains("# TYPE test_events_total counter\n"),
            "{text}"
        );
        assert!(
            text.contains("test_events_total{kind=\"a\\\"b\"} 2\n"),
            "{text}"
        );
        assert!(text.contains("test_backlog{} 7\n"), "{text}");
        assert!(
            text.contains("test_duration_seconds_bucket{rpc=\"/x.v1.X/Get\",le=\"0.005\"} 1\n"),
            "{text}"
        );
        assert!(
            text.contains("test_duration_seconds_count{rpc=\"/x.v1.X/Get\"} 1\n"),
            "{text}"
        );
    }
}
