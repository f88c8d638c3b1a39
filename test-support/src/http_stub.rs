//! Stub HTTP servers (wiremock) for the third-party services a test talks to: captcha
//! verification, a payment portal, an upstream loyalty API.

/// A stub HTTP server on a random loopback port answering every request with
/// `respond`'s status and JSON body; it stops when dropped (`uri()` is its base URL).
pub async fn spawn_http(respond: fn(&wiremock::Request) -> (u16, String)) -> wiremock::MockServer {
    let server = wiremock::MockServer::start().await;
    wiremock::Mock::given(wiremock::matchers::any())
        .respond_with(move |request: &wiremock::Request| {
            let (status, body) = respond(request);
            wiremock::ResponseTemplate::new(status).set_body_raw(body, "application/json")
        })
        .mount(&server)
        .await;
    server
}

/// The header `name` of `request`, or "".
pub fn header<'a>(request: &'a wiremock::Request, name: &str) -> &'a str {
    request
        .headers
        .get(name)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
}
