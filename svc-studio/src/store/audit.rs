//! The audit log: rows appended, and read back filtered, newest first.

use sqlx::AnyPool;

/// One entry of the audit log.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AuditEntry {
    pub id: String,
    /// Unix milliseconds.
    pub at: i64,
    pub staff_id: String,
    pub staff_email: String,
    pub staff_name: String,
    pub role: String,
    /// '' for the deployment.
    pub site_id: String,
    pub action: String,
    pub target: String,
    /// A JSON object of the changed fields' `{"before", "after"}`.
    pub changes: String,
    pub client_address: String,
    pub request_id: String,
}

/// Appends `entry` in `transaction`.
#[tracing::instrument(name = "sql audit::append", skip_all, fields(otel.kind = "client"))]
pub async fn append(
    transaction: &mut sqlx::Transaction<'_, sqlx::Any>,
    entry: &AuditEntry,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO studio_audit (id, at, staff_id, staff_email, staff_name, role, site_id, \
         action, target, changes, client_address, request_id) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
    )
    .bind(&entry.id)
    .bind(entry.at)
    .bind(&entry.staff_id)
    .bind(&entry.staff_email)
    .bind(&entry.staff_name)
    .bind(&entry.role)
    .bind(&entry.site_id)
    .bind(&entry.action)
    .bind(&entry.target)
    .bind(&entry.changes)
    .bind(&entry.client_address)
    .bind(&entry.request_id)
    .execute(&mut **transaction)
    .await?;
    Ok(())
}

/// Which entries to read; `None` reads every value of the field.
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    /// `Some("")`: the deployment's own entries.
    pub site_id: Option<String>,
    pub staff_id: Option<String>,
    pub action: Option<String>,
    /// Unix milliseconds, inclusive.
    pub from: Option<i64>,
    /// Unix milliseconds, exclusive.
    pub to: Option<i64>,
}

/// The most entries one read answers.
pub const MAX_ENTRIES: i64 = 5_000;

/// The entries `filter` selects, newest first, at most [`MAX_ENTRIES`].
#[tracing::instrument(name = "sql audit::read", skip_all, fields(otel.kind = "client"))]
pub async fn read(pool: &AnyPool, filter: &AuditFilter) -> Result<Vec<AuditEntry>, sqlx::Error> {
    // Each condition holds when its parameter is NULL: one statement for every filter.
    sqlx::query_as(
        "SELECT id, at, staff_id, staff_email, staff_name, role, site_id, action, target, \
         changes, client_address, request_id FROM studio_audit \
         WHERE ($1 IS NULL OR site_id = $1) AND ($2 IS NULL OR staff_id = $2) \
         AND ($3 IS NULL OR action = $3) AND ($4 IS NULL OR at >= $4) \
         AND ($5 IS NULL OR at < $5) \
         ORDER BY at DESC, id DESC LIMIT $6",
    )
    .bind(filter.site_id.as_deref())
    .bind(filter.staff_id.as_deref())
    .bind(filter.action.as_deref())
    .bind(filter.from)
    .bind(filter.to)
    .bind(MAX_ENTRIES)
    .fetch_all(pool)
    .await
}
