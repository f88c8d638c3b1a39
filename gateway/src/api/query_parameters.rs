//! The query parameters each route of the JSON API takes are those its OpenAPI document
//! lists: any other is refused with 400 naming it, before a handler runs or an answer is
//! kept. A parameter that did nothing would still make a new address, so a misspelt
//! filter reads as an error rather than as the unfiltered list, and no stranger fills the
//! kept answers with `?n=1`, `?n=2`, ...

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::openapi::openapi_document;
use crate::error::AppError;

/// Route (as the router matches it, `/api/v1/theaters/{id}`) -> the query parameters its
/// operations list.
static KNOWN: LazyLock<HashMap<String, HashSet<String>>> = LazyLock::new(|| {
    let document: serde_json::Value =
        serde_json::from_str(openapi_document()).expect("the OpenAPI document is JSON");
    let mut known = HashMap::new();
    for (path, item) in document["paths"].as_object().into_iter().flatten() {
        let names: HashSet<String> = item
            .as_object()
            .into_iter()
            .flat_map(|operations| operations.values())
            .filter_map(|operation| operation["parameters"].as_array())
            .flatten()
            .filter(|parameter| parameter["in"] == "query")
            .filter_map(|parameter| parameter["name"].as_str().map(str::to_owned))
            .collect();
        known.insert(path.clone(), names);
    }
    known
});

/// The first of `query`'s parameters, decoded, that `known` does not list.
fn unknown_parameter(query: &str, known: &HashSet<String>) -> Option<String> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .unwrap_or_default()
        .into_iter()
        .map(|(name, _)| name)
        .find(|name| !known.contains(name))
}

/// The layer of every JSON API route: a query parameter the route's document does not
/// list is a 400 naming it.
pub async fn refuse_unknown(matched: MatchedPath, request: Request, next: Next) -> Response {
    if let (Some(query), Some(known)) = (request.uri().query(), KNOWN.get(matched.as_str()))
        && let Some(name) = unknown_parameter(query, known)
    {
        return AppError::BadRequest(format!(
            "{name}: not a parameter of this route (it takes {})",
            listed(known)
        ))
        .into_response();
    }
    next.run(request).await
}

fn listed(known: &HashSet<String>) -> String {
    let mut names: Vec<&str> = known.iter().map(String::as_str).collect();
    if names.is_empty() {
        return "none".to_owned();
    }
    names.sort_unstable();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known(names: &[&str]) -> HashSet<String> {
        names.iter().map(|name| (*name).to_owned()).collect()
    }

    #[test]
    fn a_parameter_the_route_does_not_list_is_named() {
        let showtimes = known(&["theaterId", "from", "to", "attribute"]);
        assert_eq!(
            unknown_parameter("theaterId=101&n=7", &showtimes).as_deref(),
            Some("n")
        );
        assert_eq!(
            unknown_parameter("attribute=3d&attribute=imax&from=2026-12-01", &showtimes),
            None
        );
        assert_eq!(unknown_parameter("", &showtimes), None);
    }

    #[test]
    fn an_encoded_name_is_read_decoded() {
        let search = known(&["q", "limit"]);
        assert_eq!(unknown_parameter("%71=dune", &search), None);
        assert_eq!(
            unknown_parameter("q=dune&li%6Dit%20x=2", &search).as_deref(),
            Some("limit x")
        );
    }

    #[test]
    fn every_route_of_the_document_is_known_by_its_router_path() {
        let showtimes = KNOWN.get("/api/v1/showtimes").expect("listed");
        for name in ["theaterId", "movieId", "from", "to", "attribute"] {
            assert!(showtimes.contains(name), "{name} in {showtimes:?}");
        }
        assert!(
            KNOWN
                .get("/api/v1/theaters/{id}")
                .is_some_and(HashSet::is_empty)
        );
    }
}
