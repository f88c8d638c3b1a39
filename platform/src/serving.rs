//! What every service process does the same way: serve its gRPC service next to the
//! standard health service and server reflection, on a listener bound by the caller
//! (tests pass port 0), until the shutdown future completes. Every call goes through
//! [`crate::trace::RpcLayer`] (request id, trace context, logs and metrics).

use std::convert::Infallible;
use std::future::Future;

use tokio::net::TcpListener;
use tonic::body::Body;
use tonic::server::NamedService;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;

/// A health service and its reporter, for [`serve`].
pub fn health() -> (
    tonic_health::server::HealthReporter,
    tonic_health::pb::health_server::HealthServer<impl tonic_health::pb::health_server::Health>,
) {
    tonic_health::server::health_reporter()
}

/// The gRPC services one process serves, and their names (health and reflection list
/// them).
#[derive(Debug)]
pub struct Services {
    routes: tonic::service::Routes,
    names: Vec<&'static str>,
}

impl Services {
    pub fn new<S>(service: S) -> Services
    where
        S: tower_service::Service<http::Request<Body>, Error = Infallible>
            + NamedService
            + Clone
            + Send
            + Sync
            + 'static,
        S::Response: axum::response::IntoResponse,
        S::Future: Send + 'static,
    {
        Services {
            routes: tonic::service::Routes::new(service),
            names: vec![S::NAME],
        }
    }

    /// These and `service`.
    pub fn with<S>(self, service: S) -> Services
    where
        S: tower_service::Service<http::Request<Body>, Error = Infallible>
            + NamedService
            + Clone
            + Send
            + Sync
            + 'static,
        S::Response: axum::response::IntoResponse,
        S::Future: Send + 'static,
    {
        let mut names = self.names;
        names.push(S::NAME);
        Services {
            routes: self.routes.add_service(service),
            names,
        }
    }
}

/// Serves `services` with `health` (reporting each SERVING) and reflection on `listener`.
/// The caller may keep a clone of the reporter to report more than the services
/// themselves (svc-loyalty: its member-event link to NATS).
pub async fn serve(
    services: Services,
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send,
    (health_reporter, health_service): (
        tonic_health::server::HealthReporter,
        tonic_health::pb::health_server::HealthServer<impl tonic_health::pb::health_server::Health>,
    ),
) -> Result<(), tonic::transport::Error> {
    crate::metrics::install();
    for name in &services.names {
        health_reporter
            .set_service_status(*name, tonic_health::ServingStatus::Serving)
            .await;
    }
    Server::builder()
        .layer(crate::trace::RpcLayer)
        .add_routes(services.routes)
        .add_service(health_service)
        .add_service(
            reflection(&services.names)
                .build_v1()
                .expect("the compiled descriptor set is valid"),
        )
        .add_service(
            reflection(&services.names)
                .build_v1alpha()
                .expect("the compiled descriptor set is valid"),
        )
        // Without TCP_NODELAY a reply's frames wait for the caller's delayed ACK (40 ms
        // on Linux): each call through the gateway took 44 ms instead of 3.
        .serve_with_incoming_shutdown(
            TcpIncoming::from(listener).with_nodelay(Some(true)),
            shutdown,
        )
        .await
}

/// Server reflection for a process serving `names`: it lists them, health and
/// reflection itself, in both protocol versions (v1alpha is what older grpcurl, Postman
/// and BloomRPC speak), not the other services whose contracts share the descriptor set.
fn reflection(names: &[&'static str]) -> tonic_reflection::server::Builder<'static> {
    names
        .iter()
        .fold(
            tonic_reflection::server::Builder::configure()
                .register_encoded_file_descriptor_set(proto::FILE_DESCRIPTOR_SET)
                .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET),
            |builder, name| builder.with_service_name(*name),
        )
        .with_service_name(HEALTH_SERVICE)
        .with_service_name(REFLECTION_V1)
        .with_service_name(REFLECTION_V1ALPHA)
}

/// The names every service lists over reflection besides its own (tests check the list).
pub const HEALTH_SERVICE: &str = "grpc.health.v1.Health";
pub const REFLECTION_V1: &str = "grpc.reflection.v1.ServerReflection";
pub const REFLECTION_V1ALPHA: &str = "grpc.reflection.v1alpha.ServerReflection";

/// Resolves on SIGINT or SIGTERM, for the binaries. The SIGTERM handler is installed
/// at once, not when the future is first polled: a SIGTERM arriving while serving
/// starts up must begin a graceful shutdown, not kill the process outright.
pub fn shutdown_signal() -> impl Future<Output = ()> + Send {
    #[cfg(unix)]
    let terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
    async move {
        let interrupt = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        #[cfg(unix)]
        let terminate = async move {
            match terminate {
                Some(mut signal) => {
                    signal.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        };
        #[cfg(not(unix))]
        let terminate = std::future::pending::<()>();
        tokio::select! {
            () = interrupt => {},
            () = terminate => {},
        }
    }
}

/// Asks the gRPC health service at `addr` (host:port) whether the server is SERVING,
/// for container health checks (`<service> --health`).
pub async fn probe(addr: &str) -> bool {
    use tonic_health::pb::{
        HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
    };
    let Ok(endpoint) = tonic::transport::Endpoint::from_shared(format!("http://{addr}")) else {
        return false;
    };
    let endpoint = endpoint
        .connect_timeout(std::time::Duration::from_secs(2))
        .timeout(std::time::Duration::from_secs(2));
    let Ok(channel) = endpoint.connect().await else {
        return false;
    };
    HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .is_ok_and(|reply| reply.into_inner().status == ServingStatus::Serving as i32)
}

/// The exit code of `<service> --health`: success when the server at `addr` is SERVING.
pub async fn health_exit_code(addr: &str) -> std::process::ExitCode {
    if probe(addr).await {
        std::process::ExitCode::SUCCESS
    } else {
        std::process::ExitCode::FAILURE
    }
}

/// The `main` of a service binary, the same for every service crate `$krate` (which
/// exposes `Config::from_env`, `config.addr` and `Application::build(config).serve(..)`):
/// logs and spans ([`crate::telemetry`], exported when OTEL_EXPORTER_OTLP_ENDPOINT is
/// set), configuration, `--health` for container health checks, the Prometheus listener
/// on METRICS_ADDR, then serve until SIGINT or SIGTERM. A failure is logged and ends the
/// process with status 1. With `commands = f`, `f(config, args)` runs first and may
/// answer the process's exit code instead of serving (svc-catalogue's `import` and
/// `keys`).
#[macro_export]
macro_rules! service_main {
    ($krate:ident, $name:literal) => {
        $crate::service_main!($krate, $name, commands = |_, _| async { None });
    };
    ($krate:ident, $name:literal, commands = $commands:expr) => {
        #[tokio::main]
        async fn main() -> std::process::ExitCode {
            let _telemetry = match $crate::telemetry::init($name) {
                Ok(telemetry) => telemetry,
                Err(error) => {
                    eprintln!("configuration: {error}");
                    return std::process::ExitCode::FAILURE;
                }
            };
            let env = |name: &str| std::env::var(name).ok();
            let config = match $krate::Config::from_env() {
                Ok(config) => config,
                Err(error) => {
                    tracing::error!("configuration: {error}");
                    return std::process::ExitCode::FAILURE;
                }
            };
            if std::env::args().nth(1).as_deref() == Some("--health") {
                return $crate::serving::health_exit_code(&config.addr.to_string()).await;
            }
            let args: Vec<String> = std::env::args().skip(1).collect();
            if let Some(code) = ($commands)(config.clone(), args).await {
                return code;
            }
            let metrics_addr = match $crate::config::optional_socket_addr(&env, "METRICS_ADDR") {
                Ok(addr) => addr,
                Err(error) => {
                    tracing::error!("configuration: {error}");
                    return std::process::ExitCode::FAILURE;
                }
            };
            let result = async {
                if let Some(addr) = metrics_addr {
                    let listener = tokio::net::TcpListener::bind(addr)
                        .await
                        .map_err(|error| format!("METRICS_ADDR: cannot listen on {addr}: {error}"))?;
                    tracing::info!(%addr, "metrics at /metrics");
                    tokio::spawn($crate::metrics::serve(listener));
                }
                let listener = tokio::net::TcpListener::bind(config.addr).await?;
                tracing::info!(addr = %config.addr, concat!($name, " listening"));
                $krate::Application::build(config)
                    .await?
                    .serve(listener, $crate::serving::shutdown_signal())
                    .await?;
                Ok::<(), Box<dyn std::error::Error>>(())
            }
            .await;
            match result {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(error) => {
                    tracing::error!(concat!($name, " stopped: {}"), error);
                    std::process::ExitCode::FAILURE
                }
            }
        }
    };
}
