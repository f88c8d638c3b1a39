use std::process::ExitCode;

use gateway::{Application, Config};

/// jemalloc returns what publishing frees (see .cargo/config.toml); glibc's malloc kept a
/// large chain's gateway at twice its snapshot's size.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok()
}

#[tokio::main]
async fn main() -> ExitCode {
    let _telemetry = match platform::telemetry::init("gateway") {
        Ok(telemetry) => telemetry,
        Err(error) => {
            eprintln!("configuration: {error}");
            return ExitCode::FAILURE;
        }
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(unknown) = args
        .iter()
        .find(|a| !matches!(a.as_str(), "--embedded" | "--health"))
    {
        eprintln!("unknown argument '{unknown}'; usage: gateway [--embedded] [--health]");
        return ExitCode::from(2);
    }
    let config = match Config::from_env(args.iter().any(|a| a == "--embedded")) {
        Ok(config) => config,
        Err(error) => {
            tracing::error!("configuration: {error}");
            return ExitCode::FAILURE;
        }
    };
    if args.iter().any(|a| a == "--health") {
        return gateway::ops::health::probe(config.addr).await;
    }
    let application = match Application::build(config, env).await {
        Ok(application) => application,
        Err(error) => {
            tracing::error!("start-up failed: {error}");
            return ExitCode::FAILURE;
        }
    };
    match application.local_addr() {
        Ok(addr) => tracing::info!("gateway listening on http://{addr}"),
        Err(error) => tracing::warn!(%error, "listening address unknown"),
    }
    match application
        .run_until_stopped(platform::serving::shutdown_signal())
        .await
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("gateway stopped: {error}");
            ExitCode::FAILURE
        }
    }
}
