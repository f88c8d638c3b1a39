use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use proto::consent::v1::{
    EvaluateRequest, EvaluateResponse, Receipt, RecordReceiptRequest, VendorStatus,
};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa::openapi::{ObjectBuilder, Type};

use super::context::ApiState;
use crate::client_address::ClientAddress;
use crate::error::{AppError, ErrorBody};
use crate::extract;

pub fn router() -> Router<ApiState> {
    Router::new()
        .route("/consent/evaluate", post(evaluate))
        .route("/consent/receipts", post(record_receipt))
}

/// What the consent manager knows (docs/consent-and-ads.md#consent-state).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = ConsentEvaluation)]
struct Evaluation {
    /// gdpr, ccpa, cpra, cpa, ctdpa, vcdpa, tdpsa, or any other regime (granted); when
    /// several are named (comma- or space-separated) the first in that order applies.
    regulation: String,
    #[serde(default)]
    consent_required: bool,
    /// Vendor name -> true (granted), false (denied) or null (undetermined). Under GDPR
    /// only google-analytics, bing and adobe-analytics count.
    #[serde(default)]
    vendors: HashMap<String, Option<bool>>,
    #[serde(default)]
    do_not_sell: bool,
    #[serde(default)]
    cmp_enabled: bool,
    #[serde(default)]
    launch_script_ready: bool,
}

/// The consent state and whether trackers may run (docs/consent-and-ads.md#consent-state).
#[utoipa::path(post, path = "/api/v1/consent/evaluate", request_body = Evaluation, responses(
    (status = 200, description = "OK", body = EvaluateResponse),
    (status = 400, description = "Invalid body; the message names the field", body = ErrorBody),
    (status = 413, description = "The body is too large", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn evaluate(
    State(state): State<ApiState>,
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

/// A consent decision; svc-consent checks each field and names the one at fault.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = ConsentReceiptRequest)]
struct ConsentChoices {
    /// The regulation the choice was made under, e.g. gdpr, ccpa, none.
    #[schema(pattern = "^[A-Za-z0-9_:.-]{1,64}$")]
    regulation: String,
    /// Purpose or vendor name -> accepted (true) or refused (false).
    #[schema(schema_with = choices_schema)]
    choices: HashMap<String, bool>,
    #[schema(
        min_length = 1,
        max_length = 64,
        pattern = "^[^\\u0000-\\u001F\\u007F-\\u009F]+$"
    )]
    policy_version: String,
}

/// Between 1 and 64 choices, each named by letters, digits and `_:.-`.
fn choices_schema() -> utoipa::openapi::Object {
    ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some("Purpose or vendor name -> accepted"))
        .additional_properties(Some(ObjectBuilder::new().schema_type(Type::Boolean)))
        .property_names(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some("^[A-Za-z0-9_:.-]{1,64}$")),
        ))
        .min_properties(Some(1))
        .max_properties(Some(64))
        .build()
}

/// Stores the visitor's consent decision as a receipt; 201 with its id.
///
/// Stores the time, the regulation, the choices and the policy version. The client's IP
/// address is kept only truncated (IPv4 /24, IPv6 /48).
#[utoipa::path(post, path = "/api/v1/consent/receipts", request_body = ConsentChoices, responses(
    (status = 201, description = "Stored", body = Receipt),
    (status = 400, description = "Invalid body; the message names the field", body = ErrorBody),
    (status = 413, description = "The body is too large", body = ErrorBody),
    (status = 503, description = "A service the route needs is down", body = ErrorBody),
))]
async fn record_receipt(
    State(state): State<ApiState>,
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
