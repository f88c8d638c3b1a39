//! The Node renderer (`web/renderer/`): React's server renderer behind a small HTTP API,
//! called while publishing and never on a request's path. `make run` starts it as a
//! child of the gateway ([`RendererProcess`]); compose and Kubernetes run it as its own
//! `renderer` service (RENDERER_URL).

use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use serde::Deserialize;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::Semaphore;

/// Rendering a batch of pages may take a while on a loaded machine.
const RENDER_TIMEOUT: Duration = Duration::from_secs(120);
/// Render requests a gateway has at the renderer at once. The renderer renders one request
/// at a time; a second keeps it busy while the first answer travels back. Every other
/// site's batch waits its turn here, in order, rather than in the renderer's queue, where
/// it would spend its timeout waiting (2026-11-30: 78 of a cold start's requests timed out
/// that way with two publishers and 51 sites).
const RENDERS_IN_FLIGHT: usize = 2;
/// Previews of studio drafts a gateway has at the renderer at once; one more is refused
/// (503), so that previews never crowd out publishing.
const PREVIEWS_IN_FLIGHT: usize = 2;
/// How long the renderer may take to say where it listens.
const START_TIMEOUT: Duration = Duration::from_secs(30);

#[derive(Debug, thiserror::Error)]
pub enum RendererError {
    #[error("the renderer at {url} did not answer: {source}")]
    Unreachable { url: String, source: reqwest::Error },
    #[error("the renderer at {url} answered {status}: {body}")]
    Refused {
        url: String,
        status: reqwest::StatusCode,
        body: String,
    },
    #[error("the renderer's answer is not what was asked for: {0}")]
    Malformed(String),
    #[error("the renderer could not be started ({command}): {problem}")]
    Start { command: String, problem: String },
    #[error(
        "the renderer has {PREVIEWS_IN_FLIGHT} previews to render already: try again in a moment"
    )]
    Busy,
}

/// One page's render.
#[derive(Debug, Clone, Deserialize)]
pub struct RenderedPage {
    pub path: String,
    #[serde(default)]
    pub html: Option<String>,
    /// Script chunks and style sheets its route needs beyond the entry's.
    #[serde(default)]
    pub scripts: Vec<String>,
    #[serde(default, rename = "styleSheets")]
    pub style_sheets: Vec<String>,
    /// The site's font style sheets, loaded once the page has painted.
    #[serde(default, rename = "fontSheets")]
    pub font_sheets: Vec<String>,
    /// The site's theme in both colour modes and its fonts' fallback faces, a style sheet
    /// for the page's head.
    #[serde(default, rename = "themeStyle")]
    pub theme_style: String,
    /// Why this page could not be rendered (the others may have been).
    #[serde(default)]
    pub error: Option<String>,
}

#[derive(Debug, Deserialize)]
struct RenderResponse {
    pages: Vec<RenderedPage>,
}

/// The renderer's HTTP API.
#[derive(Debug, Clone)]
pub struct Renderer {
    client: reqwest::Client,
    url: String,
    in_flight: Arc<Semaphore>,
    previews: Arc<Semaphore>,
}

impl Renderer {
    pub fn new(url: &str) -> Renderer {
        Renderer {
            client: platform::tls::http_client()
                .build()
                .expect("an HTTP client on the installed TLS provider"),
            url: url.trim_end_matches('/').to_owned(),
            in_flight: Arc::new(Semaphore::new(RENDERS_IN_FLIGHT)),
            previews: Arc::new(Semaphore::new(PREVIEWS_IN_FLIGHT)),
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    pub async fn is_up(&self) -> bool {
        self.client
            .get(format!("{}/healthz", self.url))
            .timeout(Duration::from_secs(2))
            .send()
            .await
            .is_ok_and(|response| response.status().is_success())
    }

    /// Renders `pages` (path and page data JSON) with `app_data`, in order, once this
    /// gateway's turn at the renderer comes ([`RENDERS_IN_FLIGHT`]); `origin` is the
    /// site's public origin (what the browser's `location` will say).
    pub async fn render(
        &self,
        origin: &str,
        app_data: &[u8],
        pages: &[(&str, &[u8])],
    ) -> Result<Vec<RenderedPage>, RendererError> {
        let _turn = self
            .in_flight
            .acquire()
            .await
            .expect("the renderer's turns are never closed");
        self.send(origin, app_data, pages).await
    }

    /// [`Renderer::render`] for a person waiting (a draft's preview): not behind this
    /// gateway's pages being published, which it would otherwise follow, but one of at
    /// most [`PREVIEWS_IN_FLIGHT`]: [`RendererError::Busy`] past them.
    pub async fn render_preview(
        &self,
        origin: &str,
        app_data: &[u8],
        pages: &[(&str, &[u8])],
    ) -> Result<Vec<RenderedPage>, RendererError> {
        let _turn = self
            .previews
            .try_acquire()
            .map_err(|_| RendererError::Busy)?;
        self.send(origin, app_data, pages).await
    }

    async fn send(
        &self,
        origin: &str,
        app_data: &[u8],
        pages: &[(&str, &[u8])],
    ) -> Result<Vec<RenderedPage>, RendererError> {
        // The JSON is spliced as it is: it was serialised once already.
        let mut body = Vec::with_capacity(
            app_data.len() + pages.iter().map(|(_, d)| d.len() + 64).sum::<usize>(),
        );
        body.extend_from_slice(b"{\"origin\":");
        body.extend_from_slice(serde_json::to_string(origin).unwrap_or_default().as_bytes());
        body.extend_from_slice(b",\"appData\":");
        body.extend_from_slice(app_data);
        body.extend_from_slice(b",\"pages\":[");
        for (index, (path, page_data)) in pages.iter().enumerate() {
            if index > 0 {
                body.push(b',');
            }
            body.extend_from_slice(b"{\"path\":");
            body.extend_from_slice(serde_json::to_string(path).unwrap_or_default().as_bytes());
            body.extend_from_slice(b",\"pageData\":");
            body.extend_from_slice(page_data);
            body.push(b'}');
        }
        body.extend_from_slice(b"]}");
        let url = format!("{}/render", self.url);
        let response = self
            .client
            .post(&url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .timeout(RENDER_TIMEOUT)
            .body(Bytes::from(body))
            .send()
            .await
            .map_err(|source| RendererError::Unreachable {
                url: url.clone(),
                source,
            })?;
        let status = response.status();
        let text = response
            .bytes()
            .await
            .map_err(|source| RendererError::Unreachable {
                url: url.clone(),
                source,
            })?;
        if !status.is_success() {
            return Err(RendererError::Refused {
                url,
                status,
                body: String::from_utf8_lossy(&text).chars().take(500).collect(),
            });
        }
        let rendered: RenderResponse = serde_json::from_slice(&text)
            .map_err(|error| RendererError::Malformed(error.to_string()))?;
        if rendered.pages.len() != pages.len()
            || rendered
                .pages
                .iter()
                .zip(pages)
                .any(|(page, (path, _))| page.path != *path)
        {
            return Err(RendererError::Malformed(format!(
                "asked for {} pages, got {} in another order",
                pages.len(),
                rendered.pages.len()
            )));
        }
        Ok(rendered.pages)
    }
}

/// The renderer as a child process of the gateway (`--embedded` without RENDERER_URL).
/// It stops with the gateway: it exits when its standard input, which the gateway holds,
/// closes, as it does however the gateway ends.
#[derive(Debug)]
pub struct RendererProcess {
    _child: Child,
    _stdin: ChildStdin,
    pub url: String,
}

impl RendererProcess {
    /// Starts `node {script}` on a free loopback port, rendering with the browser build in
    /// `web_dist` (the one the gateway serves), and waits until it listens.
    pub async fn start(
        node: &str,
        script: &Path,
        web_dist: &Path,
    ) -> Result<RendererProcess, RendererError> {
        let command = format!("{node} {}", script.display());
        let start_error = |problem: String| RendererError::Start {
            command: command.clone(),
            problem,
        };
        let mut child = Command::new(node)
            .arg(script)
            .env("RENDERER_ADDR", "127.0.0.1:0")
            .env("RENDERER_EXIT_WITH_STDIN", "1")
            .env("WEB_DIST", web_dist)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .spawn()
            .map_err(|error| start_error(error.to_string()))?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| start_error("no stdin".to_owned()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| start_error("no stdout".to_owned()))?;
        let mut lines = BufReader::new(stdout).lines();
        let first = tokio::time::timeout(START_TIMEOUT, lines.next_line())
            .await
            .map_err(|_| {
                start_error(format!(
                    "it did not say where it listens within {START_TIMEOUT:?}"
                ))
            })?
            .map_err(|error| start_error(error.to_string()))?
            .ok_or_else(|| start_error("it exited before listening".to_owned()))?;
        let url = first
            .strip_prefix("renderer listening on ")
            .ok_or_else(|| start_error(format!("unexpected first line '{first}'")))?
            .trim()
            .to_owned();
        // Whatever else it prints goes to the gateway's log.
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                tracing::info!(target: "renderer", "{line}");
            }
        });
        tracing::info!(%url, "renderer started");
        Ok(RendererProcess {
            _child: child,
            _stdin: stdin,
            url,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use axum::Json;
    use serde_json::{Value, json};

    use super::*;

    /// A renderer that answers every page after holding the request until three are in
    /// flight or a moment has passed, and keeps the most it held at once.
    async fn counting_renderer() -> (String, Arc<AtomicUsize>) {
        let in_flight = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let (held, seen) = (in_flight.clone(), most.clone());
        let app = axum::Router::new().route(
            "/render",
            axum::routing::post(move |Json(body): Json<Value>| {
                let (held, seen) = (held.clone(), seen.clone());
                async move {
                    let now = held.fetch_add(1, Ordering::SeqCst) + 1;
                    seen.fetch_max(now, Ordering::SeqCst);
                    for _ in 0..20 {
                        if held.load(Ordering::SeqCst) > RENDERS_IN_FLIGHT {
                            break;
                        }
                        tokio::time::sleep(Duration::from_millis(10)).await;
                    }
                    held.fetch_sub(1, Ordering::SeqCst);
                    let pages: Vec<Value> = body["pages"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|page| json!({"path": page["path"], "html": "<p>page</p>"}))
                        .collect();
                    Json(json!({ "pages": pages }))
                }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port on loopback");
        let url = format!("http://{}", listener.local_addr().expect("its address"));
        tokio::spawn(async move { axum::serve(listener, app).await });
        (url, most)
    }

    #[tokio::test]
    async fn sites_publishing_at_once_wait_their_turn_here_not_at_the_renderer() {
        let (url, most) = counting_renderer().await;
        let renderer = Renderer::new(&url);
        let calls = (0..6).map(|site| {
            let renderer = renderer.clone();
            async move {
                let path = format!("/site-{site}/");
                renderer
                    .render("https://example.test", b"{}", &[(path.as_str(), b"{}")])
                    .await
            }
        });
        let answers = futures_util::future::join_all(calls).await;

        assert!(answers.iter().all(Result::is_ok), "{answers:?}");
        assert_eq!(most.load(Ordering::SeqCst), RENDERS_IN_FLIGHT);
    }
}
