//! Members' alerts at a commit (docs/architecture.md#catalogue-events): the pairs of movie
//! and theater not told of yet, what domain::movie_alerts says of their showtimes, and
//! for each alert its pair remembered as told and its event written to the outbox, all
//! in the transaction of the commit (or of the hourly check), so an event exists exactly
//! when its cause does, once per movie, theater and kind.

use jiff::{SignedDuration, Timestamp};
use sqlx::{Any, Row, Transaction};

use super::records::read_document;
use super::{Store, StoreError};
use crate::alert_events::{self, Batch, Names};
use crate::domain::movie_alerts::{self, MovieAlert, Scheduled};
use crate::domain::movies::MovieEntry;
use crate::domain::records::RecordKind;
use crate::domain::theaters::Theater;

/// Which showtimes a commit may have changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope<'a> {
    Site,
    Theater(&'a str),
}

/// The local days that may hold a showtime not started yet, or one starting within
/// [`movie_alerts::LAST_CHANCE_WITHIN`]: UTC's day a day either side, so every
/// theater's local day is in.
fn days_around(now: Timestamp) -> (String, String) {
    let day = |offset: SignedDuration| {
        now.saturating_add(offset)
            .unwrap_or(now)
            .to_zoned(jiff::tz::TimeZone::UTC)
            .date()
            .to_string()
    };
    (
        day(SignedDuration::from_hours(-24)),
        day(movie_alerts::LAST_CHANCE_WITHIN + SignedDuration::from_hours(24)),
    )
}

/// Tells what `scope` of `site_id` holds for members as of `now`, in `transaction`: the
/// events of each kind share the batch `{batch}-{kind}`. Answers how many were written.
pub(super) async fn tell(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    scope: Scope<'_>,
    now: Timestamp,
    batch: &str,
) -> Result<usize, StoreError> {
    let (since, until) = days_around(now);
    // `$3`: the theater, when the scope is one (SQL of its own, so the index on the
    // theater's days serves it); '' otherwise, a condition always true.
    let (theater, theater_id) = match scope {
        Scope::Site => ("AND CAST($3 AS TEXT) = ''", ""),
        Scope::Theater(id) => ("AND theater_id = $3", id),
    };
    // The pairs with days to come that were never on sale, and their showtimes of those days.
    let not_on_sale = format!(
        "SELECT s.theater_id, s.movie_id, s.perf_code, s.doc, s.seats_available, s.availability \
         FROM catalogue_showtimes s JOIN ( \
           SELECT theater_id, movie_id FROM catalogue_showtimes \
           WHERE site_id = $1 AND local_date >= $2 {theater} \
           EXCEPT SELECT theater_id, movie_id FROM catalogue_movie_alerts \
           WHERE site_id = $1 AND kind = 'on-sale' {theater}) p \
         ON p.theater_id = s.theater_id AND p.movie_id = s.movie_id \
         WHERE s.site_id = $1 AND s.local_date >= $2"
    );
    let on_sale = scheduled(
        sqlx::query(&not_on_sale)
            .bind(site_id)
            .bind(&since)
            .bind(theater_id)
            .fetch_all(&mut **transaction)
            .await?,
    )?;
    // The pairs whose last day there is near while the theater's schedule goes on past
    // it, on sale there for longer than a last chance is told ahead (a film on sale for
    // two days, a one-night screening: its on-sale alert said when), never told of as
    // leaving; and their showtimes of that last day.
    let leaving = format!(
        "SELECT s.theater_id, s.movie_id, s.perf_code, s.doc, s.seats_available, s.availability \
         FROM catalogue_showtimes s JOIN ( \
           SELECT theater_id, movie_id, MAX(local_date) AS last_date FROM catalogue_showtimes \
           WHERE site_id = $1 AND local_date >= $2 {theater} GROUP BY theater_id, movie_id) p \
         ON p.theater_id = s.theater_id AND p.movie_id = s.movie_id AND p.last_date = s.local_date \
         WHERE s.site_id = $1 AND p.last_date <= $4 \
         AND NOT EXISTS (SELECT 1 FROM catalogue_movie_alerts a WHERE a.site_id = $1 \
           AND a.theater_id = p.theater_id AND a.movie_id = p.movie_id AND a.kind = 'last-chance') \
         AND EXISTS (SELECT 1 FROM catalogue_showtimes t WHERE t.site_id = $1 \
           AND t.theater_id = p.theater_id AND t.local_date > p.last_date) \
         AND EXISTS (SELECT 1 FROM catalogue_movie_alerts o WHERE o.site_id = $1 \
           AND o.theater_id = p.theater_id AND o.movie_id = p.movie_id AND o.kind = 'on-sale' \
           AND o.told_at <= $5)"
    );
    let last_chance = scheduled(
        sqlx::query(&leaving)
            .bind(site_id)
            .bind(&since)
            .bind(theater_id)
            .bind(&until)
            .bind(
                now.saturating_sub(movie_alerts::LAST_CHANCE_WITHIN)
                    .unwrap_or(now)
                    .as_second(),
            )
            .fetch_all(&mut **transaction)
            .await?,
    )?;
    let mut told = 0;
    for alerts in [
        movie_alerts::on_sale(on_sale, now),
        movie_alerts::last_chance(last_chance, now),
    ] {
        told += write(transaction, site_id, alerts, now, batch).await?;
    }
    Ok(told)
}

/// Remembers each of `alerts` (all of one kind) as told and writes its event; one told
/// already (by a replica's commit at the same moment) is left out of the batch.
async fn write(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    alerts: Vec<MovieAlert>,
    now: Timestamp,
    batch: &str,
) -> Result<usize, StoreError> {
    if alerts.is_empty() {
        return Ok(0);
    }
    let excluded = excluded_movies(transaction, site_id).await?;
    let mut new = Vec::with_capacity(alerts.len());
    for alert in alerts {
        // A movie the site does not show is news to nobody; told when it is shown again.
        if excluded.contains(&alert.showtime.movie_id) {
            continue;
        }
        let Some(names) = names(transaction, site_id, &alert).await? else {
            continue;
        };
        let inserted = sqlx::query(
            "INSERT INTO catalogue_movie_alerts (site_id, movie_id, theater_id, kind, told_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
        )
        .bind(site_id)
        .bind(&alert.showtime.movie_id)
        .bind(&alert.showtime.theater_id)
        .bind(alert.kind.code())
        .bind(now.as_second())
        .execute(&mut **transaction)
        .await?;
        if inserted.rows_affected() == 1 {
            new.push((alert, names));
        }
    }
    let Some((first, _)) = new.first() else {
        return Ok(0);
    };
    let batch = Batch {
        id: format!("{batch}-{}", first.kind.code()),
        size: new.len(),
    };
    for (alert, names) in &new {
        let event = alert_events::event(
            site_id,
            platform::tokens::random_hex::<16>()?,
            jiff::Timestamp::now(),
            &batch,
            alert,
            names,
        );
        alert_events::OUTBOX.insert(transaction, &event).await?;
    }
    Ok(new.len())
}

/// The movies the site leaves out (`config.globalExcludedMovieIds`).
async fn excluded_movies(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
) -> Result<Vec<String>, StoreError> {
    let settings: String = sqlx::query_scalar("SELECT settings FROM catalogue_sites WHERE id = $1")
        .bind(site_id)
        .fetch_one(&mut **transaction)
        .await?;
    Ok(serde_json::from_str::<serde_json::Value>(&settings)
        .ok()
        .and_then(|settings| {
            let ids = settings
                .pointer("/config/globalExcludedMovieIds")?
                .as_array()?
                .clone();
            Some(
                ids.iter()
                    .filter_map(|id| match id {
                        serde_json::Value::String(id) => Some(id.clone()),
                        serde_json::Value::Number(id) => Some(id.to_string()),
                        _ => None,
                    })
                    .collect(),
            )
        })
        .unwrap_or_default())
}

/// The movie's title and page and the theater's name; none when either is gone (a
/// showtime outliving its movie is not on sale).
async fn names(
    transaction: &mut Transaction<'static, Any>,
    site_id: &str,
    alert: &MovieAlert,
) -> Result<Option<Names>, StoreError> {
    let showtime = &alert.showtime;
    let movie = read_document(transaction, site_id, RecordKind::Movie, &showtime.movie_id)
        .await?
        .and_then(|doc| serde_json::from_str::<MovieEntry>(&doc).ok());
    let theater = read_document(
        transaction,
        site_id,
        RecordKind::Theater,
        &showtime.theater_id,
    )
    .await?
    .and_then(|doc| serde_json::from_str::<Theater>(&doc).ok());
    Ok(movie.zip(theater).map(|(movie, theater)| Names {
        movie_path: movie.path(),
        movie_title: movie.title,
        theater_name: theater.name,
    }))
}

/// The showtimes of `rows`; a row whose start cannot be read is no showtime to tell of.
fn scheduled(rows: Vec<sqlx::any::AnyRow>) -> Result<Vec<Scheduled>, StoreError> {
    let mut showtimes = Vec::with_capacity(rows.len());
    for row in rows {
        let doc: String = row.try_get("doc")?;
        let Some(starts_at) = serde_json::from_str::<serde_json::Value>(&doc)
            .ok()
            .and_then(|doc| doc.get("startsAt")?.as_str().map(str::to_owned))
        else {
            continue;
        };
        let Ok(instant) = starts_at.parse::<Timestamp>() else {
            continue;
        };
        let seats_available: Option<i64> = row.try_get("seats_available")?;
        let availability: Option<String> = row.try_get("availability")?;
        let sold_out = match availability.as_deref() {
            Some(given) => given == "sold-out",
            None => seats_available == Some(0),
        };
        showtimes.push(Scheduled {
            theater_id: row.try_get("theater_id")?,
            movie_id: row.try_get("movie_id")?,
            perf_code: row.try_get("perf_code")?,
            starts_at,
            instant,
            sold_out,
        });
    }
    Ok(showtimes)
}

impl Store {
    /// Tells what time alone made true (a last showtime now within days), for every
    /// site: the check run each hour beside the commits'.
    pub async fn tell_alerts_due(&self) -> Result<usize, StoreError> {
        let site_ids: Vec<String> = sqlx::query_scalar("SELECT id FROM catalogue_sites")
            .fetch_all(&self.pool)
            .await?;
        let mut told = 0;
        let mut failed = None;
        // One site failing leaves the others told.
        for site_id in site_ids {
            match self.tell_site_alerts_due(&site_id).await {
                Ok(written) => told += written,
                Err(error) => {
                    tracing::warn!(site = %site_id, %error, "the site's alerts due could not be checked");
                    failed = Some(error);
                }
            }
        }
        if told > 0 {
            self.alerts_written.notify_one();
        }
        match failed {
            Some(error) if told == 0 => Err(error),
            _ => Ok(told),
        }
    }

    async fn tell_site_alerts_due(&self, site_id: &str) -> Result<usize, StoreError> {
        let (mut transaction, held) = self.begin_write(site_id).await?;
        if !held {
            return Ok(0);
        }
        let batch = platform::tokens::random_hex::<12>()?;
        let written = tell(
            &mut transaction,
            site_id,
            Scope::Site,
            self.alerts_now(),
            &batch,
        )
        .await?;
        transaction.commit().await?;
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::movie_alerts::AlertKind;

    #[test]
    fn the_days_looked_at_reach_a_day_past_the_last_chance_either_side() {
        let now: Timestamp = "2026-12-01T23:30:00Z".parse().expect("an instant");
        assert_eq!(
            days_around(now),
            ("2026-11-30".to_owned(), "2026-12-05".to_owned())
        );
    }

    #[test]
    fn the_kinds_stored_are_the_rules_codes() {
        // The SQL above names them literally.
        assert_eq!(AlertKind::OnSale.code(), "on-sale");
        assert_eq!(AlertKind::LastChance.code(), "last-chance");
    }
}
