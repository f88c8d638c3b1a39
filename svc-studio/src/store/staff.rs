//! Staff members and their grants.

use sqlx::{Any, AnyPool, Transaction};

use super::{grant_of_row, row_of_grant};
use crate::domain::access::Grant;
use crate::domain::staff::StaffEmail;

/// A staff member as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StaffMember {
    pub id: String,
    pub email: String,
    pub name: String,
}

/// How many staff members there are.
#[tracing::instrument(name = "sql staff::count", skip_all, fields(otel.kind = "client"))]
pub async fn count(pool: &AnyPool) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("SELECT COUNT(*) FROM studio_staff")
        .fetch_one(pool)
        .await
}

/// The staff member of `email`, if there is one.
#[tracing::instrument(name = "sql staff::by_email", skip_all, fields(otel.kind = "client"))]
pub async fn by_email(
    pool: &AnyPool,
    email: &StaffEmail,
) -> Result<Option<StaffMember>, sqlx::Error> {
    sqlx::query_as("SELECT id, email, name FROM studio_staff WHERE email = $1")
        .bind(email.as_str())
        .fetch_optional(pool)
        .await
}

/// The staff member of `email`, made with `new_id` and `name` when there is none yet.
pub(super) async fn found_or_made(
    transaction: &mut Transaction<'_, Any>,
    new_id: &str,
    email: &StaffEmail,
    name: &str,
    now: i64,
) -> Result<StaffMember, sqlx::Error> {
    sqlx::query(
        "INSERT INTO studio_staff (id, email, name, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (email) DO NOTHING",
    )
    .bind(new_id)
    .bind(email.as_str())
    .bind(name)
    .bind(now)
    .execute(&mut **transaction)
    .await?;
    sqlx::query_as("SELECT id, email, name FROM studio_staff WHERE email = $1")
        .bind(email.as_str())
        .fetch_one(&mut **transaction)
        .await
}

/// Gives `grant` to the staff member: it replaces the role they held on its site.
pub(super) async fn grant(
    transaction: &mut Transaction<'_, Any>,
    staff_id: &str,
    grant: &Grant,
    now: i64,
) -> Result<(), sqlx::Error> {
    let (role, site_id, theater_ids) = row_of_grant(grant);
    sqlx::query(
        "INSERT INTO studio_grants (staff_id, site_id, role, theater_ids, granted_at) \
         VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (staff_id, site_id) DO UPDATE \
         SET role = excluded.role, theater_ids = excluded.theater_ids, granted_at = excluded.granted_at",
    )
    .bind(staff_id)
    .bind(site_id)
    .bind(role)
    .bind(theater_ids)
    .bind(now)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// The staff member's grants, the deployment's first, then by site.
#[tracing::instrument(name = "sql staff::grants", skip_all, fields(otel.kind = "client"))]
pub async fn grants(pool: &AnyPool, staff_id: &str) -> Result<Vec<Grant>, sqlx::Error> {
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT role, site_id, theater_ids FROM studio_grants WHERE staff_id = $1 ORDER BY site_id",
    )
    .bind(staff_id)
    .fetch_all(pool)
    .await?;
    rows.iter()
        .map(|(role, site_id, theater_ids)| grant_of_row(role, site_id, theater_ids))
        .collect()
}

/// The staff members holding a grant on `site_id`, by name, with it.
#[tracing::instrument(name = "sql staff::of_site", skip_all, fields(otel.kind = "client"))]
pub async fn of_site(
    pool: &AnyPool,
    site_id: &str,
) -> Result<Vec<(StaffMember, Grant)>, sqlx::Error> {
    let rows: Vec<(String, String, String, String, String, String)> = sqlx::query_as(
        "SELECT staff.id, staff.email, staff.name, grants.role, grants.site_id, grants.theater_ids \
         FROM studio_grants AS grants JOIN studio_staff AS staff ON staff.id = grants.staff_id \
         WHERE grants.site_id = $1 ORDER BY staff.name, staff.email",
    )
    .bind(site_id)
    .fetch_all(pool)
    .await?;
    rows.into_iter()
        .map(|(id, email, name, role, site_id, theater_ids)| {
            Ok((
                StaffMember { id, email, name },
                grant_of_row(&role, &site_id, &theater_ids)?,
            ))
        })
        .collect()
}

/// Removes the staff member's grant on `site_id` and ends every session they have, in one
/// transaction; false when they held none there.
#[tracing::instrument(name = "sql staff::remove_grant", skip_all, fields(otel.kind = "client"))]
pub async fn remove_grant(
    pool: &AnyPool,
    staff_id: &str,
    site_id: &str,
) -> Result<bool, sqlx::Error> {
    let mut transaction = pool.begin().await?;
    let removed = sqlx::query("DELETE FROM studio_grants WHERE staff_id = $1 AND site_id = $2")
        .bind(staff_id)
        .bind(site_id)
        .execute(&mut *transaction)
        .await?;
    if removed.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM studio_sessions WHERE staff_id = $1")
        .bind(staff_id)
        .execute(&mut *transaction)
        .await?;
    transaction.commit().await?;
    Ok(true)
}
