//! `cargo run -p event-counts [-- DURABLE]`: prints the member events per day and event
//! that the durable consumer (default `analytics-event-counts`) has not read yet; the
//! first run of a durable replays the whole `LOYALTY` stream. NATS at `NATS_URL`
//! (default nats://127.0.0.1:4222).

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let url = std::env::var("NATS_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| "nats://127.0.0.1:4222".to_owned());
    let durable = std::env::args()
        .nth(1)
        .unwrap_or_else(|| event_counts::DURABLE.to_owned());
    match event_counts::count(&url, event_counts::STREAM, &durable).await {
        Ok(counts) => {
            print!("{}", event_counts::table(&counts));
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("event-counts: {error}");
            ExitCode::FAILURE
        }
    }
}
