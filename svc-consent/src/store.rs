//! The consent receipt store: all SQL. SQLite under DATA_DIR by default, PostgreSQL when
//! DATABASE_URL is set; the same statements run on both (`$n` placeholders, text columns).
//!
//! The schema is made by the migrations in `svc-consent/migrations/`. The database may be
//! svc-loyalty's too: the two services' migrations share sqlx's table, so this service's
//! versions start at 1001, and each service's migrator leaves the other's alone.

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;

use crate::Error;
use crate::domain::receipt::NewReceipt;

/// This service's migrations; those of another service sharing the database are not its
/// to check.
fn migrator() -> sqlx::migrate::Migrator {
    let mut migrator = sqlx::migrate!("./migrations");
    migrator.set_ignore_missing(true);
    migrator
}

/// A stored receipt, as read back.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredReceipt {
    pub id: String,
    /// The site whose visitor chose.
    pub site_id: String,
    /// RFC 3339, UTC.
    pub recorded_at: String,
    pub regulation: String,
    /// The choices as a JSON object of name -> bool.
    pub choices: String,
    pub policy_version: String,
    pub client_network: String,
}

#[derive(Debug, Clone)]
pub struct ReceiptStore {
    pool: AnyPool,
}

impl ReceiptStore {
    /// Connects to `url` (`sqlite://...` or `postgres://...`) and runs the migrations.
    pub async fn connect(url: &str) -> Result<ReceiptStore, Error> {
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new()
            .max_connections(5)
            .connect(url)
            .await?;
        migrator().run(&pool).await.map_err(sqlx::Error::from)?;
        Ok(ReceiptStore { pool })
    }

    /// Gives receipts from before sites (no site yet) to `site`, the deployment's
    /// default site. Runs at every start; once done, it finds nothing.
    #[tracing::instrument(skip(self))]
    pub async fn adopt_receipts_from_before_sites(&self, site: &str) -> Result<(), Error> {
        let adopted = sqlx::query("UPDATE consent_receipts SET site_id = $1 WHERE site_id = ''")
            .bind(site)
            .execute(&self.pool)
            .await?
            .rows_affected();
        if adopted > 0 {
            tracing::info!(
                receipts = adopted,
                "receipts from before sites given to the default site"
            );
        }
        Ok(())
    }

    /// Stores `receipt` of `site` now; answers the stored row.
    #[tracing::instrument(skip_all, fields(regulation = %receipt.regulation))]
    pub async fn insert(&self, site: &str, receipt: &NewReceipt) -> Result<StoredReceipt, Error> {
        let stored = StoredReceipt {
            id: uuid::Uuid::new_v4().to_string(),
            site_id: site.to_owned(),
            recorded_at: jiff::Timestamp::now().to_string(),
            regulation: receipt.regulation.clone(),
            choices: choices_json(receipt),
            policy_version: receipt.policy_version.clone(),
            client_network: receipt.client_network.clone(),
        };
        sqlx::query(
            "INSERT INTO consent_receipts \
             (id, site_id, recorded_at, regulation, choices, policy_version, client_network) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&stored.id)
        .bind(&stored.site_id)
        .bind(&stored.recorded_at)
        .bind(&stored.regulation)
        .bind(&stored.choices)
        .bind(&stored.policy_version)
        .bind(&stored.client_network)
        .execute(&self.pool)
        .await?;
        Ok(stored)
    }

    /// The receipt of `site` with `id`, if any.
    #[tracing::instrument(skip(self))]
    pub async fn find(&self, site: &str, id: &str) -> Result<Option<StoredReceipt>, Error> {
        Ok(sqlx::query_as::<_, StoredReceipt>(
            "SELECT id, site_id, recorded_at, regulation, choices, policy_version, client_network \
             FROM consent_receipts WHERE id = $1 AND site_id = $2",
        )
        .bind(id)
        .bind(site)
        .fetch_optional(&self.pool)
        .await?)
    }
}

fn choices_json(receipt: &NewReceipt) -> String {
    let object: serde_json::Map<String, serde_json::Value> = receipt
        .choices
        .iter()
        .map(|(name, granted)| (name.clone(), serde_json::Value::Bool(*granted)))
        .collect();
    serde_json::Value::Object(object).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn receipt() -> NewReceipt {
        NewReceipt::parse(
            "ccpa",
            [
                ("doNotSell".to_owned(), true),
                ("analytics".to_owned(), false),
            ],
            "2026-01",
            "198.51.100.23",
        )
        .expect("valid")
    }

    async fn round_trip(store: &ReceiptStore) {
        let stored = store.insert("demo", &receipt()).await.expect("stored");
        let found = store
            .find("demo", &stored.id)
            .await
            .expect("read")
            .expect("found");
        assert_eq!(found, stored);
        assert_eq!(
            store.find("single", &stored.id).await.expect("read"),
            None,
            "another site's receipt"
        );
        assert_eq!(found.regulation, "ccpa");
        assert_eq!(found.choices, r#"{"analytics":false,"doNotSell":true}"#);
        assert_eq!(found.client_network, "198.51.100.0");
        assert!(found.recorded_at.parse::<jiff::Timestamp>().is_ok());
        assert_eq!(store.find("demo", "missing").await.expect("read"), None);
    }

    #[tokio::test]
    async fn a_receipt_round_trips_through_sqlite() {
        let dir = std::env::temp_dir().join(format!("consent-store-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let url = format!("sqlite://{}?mode=rwc", dir.join("consent.sqlite").display());
        round_trip(&ReceiptStore::connect(&url).await.expect("sqlite")).await;
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn its_migrations_share_a_database_with_another_services() {
        let dir = std::env::temp_dir().join(format!("consent-store-{}", uuid::Uuid::new_v4()));
        let other = dir.join("other-migrations");
        std::fs::create_dir_all(&other).expect("a temporary folder");
        // Another service's first migration, as svc-loyalty's are numbered.
        std::fs::write(
            other.join("0001_members.sql"),
            "CREATE TABLE members (id TEXT PRIMARY KEY);",
        )
        .expect("a migration");
        let url = format!("sqlite://{}?mode=rwc", dir.join("shared.sqlite").display());
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new().connect(&url).await.expect("sqlite");
        let mut theirs = sqlx::migrate::Migrator::new(other.as_path())
            .await
            .expect("their migrations");
        theirs.set_ignore_missing(true);
        theirs.run(&pool).await.expect("theirs run first");
        let store = ReceiptStore::connect(&url)
            .await
            .expect("ours run beside them");
        round_trip(&store).await;
        theirs
            .run(&pool)
            .await
            .expect("theirs run again beside ours");
        ReceiptStore::connect(&url).await.expect("and ours again");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[tokio::test]
    async fn receipts_from_before_sites_become_the_default_sites() {
        let dir = std::env::temp_dir().join(format!("consent-store-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let url = format!("sqlite://{}?mode=rwc", dir.join("consent.sqlite").display());
        sqlx::any::install_default_drivers();
        let pool = AnyPoolOptions::new().connect(&url).await.expect("sqlite");
        let mut before = migrator();
        before.migrations = std::borrow::Cow::Owned(
            before
                .iter()
                .filter(|migration| migration.version < 1002)
                .cloned()
                .collect(),
        );
        before.run(&pool).await.expect("the schema before sites");
        sqlx::query(
            "INSERT INTO consent_receipts (id, recorded_at, regulation, choices, \
             policy_version, client_network) \
             VALUES ('old', '2026-01-01T00:00:00Z', 'ccpa', '{}', '2026-01', '198.51.100.0')",
        )
        .execute(&pool)
        .await
        .expect("a receipt from before sites");
        pool.close().await;
        let store = ReceiptStore::connect(&url).await.expect("migrates");
        store
            .adopt_receipts_from_before_sites("demo")
            .await
            .expect("adopts");
        let found = store
            .find("demo", "old")
            .await
            .expect("read")
            .expect("kept");
        assert_eq!(found.site_id, "demo");
        assert_eq!(store.find("single", "old").await.expect("read"), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    /// PostgreSQL on 127.0.0.1:5432 (trust auth, user postgres), or TEST_POSTGRES_URL:
    /// a uniquely named database is created for the test and dropped after it.
    #[tokio::test]
    async fn a_receipt_round_trips_through_postgres() {
        let server = std::env::var("TEST_POSTGRES_URL")
            .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned());
        let admin = admin_pool(&format!("{server}/postgres")).await;
        let name = format!("consent_test_{}", uuid::Uuid::new_v4().simple());
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&admin)
            .await
            .expect("create the test database");
        {
            let store = ReceiptStore::connect(&format!("{server}/{name}"))
                .await
                .expect("postgres");
            round_trip(&store).await;
            store.pool.close().await;
        }
        sqlx::query(&format!("DROP DATABASE {name}"))
            .execute(&admin)
            .await
            .expect("drop the test database");
    }

    async fn admin_pool(url: &str) -> AnyPool {
        sqlx::any::install_default_drivers();
        AnyPoolOptions::new()
            .max_connections(1)
            .connect(url)
            .await
            .expect("PostgreSQL answers at 127.0.0.1:5432 (or TEST_POSTGRES_URL)")
    }
}
