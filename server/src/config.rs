//! The server's settings: command-line flags, each with an environment
//! variable, and embedded defaults (`--help` lists them).

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Parser;

/// The database of `cargo run -p carcassonne-safari-server`: a SQLite file in
/// the working directory, created when missing.
pub const DEFAULT_DATABASE_URL: &str = "sqlite:carcassonne-safari.db";

/// The address of `cargo run -p carcassonne-safari-server`.
pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";

/// The server's settings.
///
/// Build it from the command line with [`Config::parse`] (clap), or start from
/// [`Config::default`] in code and change fields; the environment is read
/// only by the command line.
#[derive(Parser, Clone)]
#[command(
    name = "carcassonne-safari-server",
    version,
    about = "A game server for Carcassonne: Safari: a lobby with invite links, authoritative \
             play over WebSockets, bots, and the browser game's page.",
    long_about = "A game server for Carcassonne: Safari: a lobby with invite links, authoritative \
                  play over WebSockets (docs/protocol.md), bots, and the browser game's page \
                  (web/www, built by `bash web/build.sh`).\n\nWith no flags it serves \
                  http://127.0.0.1:8080 and keeps its games in the SQLite file \
                  carcassonne-safari.db in the working directory. Every flag can also be set \
                  by the environment variable named with it. RUST_LOG sets the log filter \
                  (default `info`)."
)]
pub struct Config {
    /// The address and port to listen on (port 0 picks a free port; the
    /// address is printed on start).
    #[arg(long, env = "SAFARI_ADDR", default_value = DEFAULT_ADDR)]
    pub addr: SocketAddr,

    /// The database: `sqlite:PATH` (a file, created when missing) or
    /// `postgres://USER:PASSWORD@HOST:PORT/DATABASE`. Several servers may share
    /// one PostgreSQL database; moves reach every server's clients.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL, hide_env_values = true)]
    pub database_url: String,

    /// The browser game's files (`web/www`, built by `bash web/build.sh`),
    /// served at `/`.
    #[arg(long, env = "SAFARI_STATIC_DIR", default_value_os_t = default_static_dir())]
    pub static_dir: PathBuf,

    /// Web page origins allowed to open a game's WebSocket or change the lobby
    /// (`https://example.org`), comma-separated. The server's own origin (its
    /// `Host`) is always allowed; requests without an `Origin` header (not
    /// from a browser) are allowed.
    #[arg(long, env = "SAFARI_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origins: Vec<String>,

    /// The largest protocol message taken, in bytes; a larger one is answered
    /// with a `too_large` error.
    #[arg(long, env = "SAFARI_MAX_MESSAGE_BYTES", default_value_t = 4096)]
    pub max_message_bytes: usize,

    /// The largest WebSocket message read at all, in bytes; a larger one
    /// closes the connection (abuse).
    #[arg(long, env = "SAFARI_MAX_FRAME_BYTES", default_value_t = 65536)]
    pub max_frame_bytes: usize,

    /// Messages a connection may send per second, on average; a connection
    /// that sends faster than this (past the burst) is closed.
    #[arg(long, env = "SAFARI_RATE_LIMIT", default_value_t = 50)]
    pub rate_limit: u32,

    /// Messages a connection may send at once above the rate.
    #[arg(long, env = "SAFARI_RATE_BURST", default_value_t = 100)]
    pub rate_burst: u32,

    /// Seconds between the server's WebSocket pings; a connection silent for
    /// three of them is closed.
    #[arg(long, env = "SAFARI_HEARTBEAT_SECS", default_value_t = 20)]
    pub heartbeat_secs: u64,

    /// Unfinished games the server keeps at most; creating more is refused.
    #[arg(long, env = "SAFARI_MAX_GAMES", default_value_t = 10_000)]
    pub max_games: usize,

    /// Open WebSocket connections at most.
    #[arg(long, env = "SAFARI_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,

    /// Games that may be created per minute, from all clients together.
    #[arg(long, env = "SAFARI_CREATES_PER_MINUTE", default_value_t = 6_000)]
    pub creates_per_minute: u32,

    /// Updates a client may fall behind before it is sent a full state
    /// instead (resync).
    #[arg(long, env = "SAFARI_SEND_QUEUE", default_value_t = 64)]
    pub send_queue: usize,

    /// Seconds a person may take for a decision before a bot takes the seat,
    /// for games that do not say (0: never). The person's seat token takes it
    /// back.
    #[arg(long, env = "SAFARI_IDLE_SECS", default_value_t = 600)]
    pub idle_secs: u64,

    /// Seconds a take-back waits for the other people's answers before it
    /// lapses.
    #[arg(long, env = "SAFARI_TAKEBACK_SECS", default_value_t = 60)]
    pub takeback_secs: u64,

    /// The bot that takes an idle person's seat, for games that do not say.
    #[arg(long, env = "SAFARI_IDLE_BOT", default_value = "greedy")]
    pub idle_bot: String,

    /// Bots thinking at once (each on a thread of its own, off the network
    /// threads); 0 uses the number of cores.
    #[arg(long, env = "SAFARI_BOT_THREADS", default_value_t = 0)]
    pub bot_threads: usize,

    /// The longest time budget a bot may be given (`mcts:ms=N`), in ms.
    #[arg(long, env = "SAFARI_BOT_MAX_MS", default_value_t = 2000)]
    pub bot_max_ms: u64,

    /// The largest iteration budget a bot may be given (`mcts:it=N`).
    #[arg(long, env = "SAFARI_BOT_MAX_ITERATIONS", default_value_t = 20_000)]
    pub bot_max_iterations: u32,

    /// Database connections in the pool (readers; moves are written by one
    /// connection that commits them in groups).
    #[arg(long, env = "SAFARI_DB_CONNECTIONS", default_value_t = 8)]
    pub db_connections: u32,
}

/// `web/www` of this repository (the default of `--static-dir`).
fn default_static_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../web/www"))
}

impl Default for Config {
    /// The defaults of the command line, without reading the environment.
    fn default() -> Config {
        Config {
            addr: DEFAULT_ADDR.parse().expect("the default address parses"),
            database_url: DEFAULT_DATABASE_URL.into(),
            static_dir: default_static_dir(),
            allowed_origins: Vec::new(),
            max_message_bytes: 4096,
            max_frame_bytes: 65536,
            rate_limit: 50,
            rate_burst: 100,
            heartbeat_secs: 20,
            max_games: 10_000,
            max_connections: 10_000,
            creates_per_minute: 6_000,
            send_queue: 64,
            idle_secs: 600,
            idle_bot: "greedy".into(),
            takeback_secs: 60,
            bot_threads: 0,
            bot_max_ms: 2000,
            bot_max_iterations: 20_000,
            db_connections: 8,
        }
    }
}

impl Config {
    /// The database's kind for logs (`sqlite` or `postgres`): never its URL,
    /// which may hold a path or a password.
    pub fn database_kind(&self) -> &'static str {
        if self.database_url.starts_with("postgres:") || self.database_url.starts_with("postgresql:") {
            "postgres"
        } else if self.database_url.starts_with("sqlite:") {
            "sqlite"
        } else {
            "unknown"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_defaults_are_the_default_config() {
        let parsed = Config::try_parse_from(["carcassonne-safari-server"]).unwrap();
        let default = Config::default();
        // The environment may set these two in CI; everything else must agree.
        assert_eq!(parsed.max_message_bytes, default.max_message_bytes);
        assert_eq!(parsed.max_frame_bytes, default.max_frame_bytes);
        assert_eq!(parsed.rate_limit, default.rate_limit);
        assert_eq!(parsed.rate_burst, default.rate_burst);
        assert_eq!(parsed.heartbeat_secs, default.heartbeat_secs);
        assert_eq!(parsed.max_games, default.max_games);
        assert_eq!(parsed.max_connections, default.max_connections);
        assert_eq!(parsed.creates_per_minute, default.creates_per_minute);
        assert_eq!(parsed.send_queue, default.send_queue);
        assert_eq!(parsed.idle_secs, default.idle_secs);
        assert_eq!(parsed.idle_bot, default.idle_bot);
        assert_eq!(parsed.bot_threads, default.bot_threads);
        assert_eq!(parsed.bot_max_ms, default.bot_max_ms);
        assert_eq!(parsed.bot_max_iterations, default.bot_max_iterations);
        assert_eq!(parsed.db_connections, default.db_connections);
        assert_eq!(parsed.static_dir, default.static_dir);
    }

    #[test]
    fn bad_flags_are_refused() {
        assert!(Config::try_parse_from(["s", "--addr", "nowhere"]).is_err());
        assert!(Config::try_parse_from(["s", "--rate-limit", "-3"]).is_err());
        assert!(Config::try_parse_from(["s", "--bogus"]).is_err());
    }

    #[test]
    fn the_database_kind_hides_the_url() {
        let kind = |url: &str| {
            Config {
                database_url: url.into(),
                ..Config::default()
            }
            .database_kind()
        };
        assert_eq!(kind("postgres://u:secret@h/db"), "postgres");
        assert_eq!(kind("sqlite:/var/lib/x.db"), "sqlite");
        assert_eq!(kind("mysql://h/db"), "unknown");
    }
}
