//! Why the database failed.

/// Why the database failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed a query, or could not be reached.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The migrations could not be applied.
    #[error("database migrations: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// The URL names no database this server supports.
    #[error("unsupported database URL (expected sqlite:PATH or postgres://...)")]
    Url,
    /// The task that commits moves has stopped (the server is stopping).
    #[error("the database writer has stopped")]
    WriterGone,
    /// A stored value does not read back (the database was changed by hand).
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// The group commit this append was part of failed (the database's
    /// error); nothing of the group was stored.
    #[error("group commit failed: {0}")]
    Write(String),
}
