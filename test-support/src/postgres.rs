//! A fresh PostgreSQL database per test, on the server at TEST_POSTGRES_URL (trust
//! authentication; by default the local one, which `scripts/test-services.sh` starts).

use sqlx::Connection;

/// The tests' PostgreSQL server, without a database name.
pub fn server_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .ok()
        .filter(|url| !url.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432".to_owned())
}

/// A uniquely named database on [`server_url`]; [`PostgresDatabase::drop`] removes it.
#[derive(Debug)]
pub struct PostgresDatabase {
    /// `postgres://...`, for a service's DATABASE_URL.
    pub url: String,
    pub name: String,
}

impl PostgresDatabase {
    /// Creates a database named after `prefix` (lower-case letters, digits and `_`).
    pub async fn create(prefix: &str) -> PostgresDatabase {
        let name = crate::dirs::unique_name(prefix);
        as_admin(&format!("CREATE DATABASE {name}")).await;
        PostgresDatabase {
            url: format!("{}/{name}", server_url()),
            name,
        }
    }

    /// Drops the database, ending the connections a service under test still holds.
    pub async fn drop(self) {
        as_admin(&format!(
            "DROP DATABASE IF EXISTS {} WITH (FORCE)",
            self.name
        ))
        .await;
    }
}

/// Runs `sql` on the server's `postgres` database.
async fn as_admin(sql: &str) {
    let mut admin = sqlx::PgConnection::connect(&format!("{}/postgres", server_url()))
        .await
        .expect("PostgreSQL answers on TEST_POSTGRES_URL");
    if let Err(error) = sqlx::query(sql).execute(&mut admin).await {
        panic!("{sql}: {error}");
    }
}
