//! A deployment that publishes once (docs/publishing.md#published-once-served-everywhere):
//! a private nats-server where the revisions are stored, and more gateways beside the
//! stack's first one, each its own process: publishers (GATEWAY_PUBLISHES=true, sharing the
//! sites' leases) and gateways that only serve what the publishers stored
//! (GATEWAY_PUBLISHES=false).

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::process::Process;
use crate::site;
use crate::stack::Stack;
use crate::{free_port, http_client};

/// The stack on a copy of the demo bundle in `dir/site` (svc-catalogue reloads it every
/// 200 ms), its gateway publishing and storing each revision in a private nats-server as
/// the `publisher` role: the nats-server, the stack and the bundle's folder.
pub async fn start(dir: &Path) -> (Process, Stack, PathBuf) {
    let (nats, nats_url) = private_nats(dir);
    let nats_url = as_role(&nats_url, "publisher");
    let bundle = dir.join("site");
    site::copy_demo_bundle(&bundle);
    let stack = Stack::start_serving(
        dir,
        &bundle,
        &[
            ("CATALOGUE_RELOAD_MS", "200".to_owned()),
            ("PUBLISH_NATS_URL", nats_url),
        ],
        &[],
    )
    .await;
    (nats, stack, bundle)
}

/// A nats-server with JetStream of the scenario's own, storing in `dir/nats`, with the
/// deployment's users and permissions (deploy/nats/auth.conf, the passwords of
/// [`as_role`]), and its URL without a user: a scenario may stop it, and its buckets
/// start empty.
pub fn private_nats(dir: &Path) -> (Process, String) {
    let port = free_port();
    let store = dir.join("nats");
    std::fs::create_dir_all(&store).expect("a JetStream directory");
    let nats = Process::start_program(
        "nats-server",
        "nats-server",
        &[
            "-c",
            &crate::workspace_root()
                .join("deploy/nats/auth.conf")
                .display()
                .to_string(),
            "-a",
            "127.0.0.1",
            "-p",
            &port.to_string(),
            "-js",
            "-sd",
            &store.display().to_string(),
        ],
        ROLES
            .iter()
            .map(|role| {
                (
                    format!("NATS_{}_PASSWORD", role.to_uppercase()),
                    password(role),
                )
            })
            .collect(),
        dir,
    );
    (nats, format!("nats://127.0.0.1:{port}"))
}

/// The NATS roles of deploy/nats/auth.conf.
const ROLES: [&str; 6] = [
    "publisher",
    "gateway",
    "loyalty",
    "consumer",
    "studio",
    "catalogue",
];

/// A role's password on the scenario's nats-server (a letter first: nats-server reads a
/// value of digits as a number).
fn password(role: &str) -> String {
    format!("chaos-{role}")
}

/// `url` as the NATS role `role` (its user and password), as compose and Kubernetes
/// give each process its own.
pub fn as_role(url: &str, role: &str) -> String {
    let mut url = reqwest::Url::parse(url).expect("a NATS URL");
    url.set_username(role).expect("a URL with a host");
    url.set_password(Some(&password(role)))
        .expect("a URL with a host");
    url.to_string()
}

/// Another gateway process of `stack`'s deployment, named `name`, that publishes or only
/// serves; its base URL.
pub fn gateway(stack: &Stack, name: &str, publishes: bool) -> (Process, String) {
    let port = free_port();
    let url = format!("http://127.0.0.1:{port}");
    let gateway = stack.gateway.another(
        name,
        &[
            ("GATEWAY_ADDR", format!("127.0.0.1:{port}")),
            ("OPS_ADDR", crate::operations_address(&url)),
            ("GATEWAY_PUBLISHES", publishes.to_string()),
            // A gateway that only serves reads the store as the `gateway` role, which may
            // write nothing.
            (
                "PUBLISH_NATS_URL",
                as_role(
                    &stack
                        .gateway
                        .env_var("PUBLISH_NATS_URL")
                        .expect("a deployment that stores its revisions"),
                    if publishes { "publisher" } else { "gateway" },
                ),
            ),
        ],
        &stack.dir,
    );
    (gateway, url)
}

/// `/readyz` of the gateway at `url`, in full from its operations listener; null while it
/// does not answer.
pub async fn readiness(url: &str) -> Value {
    let response = http_client(Duration::from_secs(5))
        .get(format!("{}/readyz", crate::ops_url(url)))
        .send()
        .await;
    match response {
        Ok(response) => response.json().await.unwrap_or(Value::Null),
        Err(_) => Value::Null,
    }
}

/// The demo site's stored revision as the gateway at `url` serves it, once it has one.
pub async fn stored_revision(url: &str) -> Option<String> {
    readiness(url).await["sites"]["demo"]["storedRevision"]
        .as_str()
        .map(str::to_owned)
}

/// The body of `url` as text; empty while it does not answer.
pub async fn text(url: &str) -> String {
    let response = http_client(Duration::from_secs(5)).get(url).send().await;
    match response {
        Ok(response) => response.text().await.unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// The value of the counter or gauge `name` (without labels) on the `/metrics` of the
/// gateway at `url`; `None` when it shows none.
pub async fn gateway_metric(url: &str, name: &str) -> Option<f64> {
    let metrics = text(&format!("{}/metrics", crate::ops_url(url))).await;
    metrics
        .lines()
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
}

/// How many pages the deployment's renderer has rendered: its own count, from its
/// `/metrics`.
pub async fn pages_rendered(stack: &Stack) -> u64 {
    let address = stack
        .renderer
        .env_var("RENDERER_ADDR")
        .expect("the renderer's address");
    let metrics = text(&format!("http://{address}/metrics")).await;
    metrics
        .lines()
        .find_map(|line| line.strip_prefix("renderer_pages_total{outcome=\"rendered\"} "))
        .and_then(|count| count.parse().ok())
        .unwrap_or_else(|| panic!("the renderer's metrics count pages: {metrics}"))
}
