//! The staff store: all SQL. SQLite under DATA_DIR by default, PostgreSQL when
//! DATABASE_URL is set; the same statements run on both (`$n` placeholders, text and
//! bigint columns). The schema is made by `svc-studio/migrations/`, whose versions start at
//! 3001 so that the database may be the other services' too.

pub mod audit;
pub mod invitations;
pub mod passkeys;
pub mod previews;
pub mod sessions;
pub mod sign_in_links;
pub mod single_sign_ons;
pub mod staff;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

use crate::domain::access::{Grant, Role};

/// This service's migrations; those of another service sharing the database are not its
/// to check.
fn migrator() -> sqlx::migrate::Migrator {
    let mut migrator = sqlx::migrate!("./migrations");
    migrator.set_ignore_missing(true);
    migrator
}

#[derive(Debug, Clone)]
pub struct Store {
    pool: AnyPool,
}

impl Store {
    /// Connects to `url` (`sqlite://...` or `postgres://...`) and runs the migrations.
    pub async fn connect(url: &str) -> Result<Store, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(5)
            .connect(url)
            .await?;
        migrator().run(&pool).await?;
        Ok(Store { pool })
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }
}

/// The store's clock: Unix seconds.
pub fn unix_now() -> i64 {
    jiff::Timestamp::now().as_second()
}

/// A grant as its row holds it: role, site ('' for the deployment), theaters as JSON.
fn grant_of_row(role: &str, site_id: &str, theater_ids: &str) -> Result<Grant, sqlx::Error> {
    let unreadable = |problem: String| sqlx::Error::Decode(problem.into());
    let role = Role::parse(role).map_err(unreadable)?;
    let theater_ids: Vec<String> =
        serde_json::from_str(theater_ids).map_err(|error| unreadable(error.to_string()))?;
    Ok(Grant {
        role,
        site_id: (!site_id.is_empty()).then(|| site_id.to_owned()),
        theater_ids,
    })
}

/// The columns of a grant's row.
fn row_of_grant(grant: &Grant) -> (&'static str, &str, String) {
    (
        grant.role.code(),
        grant.site_id.as_deref().unwrap_or_default(),
        serde_json::Value::from(grant.theater_ids.clone()).to_string(),
    )
}
