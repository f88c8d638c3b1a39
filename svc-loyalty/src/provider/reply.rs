//! What a cypher call answers: JSON with `peachCode` (0 = success) on every route, plus
//! `statusCode` (200 = success) on version 1 routes; a failure also carries
//! `clientErrorMessage` (docs/loyalty.md#error-messages).

use serde_json::{Value, json};

use crate::domain::codes::{PeachCode, client_error_message};
use crate::domain::route::Generation;

pub const JSON: &str = "application/json";

/// The HTTP answer of one cypher call.
#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub status: u16,
    pub content_type: String,
    pub body: String,
}

impl Reply {
    fn json(status: u16, body: &Value) -> Reply {
        Reply {
            status,
            content_type: JSON.to_owned(),
            body: body.to_string(),
        }
    }

    /// Success: `fields` (a JSON object) with the success codes added.
    pub fn success(generation: Generation, fields: Value) -> Reply {
        let mut body = match fields {
            Value::Object(fields) => fields,
            _ => serde_json::Map::new(),
        };
        body.insert("peachCode".to_owned(), json!(0));
        if generation == Generation::V1 {
            body.insert("statusCode".to_owned(), json!(200));
        }
        Reply::json(200, &Value::Object(body))
    }

    /// A provider failure with its code and message.
    pub fn failure(generation: Generation, code: PeachCode, provider: &str) -> Reply {
        let mut body = json!({
            "peachCode": code.code(),
            "clientErrorMessage": client_error_message(code, provider),
        });
        if generation == Generation::V1 {
            body["statusCode"] = json!(code.http_status().max(400));
        }
        Reply::json(code.http_status(), &body)
    }

    /// `{"error": {"code", "message"}}` as the gateway answers errors of its own.
    pub fn error(status: u16, code: &str, message: &str) -> Reply {
        Reply::json(
            status,
            &json!({ "error": { "code": code, "message": message } }),
        )
    }

    /// Raw text (mobile-wallet passes).
    pub fn text(body: String) -> Reply {
        Reply {
            status: 200,
            content_type: "text/plain; charset=utf-8".to_owned(),
            body,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(reply: &Reply) -> Value {
        serde_json::from_str(&reply.body).expect("JSON")
    }

    #[test]
    fn version_1_success_carries_status_code_200() {
        let reply = Reply::success(Generation::V1, json!({"a": 1}));
        assert_eq!(
            body(&reply),
            json!({"a": 1, "peachCode": 0, "statusCode": 200})
        );
        let reply = Reply::success(Generation::V3, json!({}));
        assert_eq!(body(&reply), json!({"peachCode": 0}));
    }

    #[test]
    fn a_failure_carries_its_code_and_message() {
        let reply = Reply::failure(Generation::V3, PeachCode::InvalidGiftCard, "NONE");
        assert_eq!(reply.status, 200);
        assert_eq!(
            body(&reply),
            json!({"peachCode": 51, "clientErrorMessage": "Invalid gift card (Code: 51)"})
        );
        let reply = Reply::failure(Generation::V1, PeachCode::TooManyRequests, "NONE");
        assert_eq!(reply.status, 429);
        assert_eq!(body(&reply)["statusCode"], 429);
    }
}
