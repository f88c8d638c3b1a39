//! An upgrade from the previous schema (3005, the audit's outbox) on PostgreSQL: the
//! staff, their grants, their sessions and the audit log the last release wrote are all
//! there after the new migrations, and a session begun before still signs its holder in.

use std::borrow::Cow;

use platform::tokens::sha256_hex;
use proto::studio::v1::{AuthenticateRequest, ListAuditRequest};
use sqlx::any::AnyPoolOptions;
use test_support::postgres::PostgresDatabase;

use crate::helpers::spawn_studio_with;

/// The last release's newest migration.
const PREVIOUS_SCHEMA: i64 = 3005;

#[tokio::test]
async fn an_upgrade_keeps_every_staff_member_session_and_audit_entry() {
    let database = PostgresDatabase::create("studio_upgrade").await;
    sqlx::any::install_default_drivers();
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(&database.url)
        .await
        .expect("PostgreSQL answers");
    let mut previous = sqlx::migrate!("./migrations");
    previous.migrations = Cow::Owned(
        previous
            .migrations
            .iter()
            .filter(|migration| migration.version <= PREVIOUS_SCHEMA)
            .cloned()
            .collect(),
    );
    previous.run(&pool).await.expect("the previous schema");
    let session = "a".repeat(64);
    let far = jiff::Timestamp::now().as_second() + 3600;
    for statement in [
        "INSERT INTO studio_staff (id, email, name, created_at) VALUES ('s1', 'op@chain.example', 'Op', 0)".to_owned(),
        "INSERT INTO studio_grants (staff_id, site_id, role, theater_ids, granted_at) VALUES ('s1', '', 'operator', '[]', 0)".to_owned(),
        format!(
            "INSERT INTO studio_sessions (token_sha256, staff_id, created_at, expires_at) VALUES ('{}', 's1', 0, {far})",
            sha256_hex(&session)
        ),
        "INSERT INTO studio_audit (id, at, staff_id, staff_email, staff_name, role, site_id, action, target, changes, client_address, request_id) \
         VALUES ('e1', 1000, 's1', 'op@chain.example', 'Op', 'operator', 'demo', 'draft.site.changed', 'site', '{}', '203.0.113.9', 'r1')".to_owned(),
        "INSERT INTO studio_outbox (event_id, subject, payload, created_at, published_at) VALUES ('e1', 'studio.audit.demo', '{}', 1000, 1001)".to_owned(),
    ] {
        sqlx::query(&statement).execute(&pool).await.expect(&statement);
    }
    pool.close().await;

    let mut studio = spawn_studio_with(
        &test_support::dirs::fresh_dir("studio_upgrade"),
        &[("DATABASE_URL", &database.url)],
    )
    .await;
    let me = studio
        .client
        .authenticate(AuthenticateRequest {
            session_token: session.clone(),
        })
        .await
        .expect("the session begun before the upgrade")
        .into_inner();
    assert_eq!(
        me.staff.expect("the staff member").email,
        "op@chain.example"
    );
    let audit = studio
        .client
        .list_audit(ListAuditRequest {
            session_token: session,
            ..Default::default()
        })
        .await
        .expect("the audit log")
        .into_inner();
    assert_eq!(audit.entries.len(), 1);
    assert_eq!(audit.entries[0].action, "draft.site.changed");
    database.drop().await;
}
