//! The audit log on the studio's host: `GET /studio/api/v1/audit`, filtered by site,
//! staff member, action and time, as JSON or, asked for `text/csv`, as a CSV file.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use proto::studio::v1 as studio;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::StudioContext;
use super::sign_in::StaffBody;
use crate::error::{AppError, ErrorBody, error_response};
use crate::extract;

type StudioState = Arc<StudioContext>;

pub fn router() -> Router<StudioState> {
    Router::new().route("/audit", get(read_audit))
}

/// Which entries to read; each left out reads every value.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct AuditQuery {
    /// The site; left out, every site (operators only).
    site_id: Option<String>,
    /// The staff member who made the changes.
    staff_id: Option<String>,
    /// The action, `noun.verb` (`invitation.sent`, `staff.removed`).
    action: Option<String>,
    /// RFC 3339: from this time, inclusive.
    from: Option<String>,
    /// RFC 3339: until this time, exclusive.
    to: Option<String>,
}

/// One change a staff member made.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StudioAuditEntry)]
struct AuditEntryBody {
    /// RFC 3339, to the millisecond.
    at: String,
    staff: StaffBody,
    /// The role it was made with.
    role: String,
    /// Null for the deployment's.
    #[schema(required = true)]
    site_id: Option<String>,
    action: String,
    target: String,
    /// Each changed field's `{"before", "after"}`.
    #[schema(value_type = std::collections::HashMap<String, Value>)]
    changes: serde_json::Value,
    client_address: String,
    request_id: String,
}

/// A time of the query as Unix milliseconds; 0 when left out.
fn millis(name: &str, value: Option<&str>) -> Result<i64, AppError> {
    value.map_or(Ok(0), |text| {
        text.parse::<jiff::Timestamp>()
            .map(|at| at.as_millisecond())
            .map_err(|_| AppError::BadRequest(format!("{name}: '{text}' is not an RFC 3339 time")))
    })
}

/// Whether the caller asked for CSV (`Accept: text/csv`).
fn wants_csv(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|kind| {
            kind.split(';')
                .next()
                .is_some_and(|essence| essence.trim().eq_ignore_ascii_case("text/csv"))
        })
}

/// The audit log, newest first (at most 5,000 entries): of a site, for its admins and
/// the operators; of every site, for operators. `Accept: text/csv` answers it as CSV.
#[utoipa::path(get, path = "/studio/api/v1/audit", tag = "studio", params(AuditQuery), responses(
    (status = 200, description = "The entries (text/csv when asked for)", body = [AuditEntryBody]),
    (status = 400, description = "A time that is not RFC 3339, an unknown parameter, or no siteId for someone who is no operator", body = ErrorBody),
    (status = 401, description = "No session", body = ErrorBody),
    (status = 403, description = "The caller may not read the site's audit", body = ErrorBody),
    (status = 404, description = "No site of that id the caller may see", body = ErrorBody),
    (status = 503, description = "svc-studio is down", body = ErrorBody),
))]
async fn read_audit(
    State(studio): State<StudioState>,
    headers: HeaderMap,
    extract::Query(query): extract::Query<AuditQuery>,
) -> Result<Response, AppError> {
    let request = studio::ListAuditRequest {
        session_token: studio.session_token(&headers)?,
        from: millis("from", query.from.as_deref())?,
        to: millis("to", query.to.as_deref())?,
        site_id: query.site_id.unwrap_or_default(),
        staff_id: query.staff_id.unwrap_or_default(),
        action: query.action.unwrap_or_default(),
    };
    let entries: Vec<AuditEntryBody> = studio
        .client
        .clone()
        .list_audit(request)
        .await
        .map_err(AppError::studio)?
        .into_inner()
        .entries
        .into_iter()
        .map(AuditEntryBody::from)
        .collect();
    if wants_csv(&headers) {
        return Ok(csv_response(&entries));
    }
    Ok(Json(entries).into_response())
}

impl From<studio::AuditEntry> for AuditEntryBody {
    fn from(entry: studio::AuditEntry) -> Self {
        AuditEntryBody {
            at: jiff::Timestamp::from_millisecond(entry.at)
                .unwrap_or(jiff::Timestamp::UNIX_EPOCH)
                .to_string(),
            staff: entry.staff.unwrap_or_default().into(),
            role: entry.role,
            site_id: (!entry.site_id.is_empty()).then_some(entry.site_id),
            action: entry.action,
            target: entry.target,
            changes: serde_json::from_str(&entry.changes_json).unwrap_or_default(),
            client_address: entry.client_address,
            request_id: entry.request_id,
        }
    }
}

/// A field as a spreadsheet shows it: text that would start a formula (`=`, `+`, `-`,
/// `@`, a tab or a carriage return) begins with an apostrophe, so that opening the file
/// runs nothing a staff member typed.
fn cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

/// The entries as a CSV file with a header row.
fn csv_of(entries: &[AuditEntryBody]) -> Result<Vec<u8>, csv::Error> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    writer.write_record([
        "at",
        "staffId",
        "staffEmail",
        "staffName",
        "role",
        "siteId",
        "action",
        "target",
        "changes",
        "clientAddress",
        "requestId",
    ])?;
    for entry in entries {
        writer.write_record([
            entry.at.as_str(),
            &entry.staff.id,
            &cell(&entry.staff.email),
            &cell(&entry.staff.name),
            &entry.role,
            entry.site_id.as_deref().unwrap_or_default(),
            &entry.action,
            &cell(&entry.target),
            &entry.changes.to_string(),
            &entry.client_address,
            &entry.request_id,
        ])?;
    }
    writer
        .into_inner()
        .map_err(|error| csv::Error::from(error.into_error()))
}

/// The CSV answer, as a file to save.
fn csv_response(entries: &[AuditEntryBody]) -> Response {
    match csv_of(entries) {
        Ok(body) => (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/csv; charset=utf-8"),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    HeaderValue::from_static("attachment; filename=\"audit.csv\""),
                ),
            ],
            body,
        )
            .into_response(),
        Err(error) => {
            tracing::error!(%error, "the audit could not be written as CSV");
            error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the audit could not be written as CSV",
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_never_starts_a_formula() {
        assert_eq!(cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(cell("-2+3"), "'-2+3");
        assert_eq!(cell("Ana Ruiz"), "Ana Ruiz");
    }

    #[test]
    fn csv_is_asked_for_by_accept() {
        let mut headers = HeaderMap::new();
        assert!(!wants_csv(&headers));
        headers.insert(
            header::ACCEPT,
            HeaderValue::from_static("application/json, text/csv;q=0.9"),
        );
        assert!(wants_csv(&headers));
    }
}
