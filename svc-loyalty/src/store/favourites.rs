//! Favourite films and favourite theaters (with a newsletter subscription each).

use sqlx::{AnyPool, FromRow};

use crate::store::unix_now;

#[tracing::instrument(name = "sql favourites::films", skip_all, fields(otel.kind = "client"))]
pub async fn films(pool: &AnyPool, member_id: &str) -> Result<Vec<String>, sqlx::Error> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT film_id FROM favorite_films WHERE member_id = $1 ORDER BY added_at, film_id",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Adds the film; adding it twice keeps one.
#[tracing::instrument(name = "sql favourites::add_film", skip_all, fields(otel.kind = "client"))]
pub async fn add_film(pool: &AnyPool, member_id: &str, film_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO favorite_films (member_id, film_id, added_at) VALUES ($1, $2, $3) \
         ON CONFLICT (member_id, film_id) DO NOTHING",
    )
    .bind(member_id)
    .bind(film_id)
    .bind(unix_now())
    .execute(pool)
    .await?;
    Ok(())
}

#[tracing::instrument(name = "sql favourites::remove_film", skip_all, fields(otel.kind = "client"))]
pub async fn remove_film(
    pool: &AnyPool,
    member_id: &str,
    film_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM favorite_films WHERE member_id = $1 AND film_id = $2")
        .bind(member_id)
        .bind(film_id)
        .execute(pool)
        .await?;
    Ok(())
}

/// One favourite theater and whether the member gets its newsletter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FavoriteCinema {
    pub cinema_id: String,
    pub subscribe_to_newsletter: bool,
}

#[derive(FromRow)]
struct FavoriteCinemaRow {
    cinema_id: String,
    subscribe_to_newsletter: i64,
}

#[tracing::instrument(name = "sql favourites::cinemas", skip_all, fields(otel.kind = "client"))]
pub async fn cinemas(pool: &AnyPool, member_id: &str) -> Result<Vec<FavoriteCinema>, sqlx::Error> {
    let rows: Vec<FavoriteCinemaRow> = sqlx::query_as(
        "SELECT cinema_id, subscribe_to_newsletter FROM favorite_cinemas WHERE member_id = $1 \
         ORDER BY added_at, cinema_id",
    )
    .bind(member_id)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|row| FavoriteCinema {
            cinema_id: row.cinema_id,
            subscribe_to_newsletter: row.subscribe_to_newsletter != 0,
        })
        .collect())
}

/// Adds each theater, or updates its subscription when it is a favourite already; all
/// of them or, on a failure, none (one transaction). A later entry for the same theater
/// wins.
#[tracing::instrument(name = "sql favourites::put_cinemas", skip_all, fields(otel.kind = "client"))]
pub async fn put_cinemas(
    pool: &AnyPool,
    member_id: &str,
    cinemas: &[FavoriteCinema],
) -> Result<(), sqlx::Error> {
    let mut transaction = pool.begin().await?;
    for cinema in cinemas {
        sqlx::query(
            "INSERT INTO favorite_cinemas (member_id, cinema_id, subscribe_to_newsletter, added_at) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (member_id, cinema_id) \
             DO UPDATE SET subscribe_to_newsletter = excluded.subscribe_to_newsletter",
        )
        .bind(member_id)
        .bind(&cinema.cinema_id)
        .bind(i64::from(cinema.subscribe_to_newsletter))
        .bind(unix_now())
        .execute(&mut *transaction)
        .await?;
    }
    transaction.commit().await
}

#[tracing::instrument(name = "sql favourites::remove_cinema", skip_all, fields(otel.kind = "client"))]
pub async fn remove_cinema(
    pool: &AnyPool,
    member_id: &str,
    cinema_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM favorite_cinemas WHERE member_id = $1 AND cinema_id = $2")
        .bind(member_id)
        .bind(cinema_id)
        .execute(pool)
        .await?;
    Ok(())
}
