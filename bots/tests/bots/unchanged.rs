//! The bots of version 0.3.0 play exactly the moves they played before the
//! search's retired options and the look-ahead's copies were removed
//! (0.3.0), and, under their versioned names, after the evaluation was
//! learned again (0.4.0: `oneply-0.3`, `twoply-0.3` and `mcts-0.3` are the
//! `oneply`, `twoply` and `mcts` of the recorded games): 20 seeded games of
//! the bots with their default options (small search budgets), each game's
//! player moves hashed. The hashes in `tests/data/default-moves.txt` were
//! written by the crate as it was before those changes (commit d54f46e), not
//! by the code under test.

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, GameState, Setup};
use carcassonne_safari_bots::{from_spec, Bot, BotRng};

/// The games: the bots of each seat.
const GAMES: [&[&str]; 20] = [
    &["greedy", "oneply"],
    &["oneply", "twoply"],
    &["twoply", "mcts:it=50"],
    &["mcts:it=50", "net"],
    &["net", "greedy"],
    &["kindfirstrandom", "oneply"],
    &["random", "mcts:it=50"],
    &["kindfirstrandom", "twoply"],
    &["mcts:it=50", "mcts:it=50"],
    &["oneply", "oneply"],
    &["twoply", "twoply"],
    &["greedy", "kindfirstrandom"],
    &["oneply", "twoply", "mcts:it=50"],
    &["mcts:it=50", "greedy", "net"],
    &["net", "oneply", "random"],
    &["twoply", "kindfirstrandom", "mcts:it=50"],
    &["greedy", "oneply", "twoply", "mcts:it=50"],
    &["mcts:it=50", "net", "oneply", "kindfirstrandom"],
    &["oneply", "greedy", "mcts:it=50", "twoply", "net"],
    &["random", "kindfirstrandom", "greedy", "oneply", "mcts:it=50"],
];

/// The name today of the bot a recorded game calls `spec`.
fn versioned(spec: &str) -> String {
    for old in ["oneply", "twoply", "mcts"] {
        if let Some(rest) = spec.strip_prefix(old) {
            return format!("{old}-0.3{rest}");
        }
    }
    spec.into()
}

/// FNV-1a over the text of every player move of game `k`, and its final
/// scores.
fn play(k: usize) -> String {
    let specs = GAMES[k];
    let seed = 9_000 + k as u64;
    let mut bots: Vec<Box<dyn Bot + Send>> = specs
        .iter()
        .enumerate()
        .map(|(seat, s)| from_spec(&versioned(s), seed * 10 + seat as u64).expect("a known bot"))
        .collect();
    let mut chance = BotRng::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(specs.len())).expect("valid setup");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut decisions = 0;
    while let Some(actor) = state.to_move() {
        let mv = match actor {
            Actor::Chance => state.chance_outcomes().sample(&mut chance).expect("outcomes"),
            Actor::Player(p) => {
                let mv = bots[p.index()].choose(&state).expect("a decision");
                for b in mv.to_string().bytes().chain([b';']) {
                    hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
                }
                decisions += 1;
                mv
            }
        };
        state = state.play(mv).expect("legal");
    }
    format!(
        "{k} {} {decisions} {hash:016x} {:?}",
        specs.join(","),
        state.scores()
    )
}

/// Checks games `games` against the recorded lines.
fn check(games: core::ops::Range<usize>) {
    let want: Vec<&str> = include_str!("../data/default-moves.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect();
    assert_eq!(want.len(), GAMES.len());
    for k in games {
        assert_eq!(play(k), want[k], "game {k}");
    }
}

// Four tests of five games, so that the test threads share them.
#[test]
fn the_default_bots_play_as_before_in_two_player_games() {
    check(0..5);
}

#[test]
fn the_default_bots_play_as_before_in_more_two_player_games() {
    check(5..10);
}

#[test]
fn the_default_bots_play_as_before_in_two_and_three_player_games() {
    check(10..15);
}

#[test]
fn the_default_bots_play_as_before_in_three_to_five_player_games() {
    check(15..20);
}
