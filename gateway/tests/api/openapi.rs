use crate::helpers::spawn_gateway;

/// Fills the path parameters of a documented path with values that exist.
fn concrete(path: &str) -> String {
    path.replace("{id}", "x")
        .replace("{slug}", "x")
        .replace("{file}", "x.svg")
        .replace("{path}", "index")
}

#[tokio::test]
async fn the_document_is_served_and_every_documented_route_is_routed() {
    let gateway = spawn_gateway().await;
    let (status, document) = gateway.get_json("/api/v1/openapi.json").await;
    assert_eq!(status, 200);
    assert!(
        document["openapi"]
            .as_str()
            .is_some_and(|v| v.starts_with("3."))
    );
    let paths = document["paths"].as_object().expect("paths");
    assert!(paths.len() >= 20);
    for (path, operations) in paths {
        for method in operations.as_object().expect("operations").keys() {
            let request = match method.as_str() {
                "get" => gateway.client.get(gateway.url(&concrete(path))),
                "post" => gateway
                    .client
                    .post(gateway.url(&concrete(path)))
                    .json(&serde_json::json!({})),
                other => panic!("undocumented method {other}"),
            };
            let response = request.send().await.expect("an answer");
            let status = response.status().as_u16().to_string();
            assert!(
                operations[method]["responses"].get(&status).is_some(),
                "{method} {path} answered {status}, which the document does not list"
            );
            if status == "404" {
                let body: serde_json::Value = response.json().await.expect("JSON");
                let message = body["error"]["message"].as_str().unwrap_or_default();
                assert!(
                    !message.starts_with("no route"),
                    "{method} {path} is not routed"
                );
            }
        }
    }
}
