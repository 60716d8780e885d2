//! What the examples share: reading arguments, and a seeded random game.
#![allow(dead_code)]

use std::process::ExitCode;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari::{GameRecord, GameState, Setup};

/// The outcome of an example: success, or a message and an exit code (2 for
/// bad arguments, 1 for a failure).
pub enum Failure {
    /// Bad command-line arguments: the message, then the usage; exit code 2.
    Usage(String),
    /// Something went wrong: the message; exit code 1.
    Failed(String),
}

impl From<lexopt::Error> for Failure {
    fn from(e: lexopt::Error) -> Failure {
        Failure::Usage(e.to_string())
    }
}

/// Runs `main` and turns its outcome into a process exit code. `--help` is
/// handled by the examples themselves (they print `usage` and return).
pub fn exit(name: &str, usage: &str, outcome: Result<(), Failure>) -> ExitCode {
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(e)) => {
            eprintln!("{name}: {e}\n{usage}");
            ExitCode::from(2)
        }
        Err(Failure::Failed(e)) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The value of a numeric option.
pub fn number<T: std::str::FromStr>(parser: &mut lexopt::Parser, flag: &str) -> Result<T, Failure>
where
    T::Err: std::fmt::Display,
{
    let value = parser.value()?;
    let text = value.to_string_lossy().into_owned();
    text.parse()
        .map_err(|e| Failure::Usage(format!("{flag} {text:?}: {e}")))
}

/// A game played to its end from `seed` by uniformly random players (chance
/// by its weights), as a record.
pub fn random_record(seed: u64, players: usize) -> Result<GameRecord, Failure> {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    let setup = Setup::new(players);
    let mut state = GameState::new(&setup).map_err(|e| Failure::Usage(e.to_string()))?;
    let mut record = GameRecord::new(setup);
    loop {
        let played = state
            .play_chance(Sampled(&mut rng))
            .map_err(|e| Failure::Failed(e.to_string()))?;
        record.moves.extend(played.moves());
        state = played.state;
        if state.is_over() {
            break;
        }
        let moves = state.legal_moves();
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        state = state.apply(mv).map_err(|e| Failure::Failed(e.to_string()))?.0;
        record.moves.push(mv);
    }
    Ok(record)
}

/// Where an example's game comes from: a JSON record FILE, or a seeded random
/// game (`--seed S`, `--players N`).
#[derive(Default)]
pub struct Source {
    /// The record's file.
    pub file: Option<String>,
    /// The random game's seed (default 1).
    pub seed: Option<u64>,
    /// The random game's players (default 2).
    pub players: Option<usize>,
}

impl Source {
    /// The record, and a name for messages.
    pub fn record(&self) -> Result<(GameRecord, String), Failure> {
        match &self.file {
            Some(path) => {
                if self.seed.is_some() || self.players.is_some() {
                    return Err(Failure::Usage(
                        "--seed and --players are for random games, not a FILE".into(),
                    ));
                }
                let text =
                    std::fs::read_to_string(path).map_err(|e| Failure::Failed(format!("{path}: {e}")))?;
                let record = serde_json::from_str::<GameRecord>(&text)
                    .map_err(|e| Failure::Failed(format!("{path}: not a game record: {e}")))?;
                Ok((record, path.clone()))
            }
            None => Ok((
                random_record(self.seed.unwrap_or(1), self.players.unwrap_or(2))?,
                "the random game".into(),
            )),
        }
    }
}

/// Writes a line to standard output. When the reader has gone away (a closed
/// pipe, as in `selfplay --trace | head`), the example stops quietly with
/// success instead of panicking; any other write error ends it with code 1.
pub fn say(line: std::fmt::Arguments) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(line).and_then(|()| out.write_all(b"\n")) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("cannot write to standard output: {e}");
        std::process::exit(1);
    }
}
