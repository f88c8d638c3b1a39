use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use proto::consent::v1::{
    EvaluateRequest, EvaluateResponse, Receipt, RecordReceiptRequest, VendorStatus,
};
use serde::Deserialize;

use crate::client_address::ClientAddress;
use crate::error::AppError;
use crate::extract;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/consent/evaluate", post(evaluate))
        .route("/consent/receipts", post(record_receipt))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Evaluation {
    regulation: String,
    #[serde(default)]
    consent_required: bool,
    /// Vendor name -> true (granted), false (denied) or null (undetermined).
    #[serde(default)]
    vendors: HashMap<String, Option<bool>>,
    #[serde(default)]
    do_not_sell: bool,
    #[serde(default)]
    cmp_enabled: bool,
    #[serde(default)]
    launch_script_ready: bool,
}

/// The consent state and whether trackers may run (SPEC.md section 4 "Consent").
async fn evaluate(
    State(state): State<AppState>,
    extract::Json(evaluation): extract::Json<Evaluation>,
) -> Result<Json<EvaluateResponse>, AppError> {
    let request = EvaluateRequest {
        regulation: evaluation.regulation,
        consent_required: evaluation.consent_required,
        vendors: evaluation
            .vendors
            .into_iter()
            .map(|(name, granted)| (name, VendorStatus { granted }))
            .collect(),
        do_not_sell: evaluation.do_not_sell,
        cmp_enabled: evaluation.cmp_enabled,
        launch_script_ready: evaluation.launch_script_ready,
    };
    let reply = state
        .services
        .consent
        .clone()
        .evaluate(request)
        .await
        .map_err(AppError::consent)?;
    Ok(Json(reply.into_inner()))
}

/// Other fields a consent manager adds are ignored: the receipt keeps only these.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ConsentChoices {
    regulation: String,
    /// Purpose or vendor name -> accepted (true) or refused (false).
    choices: HashMap<String, bool>,
    policy_version: String,
}

/// Stores the visitor's consent decision as a receipt; 201 with its id.
async fn record_receipt(
    State(state): State<AppState>,
    ClientAddress(client_address): ClientAddress,
    extract::Json(body): extract::Json<ConsentChoices>,
) -> Result<(StatusCode, Json<Receipt>), AppError> {
    let reply = state
        .services
        .consent
        .clone()
        .record_receipt(RecordReceiptRequest {
            regulation: body.regulation,
            choices: body.choices.into_iter().collect(),
            policy_version: body.policy_version,
            client_address,
        })
        .await
        .map_err(AppError::consent)?;
    Ok((StatusCode::CREATED, Json(reply.into_inner())))
}
