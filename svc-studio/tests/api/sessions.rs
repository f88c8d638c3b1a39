use proto::studio::v1::{AcceptInvitationRequest, AuthenticateRequest, SignOutRequest};
use svc_studio::domain::access::Role;
use test_support::postgres::PostgresDatabase;
use tonic::Code;

use crate::helpers::{TestStudio, spawn_studio, spawn_studio_with};

/// A session of a new viewer of `demo`.
async fn signed_in(studio: &mut TestStudio) -> String {
    let token = studio
        .invite("li@chain.example", Role::Viewer, Some("demo"), &[])
        .await;
    studio
        .client
        .accept_invitation(AcceptInvitationRequest {
            token,
            name: "Li".to_owned(),
            email: String::new(),
        })
        .await
        .expect("accepted")
        .into_inner()
        .session_token
}

async fn authenticate(studio: &mut TestStudio, session_token: &str) -> Result<String, Code> {
    studio
        .client
        .authenticate(AuthenticateRequest {
            session_token: session_token.to_owned(),
        })
        .await
        .map(|me| me.into_inner().staff.expect("staff").email)
        .map_err(|status| status.code())
}

#[tokio::test]
async fn a_session_lasts_until_sign_out_and_a_wrong_token_has_none() {
    let mut studio = spawn_studio().await;
    let session = signed_in(&mut studio).await;
    assert_eq!(
        authenticate(&mut studio, &session).await,
        Ok("li@chain.example".to_owned())
    );
    assert_eq!(
        authenticate(&mut studio, "not-a-session").await,
        Err(Code::Unauthenticated)
    );
    assert_eq!(
        authenticate(&mut studio, "").await,
        Err(Code::Unauthenticated)
    );

    studio
        .client
        .sign_out(SignOutRequest {
            session_token: session.clone(),
        })
        .await
        .expect("signed out");
    assert_eq!(
        authenticate(&mut studio, &session).await,
        Err(Code::Unauthenticated)
    );
    studio
        .client
        .sign_out(SignOutRequest {
            session_token: session,
        })
        .await
        .expect("signing out again is no error");
}

#[tokio::test]
async fn staff_and_sessions_are_kept_in_postgresql_too() {
    let database = PostgresDatabase::create("studio_api").await;
    let mut studio = spawn_studio_with(
        &test_support::dirs::fresh_dir("studio_api"),
        &[("DATABASE_URL", &database.url)],
    )
    .await;
    let session = signed_in(&mut studio).await;
    assert_eq!(
        authenticate(&mut studio, &session).await,
        Ok("li@chain.example".to_owned())
    );
    // The store keeps the token's digest, never the token.
    let pool = sqlx::PgPool::connect(&database.url).await.expect("connect");
    let kept: Vec<String> = sqlx::query_scalar("SELECT token_sha256 FROM studio_sessions")
        .fetch_all(&pool)
        .await
        .expect("sessions");
    assert_eq!(kept.len(), 1);
    assert_ne!(kept[0], session);
    pool.close().await;
    database.drop().await;
}
