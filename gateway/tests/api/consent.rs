use serde_json::{Value, json};

use crate::helpers::{TestGateway, error_of, spawn_gateway};

async fn post(gateway: &TestGateway, path: &str, body: &Value) -> (u16, Value) {
    let response = gateway
        .client
        .post(gateway.url(path))
        .json(body)
        .send()
        .await
        .expect("the gateway answers");
    let status = response.status().as_u16();
    (status, response.json().await.expect("a JSON body"))
}

#[tokio::test]
async fn consent_is_evaluated_per_regulation() {
    let gateway = spawn_gateway().await;
    let vendors = |status: Value| json!({"google-analytics": status, "bing": status, "adobe-analytics": status});
    for (body, state, trackers) in [
        (
            json!({"regulation": "gdpr", "consentRequired": true, "vendors": vendors(json!(true)), "cmpEnabled": true}),
            "granted",
            true,
        ),
        (
            json!({"regulation": "gdpr", "consentRequired": true, "vendors": vendors(Value::Null), "cmpEnabled": true}),
            "undetermined",
            false,
        ),
        (
            json!({"regulation": "gdpr", "consentRequired": true, "vendors": {"bing": false}, "cmpEnabled": true}),
            "denied",
            false,
        ),
        (
            json!({"regulation": "gdpr", "consentRequired": true, "cmpEnabled": true, "launchScriptReady": true}),
            "undetermined",
            true,
        ),
        (
            json!({"regulation": "ccpa", "doNotSell": true, "cmpEnabled": true}),
            "denied",
            false,
        ),
        (
            json!({"regulation": "cpra", "cmpEnabled": true}),
            "granted",
            true,
        ),
        (
            json!({"regulation": "ccpa,gdpr", "consentRequired": true, "cmpEnabled": true}),
            "undetermined",
            false,
        ),
        (
            json!({"regulation": "gdpr", "consentRequired": true, "cmpEnabled": false}),
            "undetermined",
            true,
        ),
    ] {
        let (status, decision) = post(&gateway, "/api/v1/consent/evaluate", &body).await;
        assert_eq!(status, 200, "{body}: {decision}");
        assert_eq!(
            decision,
            json!({"state": state, "trackersEnabled": trackers}),
            "{body}"
        );
    }
}

#[tokio::test]
async fn a_consent_receipt_is_stored_and_answers_201_with_its_id() {
    let gateway = spawn_gateway().await;
    let (status, receipt) = post(
        &gateway,
        "/api/v1/consent/receipts",
        &json!({"regulation": "gdpr", "choices": {"analytics": true, "ads": false}, "policyVersion": "2026-01"}),
    )
    .await;
    assert_eq!(status, 201, "{receipt}");
    assert!(
        receipt["id"].as_str().is_some_and(|id| id.len() >= 32),
        "{receipt}"
    );
    assert!(
        receipt["recordedAt"]
            .as_str()
            .is_some_and(|at| at.ends_with('Z')),
        "{receipt}"
    );
}

#[tokio::test]
async fn a_bad_consent_receipt_is_a_400_naming_the_field() {
    let gateway = spawn_gateway().await;
    for (body, field) in [
        (
            json!({"choices": {"ads": true}, "policyVersion": "1"}),
            "regulation",
        ),
        (
            json!({"regulation": "gdpr", "choices": {}, "policyVersion": "1"}),
            "choices",
        ),
        (
            json!({"regulation": "gdpr", "choices": {"ads": "yes"}, "policyVersion": "1"}),
            "choices",
        ),
        (
            json!({"regulation": "gdpr", "choices": {"ads": true}, "policyVersion": ""}),
            "policyVersion",
        ),
        (
            json!({"regulation": "gdpr", "choices": {"ads": true}, "policyVersion": "1", "source": "banner"}),
            "source",
        ),
        (json!(["gdpr", {"ads": true}, "1"]), "JSON object"),
        (
            json!({"regulation": "gdpr", "choices": {"ads": true}}),
            "policyVersion",
        ),
    ] {
        let (status, error) = post(&gateway, "/api/v1/consent/receipts", &body).await;
        assert_eq!(status, 400, "{body}: {error}");
        assert!(error_of(&error).1.contains(field), "{body}: {error}");
    }
}
