//! The SQL of showtime rows, shared by the writes of a whole site and of a theater's
//! days. A row's seats and availability are columns of their own; the rest of the
//! entry is its document. Rows are written and removed many in one statement, their
//! values passed as one JSON array that the database reads as rows.

use std::collections::HashMap;

use serde::Serialize;
use sqlx::{Any, Row, Transaction};

use super::{Dialect, StoreError};
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

/// Rows per statement: a chain's schedule call (700 showtimes) is one, an import of
/// 200,000 is 40, whose JSON is never all held at once.
const ROWS_PER_STATEMENT: usize = 5_000;

/// Writes `rows` (new or changed), many in one statement.
pub async fn write_all(
    transaction: &mut Transaction<'static, Any>,
    dialect: Dialect,
    site_id: &str,
    rows: &[(ShowtimeKey, ShowtimeRow)],
) -> Result<(), StoreError> {
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        write_chunk(transaction, dialect, site_id, chunk).await?;
    }
    Ok(())
}

async fn write_chunk(
    transaction: &mut Transaction<'static, Any>,
    dialect: Dialect,
    site_id: &str,
    rows: &[(ShowtimeKey, ShowtimeRow)],
) -> Result<(), StoreError> {
    let written: Vec<WrittenRow<'_>> = rows
        .iter()
        .map(|((theater_id, perf_code), row)| WrittenRow {
            t: theater_id,
            p: perf_code,
            m: &row.movie_id,
            d: &row.local_date,
            doc: &row.doc,
            a: row.seats_available,
            n: row.seats_total,
            s: row.availability.as_deref(),
        })
        .collect();
    let rows = match dialect {
        Dialect::Sqlite => {
            "SELECT $1, json_extract(value, '$.t'), json_extract(value, '$.p'), \
             json_extract(value, '$.m'), json_extract(value, '$.d'), json_extract(value, '$.doc'), \
             json_extract(value, '$.a'), json_extract(value, '$.n'), json_extract(value, '$.s') \
             FROM json_each($2) WHERE true"
        }
        Dialect::Postgres => {
            "SELECT $1, t, p, m, d, doc, a, n, s FROM jsonb_to_recordset($2::jsonb) \
             AS r(t text, p text, m text, d text, doc text, a bigint, n bigint, s text)"
        }
    };
    sqlx::query(&format!(
        "INSERT INTO catalogue_showtimes (site_id, theater_id, perf_code, movie_id, local_date, \
         doc, seats_available, seats_total, availability) {rows} \
         ON CONFLICT (site_id, theater_id, perf_code) DO UPDATE SET movie_id = excluded.movie_id, \
         local_date = excluded.local_date, doc = excluded.doc, \
         seats_available = excluded.seats_available, seats_total = excluded.seats_total, \
         availability = excluded.availability"
    ))
    .bind(site_id)
    // Serialising plain data into a string cannot fail.
    .bind(serde_json::to_string(&written).unwrap_or_default())
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// A showtime row as [`write_all`]'s statement reads it (short names keep 200,000 small).
#[derive(Serialize)]
struct WrittenRow<'a> {
    t: &'a str,
    p: &'a str,
    m: &'a str,
    d: &'a str,
    doc: &'a str,
    a: Option<i64>,
    n: Option<i64>,
    s: Option<&'a str>,
}

/// Removes the showtimes of `keys`, many in one statement.
pub async fn delete_all(
    transaction: &mut Transaction<'static, Any>,
    dialect: Dialect,
    site_id: &str,
    keys: &[&ShowtimeKey],
) -> Result<(), StoreError> {
    for chunk in keys.chunks(ROWS_PER_STATEMENT) {
        delete_chunk(transaction, dialect, site_id, chunk).await?;
    }
    Ok(())
}

async fn delete_chunk(
    transaction: &mut Transaction<'static, Any>,
    dialect: Dialect,
    site_id: &str,
    keys: &[&ShowtimeKey],
) -> Result<(), StoreError> {
    let keys_json: Vec<[&str; 2]> = keys
        .iter()
        .map(|(theater_id, perf_code)| [theater_id.as_str(), perf_code.as_str()])
        .collect();
    let keys = match dialect {
        Dialect::Sqlite => {
            "SELECT json_extract(value, '$[0]') AS t, json_extract(value, '$[1]') AS p FROM json_each($2)"
        }
        Dialect::Postgres => {
            "SELECT k->>0 AS t, k->>1 AS p FROM jsonb_array_elements($2::jsonb) AS k"
        }
    };
    sqlx::query(&format!(
        "DELETE FROM catalogue_showtimes WHERE site_id = $1 \
         AND (theater_id, perf_code) IN (SELECT t, p FROM ({keys}) AS removed)"
    ))
    .bind(site_id)
    .bind(serde_json::to_string(&keys_json).unwrap_or_default())
    .execute(&mut **transaction)
    .await?;
    Ok(())
}
