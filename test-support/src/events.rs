//! Events on the tests' nats-server (TEST_NATS_URL, default the local one, which `make
//! test` starts): a subscription in place before anything is published, and what was
//! received checked against docs/asyncapi.yaml by the AsyncAPI parser's tool
//! (tools/asyncapi, which `make test` installs first).

use std::path::Path;

/// The shared nats-server's URL and a subscription to `subject` on it.
pub async fn subscribe(subject: &str) -> (String, async_nats::Subscriber) {
    let url = std::env::var("TEST_NATS_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| "nats://127.0.0.1:4222".to_owned());
    let nats = async_nats::connect(&url)
        .await
        .expect("nats-server answers on TEST_NATS_URL");
    let events = nats.subscribe(subject.to_owned()).await.expect("subscribe");
    nats.flush().await.expect("flush");
    (url, events)
}

/// Runs tools/asyncapi/validate.mjs on `events` (JSON Lines of subject and payload):
/// each must match the message of the channel at its subject.
pub fn match_the_asyncapi_document(events: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let tool = root.join("tools/asyncapi");
    assert!(
        tool.join("node_modules/@asyncapi/parser").is_dir(),
        "the AsyncAPI parser is not installed: run `make asyncapi-deps` (make test does)"
    );
    let file = crate::dirs::fresh_dir("asyncapi_events").join("events.jsonl");
    std::fs::write(&file, events).expect("write the events");
    let output = std::process::Command::new("node")
        .arg(tool.join("validate.mjs"))
        .arg(root.join("docs/asyncapi.yaml"))
        .arg(&file)
        .output()
        .expect("node runs");
    assert!(
        output.status.success(),
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
