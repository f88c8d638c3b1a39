//! The store suite: every test runs on SQLite and on PostgreSQL.

use platform::outbox::OutboxEvent;
use svc_loyalty::domain::member::{NEVER_EXPIRES, Profile};
use svc_loyalty::events::{self, MemberEvent};
use svc_loyalty::lockout::{self, Failure, Rule};
use svc_loyalty::store::OUTBOX;
use svc_loyalty::store::cards::{self, Added};
use svc_loyalty::store::favourites::{self, FavoriteCinema};
use svc_loyalty::store::history::{self, Order, PointTransaction};
use svc_loyalty::store::members::{self, NewMember};
use svc_loyalty::store::offers::{self, Reward};
use svc_loyalty::store::sessions::{self, NewSession};
use svc_loyalty::store::{Store, is_unique_violation};

use crate::on_both_stores;

/// The site of the suite's rows.
const SITE: &str = "demo";

fn new_member(id: &str, email: &str, points: i64) -> NewMember {
    NewMember {
        id: id.to_owned(),
        site_id: SITE.to_owned(),
        email: email.to_owned(),
        password_hash: "$argon2id$stub".to_owned(),
        profile: Profile {
            first_name: "Ann".to_owned(),
            ..Profile::default()
        },
        circuit_id: "C1".to_owned(),
        member_level_id: 1,
        member_level_name: "Member".to_owned(),
        member_expiry: NEVER_EXPIRES.to_owned(),
        is_activated: true,
        points,
        has_username: true,
    }
}

async fn member(store: &Store, id: &str, points: i64) {
    members::insert(
        store.pool(),
        &new_member(id, &format!("{id}@example.com"), points),
        None,
    )
    .await
    .expect("insert a member");
}

fn session(token: &str, member_id: &str, expires_at: i64) -> NewSession {
    NewSession {
        token_hash: format!("t-{token}"),
        refresh_hash: format!("r-{token}"),
        member_id: member_id.to_owned(),
        cypher_version: 3,
        expires_at,
        refresh_expires_at: expires_at + 100,
        opened_at: expires_at - 100,
    }
}

/// Member m1 with session "a" (expiring at 1000) and login event "e1".
async fn logged_in(store: &Store) {
    member(store, "m1", 0).await;
    sessions::open(store.pool(), &session("a", "m1", 1000), &event("e1"))
        .await
        .expect("open");
}

/// A member event of `subject` as a call would make it.
fn member_event(subject: &'static str) -> MemberEvent {
    MemberEvent::new(
        subject,
        format!("{subject}-1"),
        "2026-01-01T00:00:00Z".to_owned(),
        SITE,
        "C1",
        "7",
        "BOOST_POS",
    )
}

fn event(id: &str) -> OutboxEvent {
    OutboxEvent {
        event_id: id.to_owned(),
        subject: "loyalty.member.login".to_owned(),
        payload: "{}".to_owned(),
    }
}

async fn a_member_is_stored_and_read_back(store: Store) {
    member(&store, "m1", 5).await;
    let read = members::by_id(store.pool(), "m1")
        .await
        .expect("read")
        .expect("found");
    assert_eq!(read.email, "m1@example.com");
    assert_eq!(read.profile.first_name, "Ann");
    assert_eq!(read.points, 5);
    assert!(read.is_activated);
    assert_eq!(read.card_number, "");
}

async fn a_taken_email_is_a_unique_violation(store: Store) {
    member(&store, "m1", 0).await;
    let error = members::insert(store.pool(), &new_member("m2", "m1@example.com", 0), None)
        .await
        .expect_err("taken");
    assert!(is_unique_violation(&error), "{error}");
}

/// Two failures lock for 99 s, the third lockout blocks.
const RULE: Rule = Rule {
    attempts: 2,
    lock_seconds: 99,
    block_after: 3,
};

async fn lockout_state(store: &Store) -> (i64, i64, i64, i64) {
    sqlx::query_as(
        "SELECT failed_logins, locked_until, lockouts, blocked FROM members WHERE id = 'm1'",
    )
    .fetch_one(store.pool())
    .await
    .expect("read")
}

async fn failed_logins_lock_the_member_at_the_limit_and_the_third_lockout_blocks(store: Store) {
    member(&store, "m1", 0).await;
    let mut outcomes = Vec::new();
    // One failure every 100 s: each lock has passed when the next failure lands.
    for now in (0..6).map(|step| step * 100) {
        outcomes.push(
            lockout::record_failure(store.pool(), "m1", RULE, now)
                .await
                .expect("count"),
        );
    }
    use Failure::{Blocked, Counted, Locked};
    assert_eq!(
        outcomes,
        [Counted, Locked, Counted, Locked, Counted, Blocked]
    );
    assert_eq!(lockout_state(&store).await, (0, 599, 3, 1));
}

async fn a_failure_while_locked_or_blocked_changes_nothing(store: Store) {
    member(&store, "m1", 0).await;
    for now in [0, 1] {
        lockout::record_failure(store.pool(), "m1", RULE, now)
            .await
            .expect("count");
    }
    assert_eq!(
        lockout_state(&store).await,
        (0, 100, 1, 0),
        "locked until 100"
    );
    let during = lockout::record_failure(store.pool(), "m1", RULE, 50)
        .await
        .expect("count");
    assert_eq!(during, Failure::Locked);
    assert_eq!(lockout_state(&store).await, (0, 100, 1, 0), "not counted");
    sqlx::query("UPDATE members SET blocked = 1 WHERE id = 'm1'")
        .execute(store.pool())
        .await
        .expect("block");
    let blocked = lockout::record_failure(store.pool(), "m1", RULE, 500)
        .await
        .expect("count");
    assert_eq!(blocked, Failure::Locked);
    assert_eq!(lockout_state(&store).await, (0, 100, 1, 1), "not counted");
}

/// Wrong passwords landing at once: every one counted until the lock, one lockout, and
/// none counted after it (two UPDATEs, count then lock, locked twice and blocked).
async fn concurrent_failures_lose_no_count_and_lock_once(store: Store) {
    member(&store, "m1", 0).await;
    let rule = Rule {
        attempts: 5,
        lock_seconds: 60,
        block_after: 2,
    };
    let failures = (0..12).map(|_| lockout::record_failure(store.pool(), "m1", rule, 1000));
    let mut outcomes = futures_util::future::join_all(failures)
        .await
        .into_iter()
        .map(|outcome| outcome.expect("count"))
        .collect::<Vec<_>>();
    outcomes.sort_by_key(|outcome| *outcome as u8);
    let mut expected = vec![Failure::Counted; 4];
    expected.extend([Failure::Locked; 8]);
    assert_eq!(outcomes, expected);
    assert_eq!(lockout_state(&store).await, (0, 1060, 1, 0));

    let counted = (0..4).map(|_| lockout::record_failure(store.pool(), "m1", rule, 2000));
    futures_util::future::join_all(counted).await;
    assert_eq!(
        lockout_state(&store).await,
        (4, 1060, 1, 0),
        "four of five after the lock: counted, none lost"
    );
}

async fn a_login_stores_its_session_and_its_event_together(store: Store) {
    logged_in(&store).await;
    let owner = sessions::owner(store.pool(), SITE, "t-a", 10)
        .await
        .expect("read")
        .expect("live");
    assert_eq!(owner.member_id, "m1");
    assert_eq!(owner.cypher_version, 3);
    assert_eq!(
        OUTBOX.pending(store.pool(), 10).await.expect("read"),
        vec![event("e1")]
    );
}

async fn a_login_whose_event_cannot_be_written_leaves_no_session(store: Store) {
    logged_in(&store).await;
    sessions::open(store.pool(), &session("b", "m1", 1000), &event("e1"))
        .await
        .expect_err("the event id is taken");
    assert_eq!(
        sessions::owner(store.pool(), SITE, "t-b", 10)
            .await
            .expect("read"),
        None
    );
}

async fn an_expired_session_has_no_owner(store: Store) {
    logged_in(&store).await;
    assert_eq!(
        sessions::owner(store.pool(), SITE, "t-a", 1000)
            .await
            .expect("read"),
        None
    );
}

async fn a_refresh_replaces_both_tokens(store: Store) {
    logged_in(&store).await;
    let owner = sessions::refresh(store.pool(), SITE, "r-a", &session("b", "", 2000), 10)
        .await
        .expect("refresh")
        .expect("known");
    assert_eq!(owner.member_id, "m1");
    assert_eq!(
        sessions::owner(store.pool(), SITE, "t-a", 10)
            .await
            .expect("read"),
        None
    );
    assert!(
        sessions::owner(store.pool(), SITE, "t-b", 10)
            .await
            .expect("read")
            .is_some()
    );
    let later = 11 + sessions::REFRESH_REUSE_SECONDS;
    let again = sessions::refresh(store.pool(), SITE, "r-a", &session("c", "", 2000), later)
        .await
        .expect("refresh");
    assert_eq!(
        again, None,
        "an exchanged refresh token is refused after a while"
    );
}

async fn a_refresh_whose_answer_was_lost_can_be_repeated_for_a_moment(store: Store) {
    logged_in(&store).await;
    // The browser left the page: the exchange for b happened, its answer was lost.
    sessions::refresh(store.pool(), SITE, "r-a", &session("b", "", 2000), 10)
        .await
        .expect("refresh")
        .expect("known");
    let repeated = sessions::refresh(store.pool(), SITE, "r-a", &session("c", "", 2000), 20)
        .await
        .expect("refresh");
    assert_eq!(repeated.map(|owner| owner.member_id).as_deref(), Some("m1"));
    for (refresh, why) in [
        ("r-b", "the lost pair is gone"),
        ("r-a", "the window counts from the first exchange"),
    ] {
        let at = 11 + sessions::REFRESH_REUSE_SECONDS;
        let refused = sessions::refresh(store.pool(), SITE, refresh, &session("d", "", 2000), at)
            .await
            .expect("refresh");
        assert_eq!(refused, None, "{why}");
    }
    assert!(
        sessions::owner(store.pool(), SITE, "t-c", 20)
            .await
            .expect("read")
            .is_some()
    );
    assert!(
        sessions::close(store.pool(), SITE, "r-a")
            .await
            .expect("close")
    );
    assert_eq!(
        sessions::owner(store.pool(), SITE, "t-c", 20)
            .await
            .expect("read"),
        None,
        "signing out with the previous refresh token ends the session"
    );
}

async fn closing_a_session_by_either_token_ends_it(store: Store) {
    logged_in(&store).await;
    assert!(
        sessions::close(store.pool(), SITE, "r-a")
            .await
            .expect("close")
    );
    assert_eq!(
        sessions::owner(store.pool(), SITE, "t-a", 10)
            .await
            .expect("read"),
        None
    );
}

async fn a_card_active_on_a_member_cannot_be_added_again(store: Store) {
    member(&store, "m1", 0).await;
    member(&store, "m2", 0).await;
    assert_eq!(
        cards::add(store.pool(), SITE, "m1", "CARD123", None)
            .await
            .expect("add"),
        Added::Added
    );
    assert_eq!(
        cards::add(store.pool(), SITE, "m2", "CARD123", None)
            .await
            .expect("add"),
        Added::AlreadyActive
    );
    let read = members::by_id(store.pool(), "m1")
        .await
        .expect("read")
        .expect("found");
    assert_eq!(read.card_number, "CARD123");
}

async fn a_lost_card_can_be_taken_over(store: Store) {
    member(&store, "m1", 0).await;
    member(&store, "m2", 0).await;
    cards::add(store.pool(), SITE, "m1", "CARD123", None)
        .await
        .expect("add");
    assert_eq!(
        cards::report_lost(store.pool(), "m1", &member_event(events::CARD_LOST))
            .await
            .expect("report"),
        1
    );
    assert_eq!(
        cards::add(store.pool(), SITE, "m2", "CARD123", None)
            .await
            .expect("add"),
        Added::Added
    );
    assert!(
        cards::of_member(store.pool(), "m1")
            .await
            .expect("read")
            .is_empty()
    );
}

async fn a_favourite_theater_keeps_one_entry_with_its_latest_subscription(store: Store) {
    member(&store, "m1", 0).await;
    let cinema = |id: &str, subscribe| FavoriteCinema {
        cinema_id: id.to_owned(),
        subscribe_to_newsletter: subscribe,
    };
    favourites::put_cinemas(store.pool(), "m1", &[cinema("7", true), cinema("8", true)])
        .await
        .expect("put");
    favourites::put_cinemas(store.pool(), "m1", &[cinema("7", true), cinema("7", false)])
        .await
        .expect("put again");
    let cinemas = favourites::cinemas(store.pool(), "m1").await.expect("read");
    assert_eq!(cinemas.len(), 2);
    let seven = cinemas.iter().find(|c| c.cinema_id == "7").expect("7");
    assert!(!seven.subscribe_to_newsletter, "the later entry wins");
    favourites::add_film(store.pool(), "m1", "1001")
        .await
        .expect("add");
    favourites::add_film(store.pool(), "m1", "1001")
        .await
        .expect("add twice");
    assert_eq!(
        favourites::films(store.pool(), "m1").await.expect("read"),
        vec!["1001"]
    );
}

async fn history_is_newest_first_and_honours_the_limit(store: Store) {
    member(&store, "m1", 0).await;
    for (id, at) in [("o1", 10), ("o2", 30), ("o3", 20)] {
        let order = Order {
            id: id.to_owned(),
            cinema_id: "7".to_owned(),
            film_title: "Film".to_owned(),
            tickets: 2,
            total_cents: 2400,
            placed_at: at,
        };
        history::insert_order(store.pool(), "m1", &order)
            .await
            .expect("insert");
    }
    let orders = history::orders(store.pool(), "m1", Some(2))
        .await
        .expect("read");
    let ids: Vec<&str> = orders.iter().map(|order| order.id.as_str()).collect();
    assert_eq!(ids, ["o2", "o3"]);
    assert_eq!(
        history::orders(store.pool(), "m1", None)
            .await
            .expect("read")
            .len(),
        3
    );
}

async fn a_confirmed_redemption_deducts_the_points_once(store: Store) {
    member(&store, "m1", 0).await;
    let entry = PointTransaction {
        id: "t1".to_owned(),
        description: "Tickets".to_owned(),
        points: 300,
        happened_at: 1,
    };
    history::insert_transaction(store.pool(), "m1", &entry)
        .await
        .expect("earn");
    let popcorn = Reward {
        id: "popcorn".to_owned(),
        name: "Popcorn".to_owned(),
        points_cost: 250,
        display_order: 1,
    };
    offers::put_reward(store.pool(), SITE, &popcorn)
        .await
        .expect("reward");
    for order in ["o1", "o2"] {
        assert!(
            offers::order_reward(store.pool(), SITE, "m1", "popcorn", order, 2)
                .await
                .expect("order")
        );
    }
    assert_eq!(
        offers::confirm_redemption(
            store.pool(),
            SITE,
            "o1",
            3,
            &member_event(events::REWARD_REDEEMED)
        )
        .await
        .expect("confirm"),
        Some(50)
    );
    assert_eq!(
        offers::confirm_redemption(
            store.pool(),
            SITE,
            "o1",
            3,
            &member_event(events::REWARD_REDEEMED)
        )
        .await
        .expect("again"),
        None
    );
    assert_eq!(
        offers::confirm_redemption(
            store.pool(),
            SITE,
            "o2",
            3,
            &member_event(events::REWARD_REDEEMED)
        )
        .await
        .expect("too few points"),
        None
    );
    let read = members::by_id(store.pool(), "m1")
        .await
        .expect("read")
        .expect("found");
    assert_eq!(read.points, 50);
    let entries = history::transactions(store.pool(), "m1", None)
        .await
        .expect("read");
    assert_eq!(entries.len(), 2);
    assert!(
        !offers::order_reward(store.pool(), SITE, "m1", "caviar", "o3", 2)
            .await
            .expect("order")
    );
}

async fn a_gift_card_balance_needs_the_right_pin(store: Store) {
    offers::put_gift_card(store.pool(), SITE, "GC1", "1234", 2500)
        .await
        .expect("put");
    assert_eq!(
        offers::gift_card_balance(store.pool(), SITE, "GC1", "1234")
            .await
            .expect("read"),
        Some(2500)
    );
    assert_eq!(
        offers::gift_card_balance(store.pool(), SITE, "GC1", "0000")
            .await
            .expect("read"),
        None
    );
}

async fn deleting_a_member_removes_all_their_data(store: Store) {
    member(&store, "m1", 0).await;
    member(&store, "m2", 0).await;
    sessions::open(store.pool(), &session("a", "m1", 1000), &event("e1"))
        .await
        .expect("open");
    cards::add(store.pool(), SITE, "m1", "CARD123", None)
        .await
        .expect("add");
    cards::add(store.pool(), SITE, "m2", "CARD456", None)
        .await
        .expect("add");
    favourites::add_film(store.pool(), "m1", "1001")
        .await
        .expect("add");
    members::delete(store.pool(), "m1", &member_event(events::DELETED))
        .await
        .expect("delete");
    assert_eq!(
        members::by_id(store.pool(), "m1").await.expect("read"),
        None
    );
    assert_eq!(
        sessions::owner(store.pool(), SITE, "t-a", 10)
            .await
            .expect("read"),
        None
    );
    assert!(
        favourites::films(store.pool(), "m1")
            .await
            .expect("read")
            .is_empty()
    );
    let (left,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM cards")
        .fetch_one(store.pool())
        .await
        .expect("count");
    assert_eq!(left, 1, "the other member's card stays");
}

async fn published_events_leave_the_pending_list(store: Store) {
    logged_in(&store).await;
    OUTBOX
        .mark_published(store.pool(), "e1")
        .await
        .expect("mark");
    assert!(
        OUTBOX
            .pending(store.pool(), 10)
            .await
            .expect("read")
            .is_empty()
    );
}

on_both_stores!(
    a_member_is_stored_and_read_back,
    a_taken_email_is_a_unique_violation,
    failed_logins_lock_the_member_at_the_limit_and_the_third_lockout_blocks,
    a_failure_while_locked_or_blocked_changes_nothing,
    concurrent_failures_lose_no_count_and_lock_once,
    a_login_stores_its_session_and_its_event_together,
    a_login_whose_event_cannot_be_written_leaves_no_session,
    an_expired_session_has_no_owner,
    a_refresh_replaces_both_tokens,
    a_refresh_whose_answer_was_lost_can_be_repeated_for_a_moment,
    closing_a_session_by_either_token_ends_it,
    a_card_active_on_a_member_cannot_be_added_again,
    a_lost_card_can_be_taken_over,
    a_favourite_theater_keeps_one_entry_with_its_latest_subscription,
    history_is_newest_first_and_honours_the_limit,
    a_confirmed_redemption_deducts_the_points_once,
    a_gift_card_balance_needs_the_right_pin,
    deleting_a_member_removes_all_their_data,
    published_events_leave_the_pending_list,
);

mod one_time_codes {
    use svc_loyalty::store::Store;
    use svc_loyalty::store::codes::{self, Purpose};

    use super::member;
    use crate::on_both_stores;

    /// The site of the suite's rows.
    const SITE: &str = "demo";

    async fn an_expired_reset_code_no_longer_works(store: Store) {
        member(&store, "m1", 0).await;
        codes::insert(store.pool(), Purpose::PasswordReset, "old", "m1", 1)
            .await
            .expect("insert");
        assert_eq!(
            codes::member_of(store.pool(), SITE, Purpose::PasswordReset, "old")
                .await
                .expect("read"),
            None
        );
        assert!(
            !codes::reset_password(store.pool(), SITE, "old", "hash")
                .await
                .expect("reset")
        );
    }

    async fn a_reset_code_works_once_and_ends_the_sessions(store: Store) {
        super::logged_in(&store).await;
        codes::insert(store.pool(), Purpose::PasswordReset, "code", "m1", i64::MAX)
            .await
            .expect("insert");
        assert_eq!(
            codes::member_of(store.pool(), SITE, Purpose::PasswordReset, "code")
                .await
                .expect("read")
                .as_deref(),
            Some("m1")
        );
        assert!(
            codes::reset_password(store.pool(), SITE, "code", "new-hash")
                .await
                .expect("reset")
        );
        assert!(
            !codes::reset_password(store.pool(), SITE, "code", "again")
                .await
                .expect("reset")
        );
        let owner = svc_loyalty::store::sessions::owner(store.pool(), SITE, "t-a", 10).await;
        assert_eq!(owner.expect("read"), None);
    }

    async fn a_code_works_only_for_its_purpose_and_its_member(store: Store) {
        super::member(&store, "m1", 0).await;
        super::member(&store, "m2", 0).await;
        codes::insert(store.pool(), Purpose::Activation, "act", "m1", i64::MAX)
            .await
            .expect("insert");
        assert!(
            !codes::reset_password(store.pool(), SITE, "act", "hash")
                .await
                .expect("reset")
        );
        assert!(
            !codes::use_activation_code(store.pool(), SITE, "act", "m2")
                .await
                .expect("use")
        );
        assert!(
            codes::use_activation_code(store.pool(), SITE, "act", "m1")
                .await
                .expect("use")
        );
        assert!(
            !codes::use_activation_code(store.pool(), SITE, "act", "m1")
                .await
                .expect("again")
        );
    }

    on_both_stores!(
        a_code_works_only_for_its_purpose_and_its_member,
        an_expired_reset_code_no_longer_works,
        a_reset_code_works_once_and_ends_the_sessions,
    );
}

mod activations {
    use svc_loyalty::store::{Store, activations, members};

    use crate::on_both_stores;

    /// The site of the suite's rows.
    const SITE: &str = "demo";

    async fn an_activation_completes_once_and_activates_the_member(store: Store) {
        let mut inactive = super::new_member("m1", "m1@example.com", 0);
        inactive.is_activated = false;
        members::insert(store.pool(), &inactive, None)
            .await
            .expect("insert");
        activations::start(store.pool(), "s1", "m1", 3)
            .await
            .expect("start");
        assert!(
            activations::add_order(store.pool(), SITE, "s1", "o1")
                .await
                .expect("order")
        );
        assert!(
            !activations::add_order(store.pool(), SITE, "s1", "o2")
                .await
                .expect("order")
        );
        let completed = activations::complete(
            store.pool(),
            SITE,
            "o1",
            &super::member_event(svc_loyalty::events::ACTIVATED),
        )
        .await
        .expect("complete");
        assert_eq!(completed.as_deref(), Some("m1"));
        assert_eq!(
            activations::complete(
                store.pool(),
                SITE,
                "o1",
                &super::member_event(svc_loyalty::events::ACTIVATED)
            )
            .await
            .expect("again"),
            None
        );
        let member = members::by_id(store.pool(), "m1")
            .await
            .expect("read")
            .expect("found");
        assert!(member.is_activated);
        assert_eq!(member.member_level_id, 3);
    }

    on_both_stores!(an_activation_completes_once_and_activates_the_member);
}
