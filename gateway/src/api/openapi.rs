//! The OpenAPI 3.1 document of the gateway's HTTP surface, generated from the handlers'
//! own types and `#[utoipa::path]` annotations, and served at `/api/v1/openapi.json`.
//! What no handler function serves is added from its own table: the hand-off redirect
//! endpoints (from [`site_paths::hand_off::HAND_OFFS`]) and the published files (app data,
//! page data and posters, served from the snapshot).

use std::sync::LazyLock;

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use site_paths::hand_off::{HAND_OFFS, HandOffScope};
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn};
use utoipa::openapi::response::{ResponseBuilder, ResponsesBuilder};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::{ContentBuilder, HeaderBuilder, OpenApi as Document, Ref, RefOr, Required};
use utoipa::{Modify, OpenApi, ToSchema};

use super::context::ApiState;
use crate::error::ErrorBody;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Cinema-chain site gateway",
        version = "1.0.0",
        description = "The JSON API, page data, loyalty transport and redirect endpoints of the gateway. Errors answer {\"error\": {\"code\", \"message\"}}."
    ),
    paths(
        super::site::site,
        super::theaters::list,
        super::theaters::detail,
        super::movies::list,
        super::movies::detail,
        super::showtimes::list,
        super::search::search,
        super::events::list,
        super::events::detail,
        super::content_pages::detail,
        super::ads::config,
        super::consent::evaluate,
        super::consent::record_receipt,
        super::ingest::put_theater,
        super::ingest::delete_theater,
        super::ingest::put_schedule,
        super::ingest::put_movie,
        super::ingest::delete_movie,
        super::ingest::put_event,
        super::ingest::delete_event,
        super::ingest::put_page,
        super::ingest::delete_page,
        super::ingest::update_availability,
        document,
        crate::loyalty::cypher::cypher,
        crate::loyalty::unsubscribe::confirm,
        crate::loyalty::unsubscribe::unsubscribe,
        crate::ops::health::healthz,
        crate::ops::health::readyz,
        crate::ops::health::metrics,
        crate::external_scripts::proxy::proxy,
        crate::studio::sign_in::me,
        crate::studio::sign_in::invitation,
        crate::studio::sign_in::accept_invitation,
        crate::studio::sign_in::sign_in_methods,
        crate::studio::sign_in::mail_sign_in_link,
        crate::studio::sign_in::sign_out,
        crate::studio::passkeys::registration_options,
        crate::studio::passkeys::register,
        crate::studio::passkeys::list_passkeys,
        crate::studio::passkeys::remove_passkey,
        crate::studio::passkeys::sign_in_options,
        crate::studio::passkeys::sign_in,
        crate::studio::sites::list_sites,
        crate::studio::sites::create_site,
        crate::studio::sites::site_details,
        crate::studio::sites::set_site_address,
        crate::studio::site_staff::invite_staff,
        crate::studio::site_staff::list_site_staff,
        crate::studio::site_staff::list_pending_invitations,
        crate::studio::site_staff::remove_staff,
        crate::studio::audit::read_audit,
        crate::studio::drafts::read_draft,
        crate::studio::drafts::read_draft_site,
        crate::studio::drafts::patch_draft_site,
        crate::studio::drafts::list_draft_pages,
        crate::studio::drafts::read_draft_page,
        crate::studio::drafts::put_draft_page,
        crate::studio::drafts::list_draft_events,
        crate::studio::drafts::read_draft_event,
        crate::studio::drafts::put_draft_event,
        crate::studio::drafts::delete_draft_page,
        crate::studio::drafts::delete_draft_event,
        crate::studio::draft_theaters::list_draft_theaters,
        crate::studio::draft_theaters::read_draft_theater,
        crate::studio::draft_theaters::put_draft_theater,
        crate::studio::points_of_sale::read_point_of_sale,
        crate::studio::points_of_sale::set_point_of_sale,
        crate::studio::publishing::read_publishing,
        crate::studio::publishing::republish,
        crate::studio::drafts::discard_draft,
        crate::studio::drafts::publish_draft,
        crate::studio::drafts::list_revisions,
        crate::studio::drafts::restore_revision,
        crate::studio::preview::open_preview,
        crate::studio::ingest_keys::list_ingest_keys,
        crate::studio::ingest_keys::create_ingest_key,
        crate::studio::ingest_keys::revoke_ingest_key,
        crate::studio::site_catalogue::list_theaters,
        crate::studio::site_catalogue::list_movies,
        crate::studio::media::list_media,
        crate::studio::media::upload_media,
        crate::studio::media::replace_media,
        crate::studio::media::describe_media,
        crate::studio::media::delete_media,
        crate::studio::members::find_members,
        crate::studio::members::unlock,
        crate::studio::members::send_activation,
        crate::studio::members::send_password_reset,
        crate::studio::members::delete_member,
    ),
    // The ingest API's answers are described by a type (IntoResponses), whose schemas
    // are not collected from the paths.
    components(schemas(
        ErrorBody,
        proto::catalogue::v1::IngestReply,
        crate::site_data::AppData,
        crate::publish::public_pages::PageData,
    )),
    modifiers(&HandOffEndpoints, &PublishedFiles, &IngestKeys),
    tags(
        (name = "studio", description = "The studio's API (docs/studio.md), served only on the studio's host names (STUDIO_HOSTS): a site's host answers 404. A change needs an Origin on a studio host and a JSON body; the session is a cookie."),
        (name = "ingest", description = "The ingest API (docs/ingest.md#ingest-api): a chain's point of sale writes its site's theaters, movies, showtimes, seat counts, events and pages. Each call is all or nothing and idempotent; a refusal names the field at fault in `field`. Every call needs the site's ingest key (svc-catalogue keys create SITE).")
    )
)]
struct ApiDoc;

/// The document as served: built once.
static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
    let mut document: serde_json::Value = serde_json::from_str(
        &ApiDoc::openapi()
            .to_json()
            .expect("the OpenAPI document is JSON"),
    )
    .expect("the OpenAPI document is JSON");
    refuse_unknown_fields_of_ingest_bodies(&mut document);
    refuse_unknown_parameters(&mut document);
    document.to_string()
});

/// Every route of the JSON API refuses a query parameter it does not list
/// ([`super::query_parameters`]): its 400 says so, on the routes that had none to
/// document.
fn refuse_unknown_parameters(document: &mut serde_json::Value) {
    let refused = serde_json::json!({
        "description": "A query parameter the route does not take, named in the message",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    });
    for (path, item) in document["paths"].as_object_mut().into_iter().flatten() {
        if !path.starts_with("/api/v1/") {
            continue;
        }
        for operation in item
            .as_object_mut()
            .into_iter()
            .flat_map(|item| item.values_mut())
        {
            if let Some(responses) = operation["responses"].as_object_mut() {
                responses.entry("400").or_insert_with(|| refused.clone());
            }
        }
    }
}

/// The ingest API reads its bodies strictly (`ingest::strict_json`): a field it does not
/// know is refused by name. The document says so: `additionalProperties: false` on every
/// object its request bodies are made of.
fn refuse_unknown_fields_of_ingest_bodies(document: &mut serde_json::Value) {
    use serde_json::Value;
    fn references(value: &Value, found: &mut Vec<String>) {
        match value {
            Value::Object(object) => {
                if let Some(Value::String(reference)) = object.get("$ref")
                    && let Some(name) = reference.strip_prefix("#/components/schemas/")
                {
                    found.push(name.to_owned());
                }
                object.values().for_each(|value| references(value, found));
            }
            Value::Array(values) => values.iter().for_each(|value| references(value, found)),
            _ => {}
        }
    }
    let mut pending = Vec::new();
    for (path, item) in document["paths"].as_object().into_iter().flatten() {
        if path.starts_with("/api/v1/ingest/") {
            for operation in item.as_object().into_iter().flat_map(|item| item.values()) {
                references(&operation["requestBody"], &mut pending);
            }
        }
    }
    let mut done = std::collections::HashSet::new();
    while let Some(name) = pending.pop() {
        if !done.insert(name.clone()) {
            continue;
        }
        let schema = &mut document["components"]["schemas"][&name];
        references(schema, &mut pending);
        if schema["type"] == "object" && schema.get("additionalProperties").is_none() {
            schema["additionalProperties"] = Value::Bool(false);
        }
    }
}

pub fn router() -> Router<ApiState> {
    Router::new().route("/openapi.json", get(document))
}

/// The document itself (what a client generates its code from).
#[utoipa::path(get, path = "/api/v1/openapi.json", responses(
    (status = 200, description = "This OpenAPI 3.1 document", body = Object),
))]
async fn document() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        DOCUMENT.as_str(),
    )
}

/// The generated document as the gateway serves it.
pub fn openapi_document() -> &'static str {
    &DOCUMENT
}

fn error_response(description: &str) -> utoipa::openapi::Response {
    ResponseBuilder::new()
        .description(description)
        .content(
            "application/json",
            ContentBuilder::new()
                .schema(Some(Ref::from_schema_name(ErrorBody::name())))
                .build(),
        )
        .build()
}

fn string_schema() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn query(name: &str, required: bool, description: &str, schema: ObjectBuilder) -> ParameterBuilder {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(if required {
            Required::True
        } else {
            Required::False
        })
        .description(Some(description))
        .schema(Some(schema))
}

/// The ingest API's authentication: `Authorization: Bearer <key>`.
struct IngestKeys;

impl Modify for IngestKeys {
    fn modify(&self, openapi: &mut Document) {
        use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
        openapi
            .components
            .get_or_insert_with(Default::default)
            .add_security_scheme(
                "ingest_key",
                SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
            );
    }
}

/// `/api/{segment}/redirect` of each hand-off, with the parameters of its scope.
struct HandOffEndpoints;

impl Modify for HandOffEndpoints {
    fn modify(&self, openapi: &mut Document) {
        let perf_code = query(
            "perfCode",
            false,
            "Performance code: up to 64 letters, digits, '-' or '_' (400 otherwise)",
            string_schema().pattern(Some("^[A-Za-z0-9_-]{0,64}$")),
        )
        .example(Some("P1".into()))
        .build();
        for hand_off in &HAND_OFFS {
            let (summary, theater) = match hand_off.scope {
                HandOffScope::Theater => (
                    "the theater's",
                    vec![query(
                        "theaterCode",
                        true,
                        "The theater's ticketing code, or its id (the parameter theaterId is accepted in its place). Missing or empty: 400; unknown: 404",
                        string_schema().min_length(Some(1)),
                    )
                    .example(Some("MQRF".into()))],
                ),
                HandOffScope::Chain => (
                    "the chain's",
                    vec![
                        query(
                            "theaterId",
                            false,
                            "A theater: its provider instead of the site-wide one; empty or absent for the site-wide one; unknown: 404",
                            string_schema(),
                        ),
                        query(
                            "theaterCode",
                            false,
                            "The theater's ticketing code, in place of theaterId (it wins when both are given)",
                            string_schema(),
                        )
                        .example(Some("MQRF".into())),
                    ],
                ),
            };
            let redirect = ResponseBuilder::new()
                .description("To the ticketing provider, with theaterCode and perfCode")
                .header(
                    "Location",
                    HeaderBuilder::new().schema(Some(string_schema())).build(),
                )
                .build();
            let responses = ResponsesBuilder::new()
                .response("302", redirect)
                .response(
                    "400",
                    error_response("A parameter the hand-off cannot take; the message names it"),
                )
                .response(
                    "404",
                    error_response(
                        "No such theater, or the provider's handOffs does not offer this hand-off",
                    ),
                )
                .response(
                    "422",
                    error_response(
                        "The showtime has started: it is no longer sold (docs/publishing.md#published-ahead)",
                    ),
                )
                .response("503", error_response("A service the route needs is down"))
                .build();
            let mut operation = OperationBuilder::new()
                .summary(Some(format!(
                    "Hand-off to {summary} ticketing provider ({})",
                    hand_off.segment
                )))
                .responses(responses);
            for parameter in theater {
                operation = operation.parameter(parameter);
            }
            operation = operation.parameter(perf_code.clone());
            openapi.paths.add_path_operation(
                format!("/api/{}/redirect", hand_off.segment),
                vec![HttpMethod::Get],
                operation.build(),
            );
        }
    }
}

/// The files of the published snapshot a client reads as an API: the app data, each
/// page's data and the generated posters, each with its strong ETag.
struct PublishedFiles;

impl Modify for PublishedFiles {
    fn modify(&self, openapi: &mut Document) {
        let if_none_match = ParameterBuilder::new()
            .name("If-None-Match")
            .parameter_in(ParameterIn::Header)
            .required(Required::False)
            .description(Some("The ETag of the copy the client has"))
            .schema(Some(string_schema()))
            .build();
        let json = |description: &str, schema: RefOr<Schema>| {
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new().schema(Some(schema)).build(),
                )
                .header(
                    "ETag",
                    HeaderBuilder::new().schema(Some(string_schema())).build(),
                )
                .build()
        };
        let not_modified = ResponseBuilder::new().description("Not modified").build();
        let files = [
            (
                "/page-data/app-data.json",
                "What every page needs: the site, its theaters, the locale messages (docs/publishing.md#page-data)",
                None,
                json("The app data", Ref::from_schema_name("AppData").into()),
            ),
            (
                "/page-data/{path}/page-data.json",
                "One page's context and data ('index' for the home page)",
                Some((
                    "path",
                    "Page path without slashes, e.g. movies or movies/1004-velocity",
                    "movies",
                )),
                json(
                    "The page's data: path, templateName, pageContext and data",
                    Ref::from_schema_name("PageData").into(),
                ),
            ),
            (
                "/posters/{file}",
                "A generated poster ({id}.svg) or its link-preview card ({id}.png)",
                Some(("file", "{id}.svg or {id}.png", "1001.svg")),
                ResponseBuilder::new()
                    .description("The image")
                    .content(
                        "image/svg+xml",
                        ContentBuilder::new().schema(Some(string_schema())).build(),
                    )
                    .content(
                        "image/png",
                        ContentBuilder::new().schema(Some(string_schema())).build(),
                    )
                    .build(),
            ),
        ];
        for (path, summary, path_parameter, found) in files {
            let mut operation = OperationBuilder::new()
                .summary(Some(summary))
                .parameter(if_none_match.clone())
                .responses(
                    ResponsesBuilder::new()
                        .response("200", found)
                        .response("304", not_modified.clone())
                        .response("404", error_response("Not published"))
                        .build(),
                );
            if let Some((name, description, example)) = path_parameter {
                operation = operation.parameter(
                    ParameterBuilder::new()
                        .name(name)
                        .parameter_in(ParameterIn::Path)
                        .required(Required::True)
                        .description(Some(description))
                        .schema(Some(string_schema()))
                        .example(Some(example.into())),
                );
            }
            openapi
                .paths
                .add_path_operation(path, vec![HttpMethod::Get], operation.build());
        }
    }
}
