use crate::helpers::{STUDIO_HOST, spawn_gateway};

/// Fills the path parameters of a documented path with values that exist.
fn concrete(path: &str) -> String {
    path.replace("{id}", "x")
        .replace("{slug}", "x")
        .replace("{file}", "x.svg")
        .replace("{path}", "index")
}

#[tokio::test]
async fn the_served_document_is_the_one_generated_from_the_handlers() {
    let gateway = spawn_gateway().await;
    let response = gateway.get("/api/v1/openapi.json").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/json");
    let served = response.text().await.expect("a body");
    assert_eq!(served, gateway::api::openapi_document());
    let document: serde_json::Value = serde_json::from_str(&served).expect("JSON");
    assert_eq!(document["openapi"], "3.1.0");
    // The loyalty transport, with its envelope, session headers and replies.
    let cypher = &document["paths"]["/api/cypher"]["post"];
    assert_eq!(
        cypher["requestBody"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/CypherEnvelope"
    );
    let headers: Vec<&str> = cypher["parameters"]
        .as_array()
        .expect("parameters")
        .iter()
        .filter(|parameter| parameter["in"] == "header")
        .filter_map(|parameter| parameter["name"].as_str())
        .collect();
    assert_eq!(
        headers,
        ["Boxoffice-Session-Token", "Boxoffice-Refresh-Session-Token"]
    );
    for status in ["200", "400", "401", "404", "413", "429", "503"] {
        assert!(
            cypher["responses"].get(status).is_some(),
            "/api/cypher {status}"
        );
    }
    // Every hand-off's redirect endpoint, from the table that routes them.
    for hand_off in &site_paths::hand_off::HAND_OFFS {
        let path = format!("/api/{}/redirect", hand_off.segment);
        assert!(document["paths"].get(&path).is_some(), "{path}");
    }
    // Every error response names the one error body.
    for (path, operations) in document["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            for (status, response) in operation["responses"].as_object().expect("responses") {
                if status.starts_with('4') || status.starts_with('5') {
                    let schema = &response["content"]["application/json"]["schema"]["$ref"];
                    assert!(
                        schema == "#/components/schemas/Error"
                            || schema == "#/components/schemas/CypherReply"
                            || schema == "#/components/schemas/ReadinessSummary",
                        "{method} {path} {status}: {response}"
                    );
                }
            }
        }
    }
    // Every schema the document refers to is in it.
    let schemas = document["components"]["schemas"]
        .as_object()
        .expect("schemas");
    for name in served
        .split("\"#/components/schemas/")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
    {
        assert!(
            schemas.contains_key(name),
            "#/components/schemas/{name} is not in the document"
        );
    }
    // The ingest API, under its own tag, with its bearer key.
    let ingest = &document["paths"]["/api/v1/ingest/theaters/{id}/showtimes"]["put"];
    assert_eq!(ingest["tags"][0], "ingest");
    assert!(
        ingest["security"][0].get("ingest_key").is_some(),
        "{ingest}"
    );
    assert_eq!(
        document["components"]["securitySchemes"]["ingest_key"]["scheme"],
        "bearer"
    );
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
                "put" => gateway
                    .client
                    .put(gateway.url(&concrete(path)))
                    .json(&serde_json::json!({})),
                "patch" => gateway
                    .client
                    .patch(gateway.url(&concrete(path)))
                    .header(
                        reqwest::header::CONTENT_TYPE,
                        "application/merge-patch+json",
                    )
                    .body("{}"),
                "delete" => gateway.client.delete(gateway.url(&concrete(path))),
                other => panic!("undocumented method {other}"),
            };
            // The studio's calls are answered on its host, changes from its pages.
            let request = if path.starts_with("/studio/") {
                request
                    .header(reqwest::header::HOST, STUDIO_HOST)
                    .header(reqwest::header::ORIGIN, "http://studio.localhost")
            } else {
                request
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

/// docs/openapi.json is the document the handlers describe: the web app's API types are
/// generated from it (`npm run api-types` in web/), so it must follow every change.
/// `UPDATE_OPENAPI=1 cargo test -p gateway --test api openapi` writes it anew.
#[test]
fn the_committed_document_is_the_one_the_handlers_describe() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/openapi.json");
    let generated: serde_json::Value =
        serde_json::from_str(gateway::api::openapi_document()).expect("JSON");
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        let text = serde_json::to_string_pretty(&generated).expect("serialisable") + "\n";
        std::fs::write(&path, text).expect("docs/openapi.json is writable");
        return;
    }
    let committed: serde_json::Value = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or_default();
    assert!(
        committed == generated,
        "docs/openapi.json differs from the handlers' document: run \
         `UPDATE_OPENAPI=1 cargo test -p gateway --test api openapi`, then `npm run api-types` in web/"
    );
}
