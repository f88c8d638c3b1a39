//! `POST /api/cypher` (docs/loyalty.md#transport): the loyalty envelope,
//! as JSON or as form data whose `reqMetadata` field is a JSON string, passed to
//! svc-loyalty, which owns the route table. Its reply goes back as it is; a malformed
//! envelope is a 400 naming the field, and only this route answers 503 when the loyalty
//! service is down.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::Response;
use axum::routing::{get, post};
use bytes::Bytes;
use proto::loyalty::v1::CypherRequest;
use serde_json::{Map, Value};

use crate::client_address::{ClientAddress, KnowsProxies, TrustedProxies};
use crate::clients::Services;
use crate::error::{AppError, ErrorBody};
use crate::extract::MAX_BODY_BYTES;

/// What `/api/cypher` reads besides the request.
#[derive(Debug)]
pub struct LoyaltyContext {
    pub services: Services,
    /// LOYALTY_BRAND, lower-cased: the session headers are `{brand}-session-token`.
    pub loyalty_brand: String,
    pub trusted_proxies: TrustedProxies,
}

impl KnowsProxies for LoyaltyContext {
    fn trusted_proxies(&self) -> &TrustedProxies {
        &self.trusted_proxies
    }
}

pub fn router(context: LoyaltyContext) -> Router {
    Router::new()
        .route("/api/cypher", post(cypher))
        .route(
            "/api/v1/alerts/unsubscribe",
            get(super::unsubscribe::confirm).post(super::unsubscribe::unsubscribe),
        )
        .with_state(Arc::new(context))
}

/// The parts of the envelope the browser sends in the body.
#[derive(Debug, Clone, PartialEq)]
pub struct Envelope {
    pub method: String,
    pub route: String,
    pub response_format: String,
    pub captcha_token: String,
    /// Every body field except reqMetadata.
    pub payload: Map<String, Value>,
}

/// Reads `{reqMetadata: {method, route, responseFormat, g-recaptcha-response}, ...payload}`.
pub fn parse_envelope(body: Value) -> Result<Envelope, AppError> {
    let Value::Object(mut payload) = body else {
        return Err(bad("the body must be a JSON object"));
    };
    let metadata = match payload.remove("reqMetadata") {
        Some(Value::Object(metadata)) => metadata,
        Some(Value::String(text)) => match serde_json::from_str(&text) {
            Ok(Value::Object(metadata)) => metadata,
            _ => return Err(bad("reqMetadata must be a JSON object")),
        },
        Some(_) => return Err(bad("reqMetadata must be a JSON object")),
        None => return Err(bad("reqMetadata is required")),
    };
    let text = |name: &str| -> Result<Option<String>, AppError> {
        match metadata.get(name) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(value)) => Ok(Some(value.clone())),
            Some(_) => Err(bad(&format!("reqMetadata.{name} must be a string"))),
        }
    };
    let method = text("method")?
        .filter(|method| !method.is_empty())
        .ok_or_else(|| bad("reqMetadata.method is required"))?;
    if !method.chars().all(|c| c.is_ascii_alphabetic()) {
        return Err(bad("reqMetadata.method must be an HTTP method"));
    }
    let route = text("route")?.ok_or_else(|| bad("reqMetadata.route is required"))?;
    if !route.starts_with('/') || route.chars().any(char::is_control) {
        return Err(bad("reqMetadata.route must be a path starting with '/'"));
    }
    let response_format = text("responseFormat")?.unwrap_or_else(|| "json".to_owned());
    if !["json", "raw", "blob"].contains(&response_format.as_str()) {
        return Err(bad("reqMetadata.responseFormat must be json, raw or blob"));
    }
    Ok(Envelope {
        method: method.to_ascii_uppercase(),
        route,
        response_format,
        captcha_token: text("g-recaptcha-response")?.unwrap_or_default(),
        payload,
    })
}

/// The body of a loyalty call: `reqMetadata` names the call, every other field is its
/// payload (docs/loyalty.md#transport). As JSON, or as form data whose `reqMetadata` field is the
/// JSON text of the object. Only the OpenAPI document reads this type: the envelope is
/// parsed by [`parse_envelope`], which names the field at fault.
#[derive(utoipa::ToSchema)]
#[schema(as = CypherEnvelope)]
#[expect(
    dead_code,
    reason = "describes the wire format in the OpenAPI document"
)]
struct EnvelopeDocument {
    #[schema(rename = "reqMetadata")]
    req_metadata: RequestMetadata,
}

/// Which call: the provider route of docs/loyalty.md#api-generations and its HTTP method.
#[derive(utoipa::ToSchema)]
#[expect(
    dead_code,
    reason = "describes the wire format in the OpenAPI document"
)]
struct RequestMetadata {
    /// An HTTP method, e.g. POST.
    #[schema(pattern = "^[A-Za-z]+$", example = "POST")]
    method: String,
    /// The provider route with its query string, e.g. /Member/Login.
    #[schema(
        pattern = "^/[^\\u0000-\\u001F\\u007F-\\u009F]*$",
        example = "/member/v3/login"
    )]
    route: String,
    /// json (default), raw (a wallet pass's text) or blob.
    #[schema(rename = "responseFormat", pattern = "^(json|raw|blob)$")]
    response_format: Option<String>,
    /// The invisible captcha's token, checked on logins and gift-card checks when
    /// CAPTCHA_SECRET is set.
    #[schema(rename = "g-recaptcha-response")]
    captcha_token: Option<String>,
}

/// The provider's reply, passed on as it is: `peachCode` (0 = success) on every version 3
/// route, `statusCode` (200 = success) on version 1 routes, and `clientErrorMessage` on a
/// failure, with the route's own fields.
#[derive(utoipa::ToSchema)]
#[expect(
    dead_code,
    reason = "describes the wire format in the OpenAPI document"
)]
struct CypherReply {
    #[schema(rename = "peachCode")]
    peach_code: Option<i64>,
    #[schema(rename = "statusCode")]
    status_code: Option<i64>,
    #[schema(rename = "clientErrorMessage")]
    client_error_message: Option<String>,
}

fn bad(message: &str) -> AppError {
    AppError::BadRequest(message.to_owned())
}

/// A loyalty call (docs/loyalty.md#transport), passed to svc-loyalty.
///
/// Provider failures are answers: HTTP 200 with their peachCode, except an invalid
/// session (401), a call the API version does not offer (403), a locked account (423),
/// too many requests (429) and what the site has not configured (501, 502). The session
/// headers carry the LOYALTY_BRAND prefix (Boxoffice- by default).
#[utoipa::path(post, path = "/api/cypher",
    request_body(content = EnvelopeDocument, content_type = "application/json"),
    params(
        ("Boxoffice-Session-Token" = Option<String>, Header, description = "The member's session token"),
        ("Boxoffice-Refresh-Session-Token" = Option<String>, Header, description = "The member's refresh token (version 3 RefreshLogin)"),
    ),
    responses(
        (status = 200, description = "The provider's reply", body = CypherReply),
        (status = 400, description = "A malformed envelope; the message names the field", body = ErrorBody),
        (status = 401, description = "The session is not valid", body = CypherReply),
        (status = 403, description = "The route needs another API version", body = CypherReply),
        (status = 404, description = "No such provider route", body = ErrorBody),
        (status = 413, description = "The body is too large", body = ErrorBody),
        (status = 423, description = "Locked after repeated failed logins", body = CypherReply),
        (status = 429, description = "Too many requests from this client or for this account", body = CypherReply),
        (status = 501, description = "Not configured on this site (payment portal, wallet passes)", body = CypherReply),
        (status = 502, description = "The payment portal failed", body = CypherReply),
        (status = 503, description = "The loyalty service is down", body = ErrorBody),
    ))]
async fn cypher(
    State(state): State<Arc<LoyaltyContext>>,
    ClientAddress(client_address): ClientAddress,
    request: Request,
) -> Result<Response, AppError> {
    let headers = request.headers().clone();
    let envelope = parse_envelope(read_body(request, &state).await?)?;
    let header = |suffix: &str| -> String {
        headers
            .get(format!("{}-{suffix}", state.loyalty_brand))
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    let reply = state
        .services
        .loyalty
        .clone()
        .cypher(CypherRequest {
            method: envelope.method,
            route: envelope.route,
            session_token: header("Session-Token"),
            refresh_token: header("Refresh-Session-Token"),
            payload: Some(proto::json::to_struct(envelope.payload)),
            response_format: envelope.response_format,
            captcha_token: envelope.captcha_token,
            client_address,
        })
        .await
        .map_err(AppError::loyalty)?
        .into_inner();
    let status = u16::try_from(reply.http_status)
        .ok()
        .and_then(|status| StatusCode::from_u16(status).ok())
        .unwrap_or(StatusCode::BAD_GATEWAY);
    Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, reply.content_type)
        .header(header::CACHE_CONTROL, "no-store")
        .body(Body::from(reply.body))
        .map_err(|_| AppError::BadRequest("the loyalty reply could not be sent".to_owned()))
}

/// The body as JSON: a JSON body as it is, form data as an object of its text fields.
async fn read_body(request: Request, state: &Arc<LoyaltyContext>) -> Result<Value, AppError> {
    let is_form = content_type(request.headers()).starts_with("multipart/form-data");
    if is_form {
        let mut form = Multipart::from_request(request, state)
            .await
            .map_err(|rejection| bad(&rejection.body_text()))?;
        let mut fields = Map::new();
        while let Some(field) = form.next_field().await.map_err(form_error)? {
            let name = field.name().unwrap_or_default().to_owned();
            let value = field.text().await.map_err(form_error)?;
            fields.insert(name, Value::String(value));
        }
        return Ok(Value::Object(fields));
    }
    let body = Bytes::from_request(request, state)
        .await
        .map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                too_large()
            } else {
                bad(&rejection.body_text())
            }
        })?;
    serde_json::from_slice(&body).map_err(|error| bad(&format!("malformed JSON: {error}")))
}

fn form_error(error: axum::extract::multipart::MultipartError) -> AppError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        bad(&format!("malformed form data: {}", error.body_text()))
    }
}

fn too_large() -> AppError {
    AppError::PayloadTooLarge(format!("the body is larger than {} bytes", MAX_BODY_BYTES))
}

fn content_type(headers: &HeaderMap) -> &str {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn message(error: AppError) -> String {
        error.to_string()
    }

    #[test]
    fn the_envelope_splits_metadata_from_the_payload() {
        let envelope = parse_envelope(json!({
            "reqMetadata": {"method": "post", "route": "/Member/v3/Login", "g-recaptcha-response": "c"},
            "username": "ann@example.com"
        }))
        .expect("valid");
        assert_eq!(envelope.method, "POST");
        assert_eq!(envelope.route, "/Member/v3/Login");
        assert_eq!(envelope.response_format, "json");
        assert_eq!(envelope.captcha_token, "c");
        assert_eq!(
            envelope.payload.get("username"),
            Some(&json!("ann@example.com"))
        );
        assert!(!envelope.payload.contains_key("reqMetadata"));
    }

    #[test]
    fn form_data_metadata_is_a_json_string() {
        let envelope = parse_envelope(json!({
            "reqMetadata": r#"{"method":"GET","route":"/Member/v3/GetCards/"}"#
        }))
        .expect("valid");
        assert_eq!(envelope.route, "/Member/v3/GetCards/");
    }

    #[test]
    fn a_malformed_envelope_names_the_field() {
        let cases = [
            (json!([1]), "the body must be a JSON object"),
            (json!({}), "reqMetadata is required"),
            (
                json!({"reqMetadata": 3}),
                "reqMetadata must be a JSON object",
            ),
            (
                json!({"reqMetadata": "{nope"}),
                "reqMetadata must be a JSON object",
            ),
            (
                json!({"reqMetadata": {"route": "/x"}}),
                "reqMetadata.method is required",
            ),
            (
                json!({"reqMetadata": {"method": 1, "route": "/x"}}),
                "reqMetadata.method must be a string",
            ),
            (
                json!({"reqMetadata": {"method": "GET"}}),
                "reqMetadata.route is required",
            ),
            (
                json!({"reqMetadata": {"method": "GET", "route": "x"}}),
                "reqMetadata.route must be a path starting with '/'",
            ),
            (
                json!({"reqMetadata": {"method": "GET", "route": "/x", "responseFormat": "xml"}}),
                "reqMetadata.responseFormat must be json, raw or blob",
            ),
        ];
        for (body, expected) in cases {
            assert_eq!(
                message(parse_envelope(body).expect_err("malformed")),
                expected
            );
        }
    }
}

#[cfg(test)]
mod properties {
    use proptest::prelude::*;
    use serde_json::{Map, Value};

    use super::*;

    /// Any JSON value, a few levels deep.
    fn json() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            ".{0,12}".prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                prop::collection::btree_map(".{0,8}", inner, 0..4)
                    .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_body_is_an_envelope_or_a_bad_request(body in json()) {
            if let Err(error) = parse_envelope(body) {
                prop_assert!(matches!(error, AppError::BadRequest(_)));
            }
        }

        #[test]
        fn any_metadata_is_an_envelope_or_a_bad_request(metadata in json(), route in ".{0,20}") {
            let mut metadata = metadata;
            if let Value::Object(fields) = &mut metadata {
                fields.insert("route".to_owned(), Value::String(route));
            }
            let body = serde_json::json!({ "reqMetadata": metadata, "x": 1 });
            match parse_envelope(body) {
                Ok(envelope) => {
                    prop_assert!(envelope.route.starts_with('/'));
                    prop_assert_eq!(envelope.payload.get("x"), Some(&Value::from(1)));
                }
                Err(error) => prop_assert!(matches!(error, AppError::BadRequest(_))),
            }
        }
    }
}
