//! The SQL of showtime rows, shared by the writes of a whole site and of a theater's
//! days. A row's seats and availability are columns of their own; the rest of the
//! entry is its document.

use std::collections::HashMap;

use sqlx::{Any, Row, Transaction};

use super::StoreError;
use crate::domain::showtimes::ShowtimeEntry;

/// A showtime's key: its theater and performance code.
pub type ShowtimeKey = (String, String);

/// A showtime's row, apart from its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShowtimeRow {
    pub movie_id: String,
    /// The day at the theater, YYYY-MM-DD.
    pub local_date: String,
    /// The entry without its seats and availability.
    pub doc: String,
    pub seats_available: Option<i64>,
    pub seats_total: Option<i64>,
    pub availability: Option<String>,
}

impl ShowtimeRow {
    pub fn of(entry: &ShowtimeEntry) -> ShowtimeRow {
        let fixed = ShowtimeEntry {
            seats_available: None,
            seats_total: None,
            availability: None,
            ..entry.clone()
        };
        ShowtimeRow {
            movie_id: entry.movie_id.clone(),
            local_date: entry.starts_at.get(..10).unwrap_or_default().to_owned(),
            // Serialising plain data into a string cannot fail.
            doc: serde_json::to_string(&fixed).unwrap_or_default(),
            seats_available: entry.seats_available.map(i64::from),
            seats_total: entry.seats_total.map(i64::from),
            availability: entry.availability.map(|given| given.code().to_owned()),
        }
    }
}

/// The site's showtime rows, or one theater's.
pub async fn rows(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    theater_id: Option<&str>,
) -> Result<HashMap<ShowtimeKey, ShowtimeRow>, StoreError> {
    let columns = "SELECT theater_id, perf_code, movie_id, local_date, doc, seats_available, \
                   seats_total, availability FROM catalogue_showtimes WHERE site_id = $1";
    let found = match theater_id {
        None => {
            sqlx::query(columns)
                .bind(site_id)
                .fetch_all(&mut **transaction)
                .await?
        }
        Some(theater_id) => {
            sqlx::query(&format!("{columns} AND theater_id = $2"))
                .bind(site_id)
                .bind(theater_id)
                .fetch_all(&mut **transaction)
                .await?
        }
    };
    let mut rows = HashMap::with_capacity(found.len());
    for row in found {
        rows.insert(
            (row.try_get("theater_id")?, row.try_get("perf_code")?),
            ShowtimeRow {
                movie_id: row.try_get("movie_id")?,
                local_date: row.try_get("local_date")?,
                doc: row.try_get("doc")?,
                seats_available: row.try_get("seats_available")?,
                seats_total: row.try_get("seats_total")?,
                availability: row.try_get("availability")?,
            },
        );
    }
    Ok(rows)
}

/// Writes `row` under `key`: an update when the key `exists`, else an insert.
pub async fn write(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    (theater_id, perf_code): &ShowtimeKey,
    row: &ShowtimeRow,
    exists: bool,
) -> Result<(), StoreError> {
    let statement = if exists {
        "UPDATE catalogue_showtimes SET movie_id = $4, local_date = $5, doc = $6, \
         seats_available = $7, seats_total = $8, availability = $9 \
         WHERE site_id = $1 AND theater_id = $2 AND perf_code = $3"
    } else {
        "INSERT INTO catalogue_showtimes (site_id, theater_id, perf_code, movie_id, \
         local_date, doc, seats_available, seats_total, availability) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
    };
    sqlx::query(statement)
        .bind(site_id)
        .bind(theater_id)
        .bind(perf_code)
        .bind(&row.movie_id)
        .bind(&row.local_date)
        .bind(&row.doc)
        .bind(row.seats_available)
        .bind(row.seats_total)
        .bind(&row.availability)
        .execute(&mut **transaction)
        .await?;
    Ok(())
}

pub async fn delete(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    (theater_id, perf_code): &ShowtimeKey,
) -> Result<(), StoreError> {
    sqlx::query(
        "DELETE FROM catalogue_showtimes WHERE site_id = $1 AND theater_id = $2 AND perf_code = $3",
    )
    .bind(site_id)
    .bind(theater_id)
    .bind(perf_code)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}
