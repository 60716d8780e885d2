//! The forecast a UI or a server shows: each player's expected final score
//! and chance to win.

use carcassonne_safari::rules::{self, MAX_PLAYERS};
use carcassonne_safari::{GameState, PlayerId};

/// What the evaluation forecasts for a position
/// ([`Evaluation::forecast`](super::Evaluation::forecast)): each player's
/// expected final score and chance to win (a first place shared by `k`
/// players counts `1/k`, R-END-5).
///
/// Both are fitted to what happened in self-play games of the crate's bots
/// (`examples/train.rs`) and checked against other games
/// (`examples/forecast.rs`): the expected scores are unbiased at every
/// stage of the game within a few points, and among the positions given a
/// win chance near `p`, about a share `p` were won. They forecast games
/// between players of the bots' strength: against a weaker or a stronger
/// player the real chances lean its way.
///
/// Checked on 1,000 games of `oneply` against itself, 2 players, at every
/// decision (`cargo run --release -p carcassonne-safari-bots --example
/// forecast -- --bots oneply --players 2 --games 1000 --seed 50000`); in
/// brackets, version 0.3.0's evaluation on 100 such games:
///
/// | tiles placed | bias of a player's expected score | RMSE of the final margin |
/// |---|---|---|
/// | 0–12 | −1.8 (+63.0) | 26.0 (26.9) |
/// | 12–24 | +1.4 (+60.0) | 24.3 (25.6) |
/// | 24–36 | +0.4 (+56.0) | 21.9 (23.8) |
/// | 36–48 | −2.3 (+48.0) | 17.7 (21.2) |
/// | 48–60 | −2.4 (+35.9) | 12.9 (16.1) |
/// | 60–72 | +1.2 (+19.0) | 7.2 (9.4) |
///
/// | win chance | 0–0.1 | 0.1–0.2 | 0.2–0.3 | 0.3–0.4 | 0.4–0.5 | 0.5–0.6 | 0.6–0.7 | 0.7–0.8 | 0.8–0.9 | 0.9–1 |
/// |---|---|---|---|---|---|---|---|---|---|---|
/// | mean forecast | 0.029 | 0.150 | 0.251 | 0.353 | 0.453 | 0.547 | 0.647 | 0.749 | 0.850 | 0.971 |
/// | share won | 0.041 | 0.194 | 0.295 | 0.375 | 0.463 | 0.537 | 0.625 | 0.705 | 0.806 | 0.959 |
///
/// (Brier score of the win chances 0.162; 0.250 for a coin, 0.204 for the
/// scoreboard's margin alone.) `docs/experiments/2026-12-value.md` has the
/// 3- to 5-player tables and the reliability of every chance the
/// evaluation reads.
///
/// ```
/// use carcassonne_safari::{GameState, PlayerId, Setup};
/// use carcassonne_safari_bots::eval::Evaluation;
/// let state = GameState::new(&Setup::new(2)).unwrap();
/// let forecast = Evaluation::learned().forecast(&state);
/// assert_eq!(forecast.players(), 2);
/// // Nothing scored yet: an even game.
/// assert!((forecast.win(PlayerId(0)) - 0.5).abs() < 0.1);
/// assert!((forecast.win_chances().iter().sum::<f32>() - 1.0).abs() < 1e-5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Forecast {
    players: usize,
    expected: [f32; MAX_PLAYERS],
    win: [f32; MAX_PLAYERS],
}

impl Forecast {
    /// The forecast of `state` from its expected scores: once the game is
    /// over, the final scores and win shares; else a softmax of the expected
    /// scores at `scale` points.
    pub(super) fn from_expected(state: &GameState, expected: [f32; MAX_PLAYERS], scale: f32) -> Forecast {
        let players = state.players().min(MAX_PLAYERS);
        let mut win = [0.0; MAX_PLAYERS];
        if state.is_over() {
            for (w, share) in win.iter_mut().zip(rules::win_shares(state.scores())) {
                *w = share as f32;
            }
        } else {
            let top = expected[..players].iter().copied().fold(f32::MIN, f32::max);
            let mut sum = 0.0;
            for (w, &e) in win.iter_mut().zip(&expected[..players]) {
                *w = libm::expf((e - top) / scale);
                sum += *w;
            }
            for w in &mut win[..players] {
                *w /= sum;
            }
        }
        Forecast {
            players,
            expected,
            win,
        }
    }

    /// The number of players.
    pub fn players(&self) -> usize {
        self.players
    }

    /// Each player's expected final score, by seat.
    pub fn expected_scores(&self) -> &[f32] {
        &self.expected[..self.players]
    }

    /// Each player's chance to win, by seat (they sum to 1).
    pub fn win_chances(&self) -> &[f32] {
        &self.win[..self.players]
    }

    /// `player`'s expected final score (0 for a seat past the players).
    pub fn expected(&self, player: PlayerId) -> f32 {
        self.expected_scores().get(player.index()).copied().unwrap_or(0.0)
    }

    /// `player`'s chance to win (0 for a seat past the players).
    pub fn win(&self, player: PlayerId) -> f32 {
        self.win_chances().get(player.index()).copied().unwrap_or(0.0)
    }

    /// `player`'s expected margin: its expected final score minus the best
    /// other player's.
    pub fn margin(&self, player: PlayerId) -> f32 {
        margin(&self.expected, self.players, player)
    }
}

/// Each seat's score (points, or expected points), seats past the game's
/// players unused.
pub type Scores = [f32; MAX_PLAYERS];

/// `player`'s margin in `scores` of a game of `players`: its score minus the
/// best other one ([`rules::margins`](carcassonne_safari::rules::margins)'s
/// quantity, for expected scores).
pub fn margin(scores: &Scores, players: usize, player: PlayerId) -> f32 {
    let best_other = (0..players)
        .filter(|&q| q != player.index())
        .map(|q| scores[q])
        .fold(f32::MIN, f32::max);
    scores[player.index()] - if best_other == f32::MIN { 0.0 } else { best_other }
}
