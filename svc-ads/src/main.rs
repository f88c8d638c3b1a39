use svc_ads::{Application, Config};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    proto::telemetry::init();
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(error) => {
            tracing::error!("configuration: {error}");
            return std::process::ExitCode::FAILURE;
        }
    };
    if std::env::args().nth(1).as_deref() == Some("--health") {
        return proto::serving::health_exit_code(&config.addr.to_string()).await;
    }
    let result = async {
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        tracing::info!(addr = %config.addr, "svc-ads listening");
        Application::build(config)
            .await?
            .serve(listener, proto::serving::shutdown_signal())
            .await?;
        Ok::<(), Box<dyn std::error::Error>>(())
    }
    .await;
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("svc-ads stopped: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
