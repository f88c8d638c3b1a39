//! The distributed platform on one machine: svc-catalogue, svc-loyalty, svc-ads,
//! svc-consent, the Node renderer and the gateway, each its own process on free loopback
//! ports, with the demo site bundle and JSON logs. Settings for every process (span export) and
//! svc-loyalty's own (a PostgreSQL store) come from the test.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::process::Process;
use crate::{eventually, free_port, http_client, workspace_root};

pub struct Stack {
    pub gateway: Process,
    pub catalogue: Process,
    pub loyalty: Process,
    pub ads: Process,
    pub consent: Process,
    pub renderer: Process,
    /// The gateway's base URL, `http://127.0.0.1:PORT`.
    pub url: String,
    pub dir: PathBuf,
}

/// The settings of one process: its own, then those every process gets.
fn vars(own: &[(&str, String)], every: &[(&str, String)]) -> Vec<(String, String)> {
    own.iter()
        .chain(every)
        .map(|(name, value)| ((*name).to_owned(), value.clone()))
        .collect()
}

impl Stack {
    /// Starts every process and waits until the gateway is ready (every service answers).
    pub async fn start(
        dir: &Path,
        every: &[(&str, String)],
        loyalty_env: &[(&str, String)],
    ) -> Stack {
        let demo = workspace_root().join("site/demo");
        Stack::start_serving(dir, &demo, every, loyalty_env).await
    }

    /// [`Stack::start`] with svc-catalogue serving the bundle in `site_dir`.
    pub async fn start_serving(
        dir: &Path,
        site_dir: &Path,
        every: &[(&str, String)],
        loyalty_env: &[(&str, String)],
    ) -> Stack {
        Stack::start_with(dir, site_dir, every, &[], loyalty_env).await
    }

    /// [`Stack::start_serving`] with svc-catalogue's own settings too (its NATS role).
    pub async fn start_with(
        dir: &Path,
        site_dir: &Path,
        every: &[(&str, String)],
        catalogue_env: &[(&str, String)],
        loyalty_env: &[(&str, String)],
    ) -> Stack {
        // Every service takes the demo chain for its default site, whichever folder its
        // bundle was copied to, as compose and Kubernetes set SITE_ID (`every` may say
        // otherwise).
        let every: Vec<(&str, String)> = std::iter::once(("SITE_ID", "demo".to_owned()))
            .chain(every.iter().cloned())
            .collect();
        let every = every.as_slice();
        let addr = |port: u16| format!("127.0.0.1:{port}");
        let catalogue_addr = addr(free_port());
        let loyalty_addr = addr(free_port());
        let ads_addr = addr(free_port());
        let consent_addr = addr(free_port());
        let renderer_addr = addr(free_port());
        let gateway_port = free_port();
        let root = workspace_root();
        let web_dist = root.join("web/dist").display().to_string();
        let catalogue = Process::start(
            "svc-catalogue",
            "svc-catalogue",
            &[],
            vars(
                &[
                    ("CATALOGUE_ADDR", catalogue_addr.clone()),
                    ("SITE_DIR", site_dir.display().to_string()),
                    ("DATA_DIR", dir.join("catalogue-data").display().to_string()),
                    ("METRICS_ADDR", addr(free_port())),
                ]
                .into_iter()
                .chain(catalogue_env.iter().cloned())
                .collect::<Vec<_>>(),
                every,
            ),
            dir,
        );
        let mut loyalty_vars = vec![
            ("LOYALTY_ADDR", loyalty_addr.clone()),
            ("CATALOGUE_ADDR", catalogue_addr.clone()),
            ("DATA_DIR", dir.join("loyalty-data").display().to_string()),
            // Load tests log in from one address far more often than a person would.
            ("LOYALTY_RATE_LIMIT_PER_MINUTE", "1000000".to_owned()),
            ("LOYALTY_REGISTRATION_LIMIT_PER_HOUR", "1000000".to_owned()),
            ("LOYALTY_LOCKOUT_ATTEMPTS", "1000000".to_owned()),
        ];
        loyalty_vars.extend(loyalty_env.iter().cloned());
        let loyalty = Process::start(
            "svc-loyalty",
            "svc-loyalty",
            &[],
            vars(&loyalty_vars, every),
            dir,
        );
        let ads = Process::start(
            "svc-ads",
            "svc-ads",
            &[],
            vars(&[("ADS_ADDR", ads_addr.clone())], every),
            dir,
        );
        let consent = Process::start(
            "svc-consent",
            "svc-consent",
            &[],
            vars(
                &[
                    ("CONSENT_ADDR", consent_addr.clone()),
                    ("DATA_DIR", dir.join("consent-data").display().to_string()),
                ],
                every,
            ),
            dir,
        );
        let renderer = Process::start_node(
            "renderer",
            &root.join("web/renderer/server.mjs"),
            vars(
                &[
                    ("RENDERER_ADDR", renderer_addr.clone()),
                    ("WEB_DIST", web_dist.clone()),
                ],
                every,
            ),
            dir,
        );
        let url = format!("http://{}", addr(gateway_port));
        let gateway = Process::start(
            "gateway",
            "gateway",
            &[],
            vars(
                &[
                    ("GATEWAY_ADDR", addr(gateway_port)),
                    ("OPS_ADDR", crate::operations_address(&url)),
                    ("CATALOGUE_ADDR", catalogue_addr),
                    ("LOYALTY_ADDR", loyalty_addr),
                    ("ADS_ADDR", ads_addr),
                    ("CONSENT_ADDR", consent_addr),
                    ("WEB_DIST", web_dist),
                    ("RENDERER_URL", format!("http://{renderer_addr}")),
                ],
                every,
            ),
            dir,
        );
        let stack = Stack {
            gateway,
            catalogue,
            loyalty,
            ads,
            consent,
            renderer,
            url,
            dir: dir.to_owned(),
        };
        stack.wait_ready().await;
        stack
    }

    /// Waits until `/readyz` says `ready` (every service serving, the site published and
    /// rendered) and the site is loaded.
    pub async fn wait_ready(&self) {
        let client = http_client(Duration::from_secs(10));
        let ready = eventually(Duration::from_secs(60), || async {
            let readiness = async {
                let response = client
                    .get(format!("{}/readyz", crate::ops_url(&self.url)))
                    .send()
                    .await
                    .ok()?;
                response.json::<serde_json::Value>().await.ok()
            };
            let site = client.get(format!("{}/api/v1/site", self.url)).send();
            readiness.await.is_some_and(|r| r["status"] == "ready")
                && site.await.is_ok_and(|r| r.status().is_success())
        })
        .await;
        assert!(
            ready,
            "the stack did not become ready; logs in {}",
            self.dir.display()
        );
    }
}
