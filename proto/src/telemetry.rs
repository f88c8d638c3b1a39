//! Log set-up shared by every binary: human-readable by default, JSON lines when
//! LOG_FORMAT=json (for log collectors), level from RUST_LOG (default info).

use tracing_subscriber::EnvFilter;

pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    let json = std::env::var("LOG_FORMAT").is_ok_and(|format| format == "json");
    // A second init (tests) is harmless: the first subscriber stays.
    let _ = if json {
        builder.json().try_init()
    } else {
        builder.try_init()
    };
}
