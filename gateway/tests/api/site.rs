use crate::helpers::spawn_gateway;

#[tokio::test]
async fn the_site_has_config_settings_and_normalised_loyalty() {
    let gateway = spawn_gateway().await;
    let (status, site) = gateway.get_json("/api/v1/site").await;
    assert_eq!(status, 200);
    assert_eq!(site["config"]["locale"], "en-US");
    assert_eq!(site["config"]["relatedEntityType"], "Chain");
    assert_eq!(site["config"]["isSingleLocation"], false);
    assert!(
        !site["config"]["name"]
            .as_str()
            .unwrap_or_default()
            .is_empty()
    );
    assert_eq!(
        site["config"]["theaterIds"].as_array().map(Vec::len),
        Some(3)
    );
    // BOOST_POS on version 3 counts points, with the settings' circuit.
    assert_eq!(site["loyalty"]["provider"], "BOOST_POS");
    assert_eq!(site["loyalty"]["version"], 3);
    assert_eq!(
        site["loyalty"]["balanceTypes"],
        serde_json::json!(["POINTS"])
    );
    assert_eq!(
        site["loyalty"]["circuitId"],
        site["settings"]["circuit"]["id"]
    );
    assert!(site["loyalty"].get("loggedInMenuJson").is_none());
    assert_eq!(site["loyalty"]["brand"], "boxoffice");
}

#[tokio::test]
async fn the_loyalty_brand_reaches_the_browser() {
    let gateway = crate::helpers::spawn_gateway_configured(&[], |config| {
        config.loyalty_brand = "Marquee".to_owned();
    })
    .await;
    let (_, site) = gateway.get_json("/api/v1/site").await;
    assert_eq!(site["loyalty"]["brand"], "Marquee");
    let (_, app_data) = gateway.get_json("/page-data/app-data.json").await;
    assert_eq!(app_data["site"]["loyalty"]["brand"], "Marquee");
}

#[tokio::test]
async fn a_captcha_site_key_reaches_the_browser_and_the_policy_allows_the_captcha() {
    let gateway = crate::helpers::spawn_gateway_configured(&[], |config| {
        config.captcha_site_key = Some("site-key-1".to_owned());
    })
    .await;
    let response = gateway.get("/api/v1/site").await;
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .expect("ascii")
        .to_owned();
    let site: serde_json::Value = response.json().await.expect("json");
    assert_eq!(site["loyalty"]["captchaSiteKey"], "site-key-1");
    assert!(
        policy.contains("https://www.google.com/recaptcha/"),
        "{policy}"
    );
}
