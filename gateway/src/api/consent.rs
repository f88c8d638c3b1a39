use std::collections::HashMap;

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use proto::consent::v1::{EvaluateRequest, EvaluateResponse, VendorStatus};
use serde::Deserialize;

use crate::error::AppError;
use crate::extract;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/consent/evaluate", post(evaluate))
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
