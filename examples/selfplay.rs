//! Plays seeded random games of Carcassonne: Safari.
//!
//! ```text
//! cargo run --release --example selfplay -- --seed S --players N [--trace] [--games G]
//! ```
//!
//! The policy is the reference random policy of `docs/decisions.md`: chance
//! outcomes by their weight; a player picks a
//! move kind (the first word of the notation) uniformly among the kinds of the
//! legal moves, then a move of that kind uniformly. `--trace` prints one JSON line
//! per decision before applying it, then the final line; `--games G` plays G games
//! from seed S on and prints only aggregates.

mod support;

use std::process::ExitCode;
use std::time::Instant;

use carcassonne_safari::chance::{ChanceSource, Sampled};
use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{
    policy::KindFirstRandom as RandomPolicy, Actor, ChanceError, GameState, Move, Setup,
};
use rand_pcg::Pcg64Mcg;
use support::{exit, number, Failure};

struct Args {
    seed: u64,
    players: usize,
    trace: bool,
    games: Option<u64>,
}

const USAGE: &str = "usage: selfplay [--seed S] [--players N] [--trace | --games G]
  --seed S     the seed (default 0); with --games, the first of G seeds
  --players N  players, 2 to 5 (default 2)
  --trace      print one JSON line per decision, then the final scores
  --games G    play G games (seeds S, S+1, ...) and print aggregates";

/// The arguments, or `None` after `--help`.
fn parse_args() -> Result<Option<Args>, Failure> {
    use lexopt::prelude::*;
    let mut args = Args {
        seed: 0,
        players: 2,
        trace: false,
        games: None,
    };
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("seed") => args.seed = number(&mut parser, "--seed")?,
            Long("players") => args.players = number(&mut parser, "--players")?,
            Long("games") => args.games = Some(number(&mut parser, "--games")?),
            Long("trace") => args.trace = true,
            Short('h') | Long("help") => {
                support::say(format_args!("{USAGE}"));
                return Ok(None);
            }
            _ => return Err(arg.unexpected().into()),
        }
    }
    if !(2..=5).contains(&args.players) {
        return Err(Failure::Usage(format!(
            "--players {}: the game takes 2 to 5",
            args.players
        )));
    }
    if args.trace && args.games.is_some() {
        return Err(Failure::Usage(
            "--trace traces one game; it cannot be combined with --games".into(),
        ));
    }
    Ok(Some(args))
}

struct Outcome {
    scores: Vec<u32>,
    winners: Vec<usize>,
    turns: usize,
    decisions: usize,
}

/// Prints the trace line of a decision: the step, the actor, the number of
/// legal moves, the move and the scores before it.
fn trace_line(step: usize, actor: Actor, state: &GameState, mv: Move) {
    let scores: Vec<String> = state.scores().iter().map(|s| s.to_string()).collect();
    support::say(format_args!(
        "{{\"step\":{step},\"actor\":\"{actor}\",\"legal\":{},\"move\":\"{mv}\",\"scores\":[{}]}}",
        state.legal_moves().len(),
        scores.join(",")
    ));
}

/// Chance by its weights from the game's generator, each draw a decision of
/// the trace.
struct TracedChance<'a> {
    rng: &'a mut Pcg64Mcg,
    trace: bool,
    decisions: &'a mut usize,
}

impl ChanceSource for TracedChance<'_> {
    fn draw(&mut self, state: &GameState) -> Result<Move, ChanceError> {
        let mv = Sampled(&mut *self.rng).draw(state)?;
        if self.trace {
            trace_line(*self.decisions, Actor::Chance, state, mv);
        }
        *self.decisions += 1;
        Ok(mv)
    }
}

fn play(seed: u64, players: usize, trace: bool) -> Result<Outcome, String> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(players)).map_err(|e| e.to_string())?;
    let (mut turns, mut decisions) = (0, 0);
    // In place: the game needs no earlier state, and one event buffer serves all.
    let mut events = Vec::new();
    // The reference random policy (docs/decisions.md): one buffer for all.
    let mut policy = RandomPolicy::new();
    let mut draws = Vec::new();
    loop {
        let chance = TracedChance {
            rng: &mut rng,
            trace,
            decisions: &mut decisions,
        };
        draws.clear();
        events.clear();
        state
            .play_chance_mut(chance, &mut draws, &mut events)
            .map_err(|e| e.to_string())?;
        let Some(actor) = state.to_move() else {
            break;
        };
        let mv = policy.choose(&state, &mut rng).ok_or("a player without moves")?;
        if trace {
            trace_line(decisions, actor, &state, mv);
        }
        turns += matches!(mv, Move::Place(..)) as usize;
        decisions += 1;
        events.clear();
        state.apply_mut(mv, &mut events).map_err(|e| e.to_string())?;
    }
    let winners: Vec<usize> = state.leaders().iter().map(|p| p.index()).collect();
    Ok(Outcome {
        scores: state.scores().to_vec(),
        winners,
        turns,
        decisions,
    })
}

fn join<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(",")
}

fn run() -> Result<(), Failure> {
    let Some(args) = parse_args()? else {
        return Ok(());
    };
    if let Some(games) = args.games {
        let start = Instant::now();
        let mut totals = vec![0u64; args.players];
        let mut wins = vec![0u64; args.players];
        for g in 0..games {
            let seed = args.seed.wrapping_add(g);
            let o =
                play(seed, args.players, false).map_err(|e| Failure::Failed(format!("game {seed}: {e}")))?;
            for (t, s) in totals.iter_mut().zip(&o.scores) {
                *t += *s as u64;
            }
            for w in o.winners {
                wins[w] += 1;
            }
        }
        let secs = start.elapsed().as_secs_f64();
        let means: Vec<String> = totals
            .iter()
            .map(|t| format!("{:.2}", *t as f64 / games.max(1) as f64))
            .collect();
        support::say(format_args!(
            "games {games} players {} seeds {}..{}",
            args.players,
            args.seed,
            args.seed.wrapping_add(games)
        ));
        support::say(format_args!("mean scores [{}]", means.join(",")));
        support::say(format_args!(
            "wins per seat [{}] (ties count for every winner)",
            join(&wins)
        ));
        support::say(format_args!("{:.0} games/s ({:.3} s)", games as f64 / secs, secs));
        return Ok(());
    }
    let o = play(args.seed, args.players, args.trace).map_err(Failure::Failed)?;
    if args.trace {
        support::say(format_args!(
            "{{\"final\":[{}],\"winners\":[{}]}}",
            join(&o.scores),
            join(&o.winners)
        ));
    } else {
        support::say(format_args!(
            "seed {} players {}: scores [{}] winners [{}] turns {} decisions {}",
            args.seed,
            args.players,
            join(&o.scores),
            join(&o.winners),
            o.turns,
            o.decisions
        ));
    }
    Ok(())
}

fn main() -> ExitCode {
    exit("selfplay", USAGE, run())
}
