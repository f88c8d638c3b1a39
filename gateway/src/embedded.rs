//! Embedded mode: the services run inside the gateway process, each on its own
//! loopback port, and the gateway still talks to them over real gRPC.

use std::future::Future;

use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::config::ServiceAddrs;

#[derive(Debug, thiserror::Error)]
pub enum EmbeddedError {
    #[error("svc-catalogue: {0}")]
    Catalogue(#[from] svc_catalogue::Error),
    #[error("svc-loyalty: {0}")]
    Loyalty(#[from] svc_loyalty::Error),
    #[error("svc-ads: {0}")]
    Ads(#[from] svc_ads::Error),
    #[error("svc-consent: {0}")]
    Consent(#[from] svc_consent::Error),
    #[error("svc-studio: {0}")]
    Studio(#[from] svc_studio::Error),
    /// The services share one reader of configuration variables, so one variant
    /// serves them all; the message names the variable.
    #[error("configuration: {0}")]
    Config(#[from] platform::config::ConfigError),
    #[error("binding a loopback port: {0}")]
    Bind(#[from] std::io::Error),
}

/// The running embedded services; dropping it stops them.
#[derive(Debug)]
pub struct EmbeddedServices {
    pub addrs: ServiceAddrs,
    stop: watch::Sender<bool>,
}

impl EmbeddedServices {
    /// Builds every service first (an invalid site bundle stops start-up here), then
    /// serves each on a fresh loopback port. svc-loyalty and svc-studio are built once
    /// the catalogue listens, since they call it.
    /// `lookup` reads the services' configuration variables (the process environment
    /// in production, a map in tests).
    pub async fn start(
        lookup: impl Fn(&str) -> Option<String> + Copy,
    ) -> Result<EmbeddedServices, EmbeddedError> {
        let catalogue =
            svc_catalogue::Application::build(svc_catalogue::Config::from_lookup(lookup)?).await?;
        let ads = svc_ads::Application::build(svc_ads::Config::from_lookup(lookup)?).await?;
        let consent =
            svc_consent::Application::build(svc_consent::Config::from_lookup(lookup)?).await?;

        let (stop, stopped) = watch::channel(false);
        let catalogue = spawn("svc-catalogue", stopped.clone(), |listener, shutdown| {
            catalogue.serve(listener, shutdown)
        })
        .await?;
        let with_catalogue = |name: &str| match name {
            "CATALOGUE_ADDR" => Some(catalogue.clone()),
            _ => lookup(name),
        };
        let loyalty =
            svc_loyalty::Application::build(svc_loyalty::Config::from_lookup(with_catalogue)?)
                .await?;
        let loyalty = spawn("svc-loyalty", stopped.clone(), |listener, shutdown| {
            loyalty.serve(listener, shutdown)
        })
        .await?;
        // svc-studio asks svc-loyalty for member support.
        let with_loyalty = |name: &str| match name {
            "LOYALTY_ADDR" => Some(loyalty.clone()),
            _ => with_catalogue(name),
        };
        let studio =
            svc_studio::Application::build(svc_studio::Config::from_lookup(with_loyalty)?).await?;
        let addrs = ServiceAddrs {
            loyalty,
            ads: spawn("svc-ads", stopped.clone(), |listener, shutdown| {
                ads.serve(listener, shutdown)
            })
            .await?,
            consent: spawn("svc-consent", stopped.clone(), |listener, shutdown| {
                consent.serve(listener, shutdown)
            })
            .await?,
            studio: spawn("svc-studio", stopped, |listener, shutdown| {
                studio.serve(listener, shutdown)
            })
            .await?,
            catalogue,
        };
        Ok(EmbeddedServices { addrs, stop })
    }
}

impl Drop for EmbeddedServices {
    fn drop(&mut self) {
        let _ = self.stop.send(true);
    }
}

async fn spawn<F, E>(
    name: &'static str,
    mut stopped: watch::Receiver<bool>,
    serve: impl FnOnce(TcpListener, std::pin::Pin<Box<dyn Future<Output = ()> + Send>>) -> F,
) -> Result<String, std::io::Error>
where
    F: Future<Output = Result<(), E>> + Send + 'static,
    E: std::fmt::Display,
{
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?.to_string();
    let shutdown = Box::pin(async move {
        let _ = stopped.wait_for(|stop| *stop).await;
    });
    let serving = serve(listener, shutdown);
    tokio::spawn(async move {
        if let Err(error) = serving.await {
            tracing::error!(service = name, "embedded service stopped: {error}");
        }
    });
    tracing::info!(service = name, %addr, "embedded service listening");
    Ok(addr)
}
