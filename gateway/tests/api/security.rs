use crate::helpers::spawn_gateway;

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let gateway = spawn_gateway().await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    let domains: Vec<&str> = site["config"]["allowedEmbeddingDomains"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|d| d.as_str())
        .collect();
    assert!(
        !domains.is_empty(),
        "the demo allows some embedding domains"
    );
    for path in [
        "/",
        "/api/v1/movies",
        "/api/v1/nowhere",
        "/page-data/app-data.json",
    ] {
        let response = gateway.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().expect("ascii");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        let script_src = csp
            .split(';')
            .find(|directive| directive.trim().starts_with("script-src"))
            .expect("a script-src");
        assert!(script_src.contains("'self'"), "{path}: {csp}");
        assert!(!script_src.contains("unsafe"), "{path}: {csp}");
        let ancestors = format!("frame-ancestors 'self' {}", domains.join(" "));
        assert!(csp.ends_with(&ancestors), "{path}: {csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
    }
}
