//! The two databases behind one type: a pool of either, and the macro that
//! runs the same query code on whichever it is.

use sqlx::postgres::PgPool;
use sqlx::sqlite::SqlitePool;

/// A pool of one of the databases.
#[derive(Clone)]
pub(super) enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same code on whichever pool (or connection) `$db` holds: `$x`
/// names it inside `$body`, which is compiled once per backend.
macro_rules! on {
    ($db:expr, $x:ident => $body:expr) => {
        match $db {
            Db::Sqlite($x) => $body,
            Db::Postgres($x) => $body,
        }
    };
}

pub(crate) use on;
