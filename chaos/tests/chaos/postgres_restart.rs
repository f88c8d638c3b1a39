//! PostgreSQL restarted while members sign up and log in: every write the platform
//! acknowledged is there afterwards, and none is half done (each login wrote its
//! session and its login event together, or neither).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chaos::load::Members;
use chaos::postgres::PrivatePostgres;
use chaos::stack::Stack;
use chaos::test_dir;
use sqlx::Row;

/// What the platform acknowledged: members created, and their session tokens.
#[derive(Debug, Default)]
struct Acknowledged {
    members: Vec<String>,
    sessions: Vec<(String, String)>,
    failures: usize,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn acknowledged_member_writes_survive_a_database_restart_and_none_is_half_done() {
    let _scenario = chaos::one_scenario_at_a_time().await;
    let dir = test_dir("postgres-restart");
    let postgres = PrivatePostgres::start(&dir);
    let stack = Stack::start(
        &dir,
        &[],
        &[
            ("DATABASE_URL", postgres.url()),
            ("LOYALTY_DEMO_SEED", "false".to_owned()),
        ],
    )
    .await;
    let members = Members::new(&stack.url);
    let acknowledged = Arc::new(Mutex::new(Acknowledged::default()));
    let (stop, _) = tokio::sync::watch::channel(false);
    let mut writers = Vec::new();
    for writer in 0..4 {
        let (members, acknowledged, stop) =
            (members.clone(), acknowledged.clone(), stop.subscribe());
        writers.push(tokio::spawn(async move {
            let mut n = 0;
            while !*stop.borrow() {
                n += 1;
                let email = format!("w{writer}-{n}@example.com");
                let (_, created) = members.create(&email).await;
                let session = if created {
                    members.login(&email).await.1
                } else {
                    None
                };
                let mut acknowledged = acknowledged.lock().expect("not poisoned");
                if created {
                    acknowledged.members.push(email.clone());
                } else {
                    acknowledged.failures += 1;
                }
                if let Some(token) = session {
                    acknowledged.sessions.push((email, token));
                }
            }
        }));
    }
    let count = |a: &Arc<Mutex<Acknowledged>>| a.lock().expect("not poisoned").members.len();

    tokio::time::sleep(Duration::from_secs(1)).await;
    let before_restart = count(&acknowledged);
    postgres.stop();
    // Down until the outage is felt: a write refused (gRPC deadline or store error).
    let felt = chaos::eventually(Duration::from_secs(15), || async {
        acknowledged.lock().expect("not poisoned").failures > 0
    })
    .await;
    postgres.start_again();
    assert!(felt, "some writes failed while the database was down");
    let restarted = Instant::now();
    let after_restart = count(&acknowledged);
    let resumed = chaos::eventually(Duration::from_secs(15), || async {
        count(&acknowledged) > after_restart + 5
    })
    .await;
    stop.send_replace(true);
    for writer in writers {
        writer.await.expect("a writer");
    }
    assert!(before_restart > 0, "writes before the restart");
    assert!(
        resumed,
        "writes resume after the restart ({:?} waited)",
        restarted.elapsed()
    );

    let acknowledged = std::mem::take(&mut *acknowledged.lock().expect("not poisoned"));
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&postgres.url())
        .await
        .expect("the database answers");
    let stored: Vec<String> = sqlx::query("SELECT email FROM members")
        .fetch_all(&pool)
        .await
        .expect("members")
        .iter()
        .map(|row| row.get::<String, _>("email"))
        .collect();
    for email in &acknowledged.members {
        assert!(
            stored.contains(email),
            "acknowledged member {email} is stored"
        );
    }
    let sessions: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM sessions")
        .fetch_one(&pool)
        .await
        .expect("sessions");
    let events = |subject: &'static str| {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM outbox WHERE subject = $1")
            .bind(subject)
            .fetch_one(&pool)
    };
    assert_eq!(
        sessions,
        events("loyalty.member.login").await.expect("outbox"),
        "each login wrote its session and its event, or neither"
    );
    assert_eq!(
        stored.len() as i64,
        events("loyalty.member.registered").await.expect("outbox"),
        "each registration wrote its member and its event, or neither"
    );
    assert!(sessions >= acknowledged.sessions.len() as i64);
    for (email, token) in &acknowledged.sessions {
        assert_eq!(
            members.member_email(token).await.as_deref(),
            Some(email.as_str()),
            "the acknowledged login of {email} holds"
        );
    }
}
