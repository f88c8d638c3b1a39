//! Load shedding: past GATEWAY_MAX_IN_FLIGHT requests at once, a request that is not a
//! published file (those are served before this layer, from memory) is answered 503 with
//! Retry-After at once, rather than queued behind the others until its caller gives up.

use axum::Router;
use axum::error_handling::HandleErrorLayer;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use tower::limit::GlobalConcurrencyLimitLayer;
use tower::load_shed::LoadShedLayer;
use tower::{BoxError, ServiceBuilder};

use crate::error::{RETRY_AFTER_SECONDS, error_response};

/// `router` with at most `max_in_flight` requests answered at once, across all its routes.
pub fn shed_load<S: Clone + Send + Sync + 'static>(
    router: Router<S>,
    max_in_flight: usize,
) -> Router<S> {
    router.layer(
        ServiceBuilder::new()
            .layer(HandleErrorLayer::new(overloaded))
            .layer(LoadShedLayer::new())
            .layer(GlobalConcurrencyLimitLayer::new(max_in_flight)),
    )
}

async fn overloaded(_: BoxError) -> Response {
    let mut response = error_response(
        StatusCode::SERVICE_UNAVAILABLE,
        "overloaded",
        "the site is busy, please try again shortly",
    );
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
    response
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::body::Body;
    use axum::http::Request;
    use axum::routing::get;
    use tokio::sync::{Notify, oneshot};
    use tower::ServiceExt;

    use super::*;

    #[tokio::test]
    async fn past_the_limit_a_request_is_answered_503_with_retry_after_until_one_finishes() {
        let release = Arc::new(Notify::new());
        let (started, running) = oneshot::channel::<()>();
        let started = Arc::new(std::sync::Mutex::new(Some(started)));
        let held = Arc::clone(&release);
        let router = shed_load(
            Router::new()
                .route(
                    "/slow",
                    get(move || {
                        let held = Arc::clone(&held);
                        let started = Arc::clone(&started);
                        async move {
                            if let Some(started) = started.lock().expect("lock").take() {
                                let _ = started.send(());
                            }
                            held.notified().await;
                            "done"
                        }
                    }),
                )
                .route("/quick", get(|| async { "quick" })),
            1,
        );
        let request = |path: &str| Request::get(path).body(Body::empty()).expect("a request");
        let slow = tokio::spawn(router.clone().oneshot(request("/slow")));
        running.await.expect("the slow request is being answered");

        let refused = router
            .clone()
            .oneshot(request("/quick"))
            .await
            .expect("an answer");
        assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(refused.headers()[header::RETRY_AFTER], "1");

        release.notify_one();
        let answered = slow.await.expect("joins").expect("an answer");
        assert_eq!(answered.status(), StatusCode::OK);
        let quick = router.oneshot(request("/quick")).await.expect("an answer");
        assert_eq!(quick.status(), StatusCode::OK);
    }
}
