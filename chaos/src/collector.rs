//! A stand-in OpenTelemetry collector: an HTTP server that accepts OTLP export
//! requests (`POST /v1/traces`, protobuf) and keeps their bodies, so a test can look
//! for the spans the processes sent.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

#[derive(Debug, Clone)]
pub struct Collector {
    /// `http://127.0.0.1:PORT`, for OTEL_EXPORTER_OTLP_ENDPOINT.
    pub endpoint: String,
    bodies: Arc<Mutex<Vec<Vec<u8>>>>,
}

impl Collector {
    pub async fn start() -> Collector {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a collector port");
        let endpoint = format!("http://{}", listener.local_addr().expect("a local address"));
        let bodies = Arc::new(Mutex::new(Vec::new()));
        let kept = bodies.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(serve_connection(stream, kept.clone()));
            }
        });
        Collector { endpoint, bodies }
    }

    /// Whether one export request holds every one of `needles`.
    pub fn received(&self, needles: &[&[u8]]) -> bool {
        self.bodies
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .iter()
            .any(|body| needles.iter().all(|needle| contains(body, needle)))
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}

/// Answers each request of a keep-alive connection with an empty 200.
async fn serve_connection(stream: tokio::net::TcpStream, bodies: Arc<Mutex<Vec<Vec<u8>>>>) {
    let mut reader = BufReader::new(stream);
    loop {
        let mut length = 0usize;
        let mut line = String::new();
        loop {
            line.clear();
            match reader.read_line(&mut line).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).await.is_err() {
            return;
        }
        bodies
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(body);
        let answer =
            b"HTTP/1.1 200 OK\r\ncontent-type: application/x-protobuf\r\ncontent-length: 0\r\n\r\n";
        if reader.get_mut().write_all(answer).await.is_err() {
            return;
        }
    }
}
