//! The demo chain's loyalty data (LOYALTY_DEMO_SEED): a demo member with cards, points,
//! order and points history and favourites, plus the rewards, a gift card and the
//! e-voucher concessions of the demo theaters, so the member area has something to
//! show. Applied at start-up to the default site; the member is created once, the rest
//! is upserted.

use crate::Error;
use crate::domain::member::{NEVER_EXPIRES, Profile};
use crate::password_workers;
use crate::store::favourites::{self, FavoriteCinema};
use crate::store::history::{self, Order, PointTransaction};
use crate::store::members::{self, NewMember};
use crate::store::offers::{self, EVoucherConcession, Reward};
use crate::store::{Store, cards, unix_now};

/// The demo member's credentials (documented in README.md).
pub const DEMO_EMAIL: &str = "demo@marqueecinemas.example";
pub const DEMO_PASSWORD: &str = "Popcorn#2024";
const DEMO_MEMBER_ID: &str = "demo-member";
/// A member enrolled at a box office, without a web account (README.md).
pub const BOX_OFFICE_EMAIL: &str = "boxoffice@marqueecinemas.example";
const BOX_OFFICE_MEMBER_ID: &str = "box-office-member";
/// The demo theaters (site/demo/theaters.json).
const DEMO_CINEMAS: [&str; 3] = ["101", "102", "103"];
const DAY: i64 = 24 * 60 * 60;

pub async fn demo(store: &Store, site: &str) -> Result<(), Error> {
    let pool = store.pool();
    let rewards = [
        ("small-popcorn", "Small popcorn", 250),
        ("fountain-drink", "Medium fountain drink", 300),
        ("free-ticket", "Free 2D ticket", 1000),
        ("combo", "Large popcorn and drink combo", 1500),
    ];
    for (order, (id, name, cost)) in (1..).zip(rewards) {
        let reward = Reward {
            id: id.to_owned(),
            name: name.to_owned(),
            points_cost: cost,
            display_order: order,
        };
        offers::put_reward(pool, site, &reward).await?;
    }
    offers::put_gift_card(pool, site, "GC1000200030004000", "1234", 2500).await?;
    for cinema in DEMO_CINEMAS {
        for (kind, name, price) in [
            ("popcorn", "Popcorn e-voucher", 650),
            ("ticket", "Ticket e-voucher", 1250),
        ] {
            let concession = EVoucherConcession {
                id: format!("{cinema}-{kind}"),
                cinema_id: cinema.to_owned(),
                name: name.to_owned(),
                price_cents: price,
            };
            offers::put_evoucher(pool, site, &concession).await?;
        }
    }
    if members::credentials(pool, site, BOX_OFFICE_EMAIL)
        .await?
        .is_none()
    {
        box_office_member(store, site).await?;
    }
    if members::credentials(pool, site, DEMO_EMAIL)
        .await?
        .is_some()
    {
        return Ok(());
    }
    demo_member(store, site).await
}

/// A member enrolled at a box office: a card and points, no web account yet. Registering
/// with this address finds them (docs/loyalty.md#registration).
async fn box_office_member(store: &Store, site: &str) -> Result<(), Error> {
    let pool = store.pool();
    let member = NewMember {
        id: BOX_OFFICE_MEMBER_ID.to_owned(),
        site_id: site.to_owned(),
        email: BOX_OFFICE_EMAIL.to_owned(),
        // No password: one is set through the e-mailed reset once the member has a username.
        password_hash: String::new(),
        profile: Profile {
            first_name: "Bo".to_owned(),
            last_name: "Office".to_owned(),
            mobile_number: "+15555550188".to_owned(),
            zip_code: "10002".to_owned(),
            birth_date: String::new(),
            club_id: "MQ-CLUB".to_owned(),
            send_newsletter: false,
        },
        circuit_id: String::new(),
        member_level_id: 1,
        member_level_name: "Member".to_owned(),
        member_expiry: NEVER_EXPIRES.to_owned(),
        is_activated: true,
        points: 120,
        has_username: false,
    };
    members::insert(pool, &member, None).await?;
    cards::add(pool, site, BOX_OFFICE_MEMBER_ID, "MQ00067890", None).await?;
    tracing::info!("box-office member seeded");
    Ok(())
}

async fn demo_member(store: &Store, site: &str) -> Result<(), Error> {
    let pool = store.pool();
    let password_hash = password_workers::hash(site, DEMO_PASSWORD.to_owned()).await?;
    let member = NewMember {
        id: DEMO_MEMBER_ID.to_owned(),
        site_id: site.to_owned(),
        email: DEMO_EMAIL.to_owned(),
        password_hash,
        profile: Profile {
            first_name: "Dana".to_owned(),
            last_name: "Demo".to_owned(),
            mobile_number: "+15555550123".to_owned(),
            zip_code: "10001".to_owned(),
            birth_date: "1990-04-12".to_owned(),
            club_id: "MQ-CLUB".to_owned(),
            send_newsletter: true,
        },
        circuit_id: String::new(),
        member_level_id: 2,
        member_level_name: "Gold".to_owned(),
        member_expiry: NEVER_EXPIRES.to_owned(),
        is_activated: true,
        points: 0,
        has_username: true,
    };
    members::insert(pool, &member, None).await?;
    cards::add(pool, site, DEMO_MEMBER_ID, "MQ00012345", None).await?;
    for film in ["1001", "1003"] {
        favourites::add_film(pool, DEMO_MEMBER_ID, film).await?;
    }
    let home = FavoriteCinema {
        cinema_id: DEMO_CINEMAS[0].to_owned(),
        subscribe_to_newsletter: true,
    };
    favourites::put_cinemas(pool, DEMO_MEMBER_ID, &[home]).await?;
    let now = unix_now();
    let visits = [
        ("MQ-ORDER-1001", "101", "The Long Night", 2, 2850, 40),
        ("MQ-ORDER-1002", "102", "Paper Moons", 3, 3975, 21),
        ("MQ-ORDER-1003", "101", "Velocity", 2, 3100, 6),
    ];
    for (id, cinema, film, tickets, cents, days_ago) in visits {
        let order = Order {
            id: id.to_owned(),
            cinema_id: cinema.to_owned(),
            film_title: film.to_owned(),
            tickets,
            total_cents: cents,
            placed_at: now - days_ago * DAY,
        };
        history::insert_order(pool, DEMO_MEMBER_ID, &order).await?;
        let earned = PointTransaction {
            id: format!("{id}-points"),
            description: format!("Tickets: {film}"),
            points: cents / 10,
            happened_at: order.placed_at,
        };
        history::insert_transaction(pool, DEMO_MEMBER_ID, &earned).await?;
    }
    let welcome = PointTransaction {
        id: "MQ-WELCOME".to_owned(),
        description: "Welcome bonus".to_owned(),
        points: 250,
        happened_at: now - 45 * DAY,
    };
    history::insert_transaction(pool, DEMO_MEMBER_ID, &welcome).await?;
    tracing::info!("demo member seeded");
    Ok(())
}
