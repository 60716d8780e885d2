//! Final rewards from final scores, shared by the OpenSpiel game, the
//! PettingZoo environment (through `carcassonne_safari.rewards`) and the
//! vectorised environment.
//!
//! - `win`: zero-sum wins from the engine's win shares
//!   (`carcassonne_safari::rules::win_shares`). With `n` players of whom `k`
//!   share the highest score, each leader gets `(n - k) / (k (n - 1))` and every other player
//!   `-1 / (n - 1)`: a sole winner 1, a loser of a 2-player game -1, a tie of
//!   everybody 0.
//! - `score_diff`: the player's score minus the mean of the other players'
//!   scores (zero-sum).
//! - `score`: the player's own score (general-sum).

use carcassonne_safari::rules;

/// How a finished game's scores become a seat's reward (the module's
/// list: `win`, `score_diff`, `score`, as [`MODES`] names them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Zero-sum wins.
    Win,
    /// Own score minus the others' mean.
    ScoreDiff,
    /// Own score.
    Score,
}

/// The modes' names, in order.
pub const MODES: [&str; 3] = ["win", "score_diff", "score"];

/// A reward mode's name that is none of [`MODES`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownMode(pub String);

impl std::fmt::Display for UnknownMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown reward mode {:?}; known: {}", self.0, MODES.join(", "))
    }
}

impl std::error::Error for UnknownMode {}

impl std::str::FromStr for Mode {
    type Err = UnknownMode;
    fn from_str(s: &str) -> Result<Mode, UnknownMode> {
        match s {
            "win" => Ok(Mode::Win),
            "score_diff" => Ok(Mode::ScoreDiff),
            "score" => Ok(Mode::Score),
            _ => Err(UnknownMode(s.to_owned())),
        }
    }
}

/// Player `seat`'s reward for `scores` under `mode` (`seat < scores.len()`,
/// at least two players).
pub fn reward(scores: &[u32], seat: usize, mode: Mode) -> f64 {
    let n = scores.len() as f64;
    let own = scores[seat] as f64;
    match mode {
        Mode::Score => own,
        Mode::ScoreDiff => {
            let total: f64 = scores.iter().map(|&s| s as f64).sum();
            own - (total - own) / (n - 1.0)
        }
        Mode::Win => {
            // The engine's shares: 1/k to each of the k leaders, 0 to the others.
            let shares = rules::win_shares(scores);
            let k = shares.iter().filter(|&&w| w > 0.0).count() as f64;
            if shares[seat] > 0.0 {
                (n - k) / (k * (n - 1.0))
            } else {
                -1.0 / (n - 1.0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_rewards_are_zero_sum_and_share_ties() {
        // Two players: the winner 1, the loser -1; a tie 0 each.
        assert_eq!(reward(&[10, 7], 0, Mode::Win), 1.0);
        assert_eq!(reward(&[10, 7], 1, Mode::Win), -1.0);
        assert_eq!(reward(&[9, 9], 0, Mode::Win), 0.0);
        // Three players, two leaders: (3 - 2) / (2 * 2) = 0.25 each, the other -0.5.
        let r: Vec<f64> = (0..3).map(|s| reward(&[5, 8, 8], s, Mode::Win)).collect();
        assert_eq!(r, [-0.5, 0.25, 0.25]);
    }

    #[test]
    fn win_rewards_follow_the_engines_shares_for_every_table() {
        // Every player count and number of leaders: the leaders' reward is
        // (n - k) / (k (n - 1)) exactly, the others' -1 / (n - 1), the sum 0.
        for n in 2..=5usize {
            for k in 1..=n {
                let scores: Vec<u32> = (0..n).map(|s| if s < k { 50 } else { 20 + s as u32 }).collect();
                let r: Vec<f64> = (0..n).map(|s| reward(&scores, s, Mode::Win)).collect();
                let (nf, kf) = (n as f64, k as f64);
                for (s, &v) in r.iter().enumerate() {
                    let want = if s < k {
                        (nf - kf) / (kf * (nf - 1.0))
                    } else {
                        -1.0 / (nf - 1.0)
                    };
                    assert_eq!(v, want, "{n} players, {k} leaders, seat {s}");
                }
                assert!(r.iter().sum::<f64>().abs() < 1e-12, "{n} players, {k} leaders");
            }
        }
        assert_eq!(reward(&[0, 0], 1, Mode::Win), 0.0);
        assert_eq!(reward(&[3, 0, 3, 0, 3], 3, Mode::Win), -0.25);
    }

    #[test]
    fn score_diff_is_own_score_minus_the_others_mean() {
        assert_eq!(reward(&[10, 4, 7], 0, Mode::ScoreDiff), 10.0 - 5.5);
        assert_eq!(reward(&[10, 4, 7], 1, Mode::Score), 4.0);
    }

    #[test]
    fn unknown_modes_are_refused_by_name() {
        assert_eq!("win".parse::<Mode>(), Ok(Mode::Win));
        let e = "wins".parse::<Mode>().unwrap_err();
        assert_eq!(e, UnknownMode("wins".into()));
        assert!(e.to_string().contains("score_diff"));
    }
}
