//! Helpers shared by the web crate's native tests.

use carcassonne_safari_web::{LocalGame, Seat};

/// One seat a kind, named by default.
pub fn seats(kinds: &[&str]) -> Vec<Seat> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| Seat::parse(k, "", i).unwrap())
        .collect()
}

/// Plays `turns` bot decisions, each after the chance before it.
pub fn play_bot_turns(game: &mut LocalGame, turns: usize) {
    for _ in 0..turns {
        game.advance();
        let (mv, _) = game.bot_choice().unwrap();
        game.play_bot(&mv.to_string(), game.step()).unwrap();
    }
}
