//! `carcassonne-safari-server`: serves the lobby, the games and the browser
//! game's page (`--help` lists the flags).

use clap::Parser;
use tracing_subscriber::EnvFilter;

use carcassonne_safari_server::{Config, Server};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = Config::parse();
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let server = match Server::start(config).await {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(error = %e, "the server did not start");
            return std::process::ExitCode::FAILURE;
        }
    };
    // The first line on standard output is the address, for scripts and tests.
    println!("listening on http://{}", server.addr());
    shutdown_signal().await;
    tracing::info!("stopping: closing connections");
    server.stop().await;
    std::process::ExitCode::SUCCESS
}

/// Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {}
        _ = terminate => {}
    }
}
