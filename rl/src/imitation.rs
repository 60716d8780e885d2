//! Labelled decisions for imitation learning.
//!
//! A game is played by [`Seat`]s; at every player decision with more than one
//! legal move the decision is recorded: the features of each legal move
//! ([`move_features`]) and the [`Teacher`]'s value of each: the two-ply bot's
//! ([`TwoPly::move_values`], the teacher of the shipped model) or the one-ply
//! bot's ([`teacher_values`], its expected margin at the end of the turn).
//! The teacher's values are computed whoever plays, so a game the learner
//! plays is labelled as densely as one the teacher plays.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::str::FromStr;

use carcassonne_safari::chance::Sampled;
use carcassonne_safari::rand_core::{RngCore, SeedableRng};
use carcassonne_safari::{Actor, GameState, Move, Setup};
use carcassonne_safari_bots::learned::{
    feature_evaluation, move_features, teacher_values, Model, ModelError, FEATURES,
};
use carcassonne_safari_bots::lookahead::best_index;
use carcassonne_safari_bots::{arena, Bot, BotRng, Greedy, TwoPly};

/// Who plays a seat of a recorded game.
#[derive(Clone, Debug)]
pub enum Seat {
    /// The teacher: the move with the best teacher value ([`Teacher`]).
    Teacher,
    /// The bots crate's [`Greedy`]: the best line of its own turn.
    Greedy,
    /// The policy with this model: the move with the highest logit.
    Learner(Model),
}

/// Who labels the moves of a recorded decision with their values (and
/// plays the [`Seat::Teacher`] seats: the move it values most).
#[derive(Clone, Debug)]
pub enum Teacher {
    /// The one-ply bot ([`teacher_values`]): each move's margin at the end
    /// of the turn, the rest of the turn played by its look-ahead.
    OnePly,
    /// The two-ply bot with the features' evaluation ([`feature_evaluation`])
    /// weighing this many of the one-ply bot's best moves against the next
    /// player's replies ([`TwoPly::move_values`]).
    TwoPly(usize),
}

/// A name that is not a teacher's ([`Teacher::from_str`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a teacher: the teachers are oneply, twoply and twoply:W (W at least 1)")]
pub struct UnknownTeacher(pub String);

impl FromStr for Teacher {
    type Err = UnknownTeacher;

    /// The teacher named `name`: `oneply`, `twoply` (the two-ply bot's
    /// default width) or `twoply:W` (width `W`, at least 1).
    ///
    /// ```
    /// use carcassonne_safari_rl::imitation::Teacher;
    /// assert!(matches!("twoply:3".parse(), Ok(Teacher::TwoPly(3))));
    /// assert!("twoply:0".parse::<Teacher>().is_err());
    /// ```
    ///
    /// # Errors
    /// [`UnknownTeacher`] for any other name.
    fn from_str(name: &str) -> Result<Teacher, UnknownTeacher> {
        let width = || -> Option<usize> { name.strip_prefix("twoply:")?.parse().ok().filter(|&w| w >= 1) };
        match name {
            "oneply" => Ok(Teacher::OnePly),
            "twoply" => Ok(Teacher::TwoPly(TwoPly::DEFAULT_WIDTH)),
            _ => width()
                .map(Teacher::TwoPly)
                .ok_or_else(|| UnknownTeacher(name.to_string())),
        }
    }
}

/// A model's text file that cannot be used ([`read_model`]).
#[derive(Debug, thiserror::Error)]
pub enum ModelFileError {
    /// The file cannot be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The file system's error.
        source: io::Error,
    },
    /// The text is not a model of [`FEATURES`] features.
    #[error("{}: {source}", path.display())]
    Model {
        /// The file.
        path: PathBuf,
        /// Why `Model::parse` refused it.
        source: ModelError,
    },
}

/// The model in the text file `path` (as `Model::parse` reads it), of
/// [`FEATURES`] features.
///
/// # Errors
/// [`ModelFileError`] when the file cannot be read or is not such a model.
pub fn read_model(path: &Path) -> Result<Model, ModelFileError> {
    let text = std::fs::read_to_string(path).map_err(|source| ModelFileError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    Model::parse(&text, FEATURES).map_err(|source| ModelFileError::Model {
        path: path.to_path_buf(),
        source,
    })
}

impl FromStr for Seat {
    type Err = ModelFileError;

    /// The seat named `name`: `teacher`, `greedy`, or the path of a model's
    /// text file (the learner with that model, [`read_model`]).
    ///
    /// # Errors
    /// [`ModelFileError`] when `name` is neither `teacher` nor `greedy` and
    /// not a model's file.
    fn from_str(name: &str) -> Result<Seat, ModelFileError> {
        match name {
            "teacher" => Ok(Seat::Teacher),
            "greedy" => Ok(Seat::Greedy),
            path => read_model(Path::new(path)).map(Seat::Learner),
        }
    }
}

/// A teacher ready to label: the one-ply bot's evaluation, or the two-ply
/// bot.
enum Labeller {
    OnePly(carcassonne_safari_bots::eval::Evaluation),
    TwoPly(TwoPly),
}

impl Labeller {
    fn new(teacher: &Teacher, seed: u64) -> Labeller {
        match *teacher {
            Teacher::OnePly => Labeller::OnePly(feature_evaluation()),
            Teacher::TwoPly(width) => {
                Labeller::TwoPly(TwoPly::with_evaluation(feature_evaluation(), seed).with_width(width))
            }
        }
    }

    fn values(&mut self, state: &GameState, moves: &[Move], values: &mut [f32]) {
        match self {
            Labeller::OnePly(eval) => teacher_values(eval, state, moves, values),
            Labeller::TwoPly(bot) => bot.move_values(state, moves, values),
        }
    }
}

/// The recorded decisions of some games, in memory.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Decisions {
    /// [`FEATURES`] numbers per recorded move (see `keep`: the best moves and
    /// a sample of the others), the moves of each decision in turn, in the
    /// order of [`GameState::legal_moves`].
    pub features: Vec<f32>,
    /// The teacher's value of each of those moves.
    pub values: Vec<f32>,
    /// The number of recorded moves of each decision.
    pub moves: Vec<u32>,
    /// The index (among the recorded moves) of the move played at each
    /// decision; `u32::MAX` when it is not one of them.
    pub played: Vec<u32>,
    /// Each decision's outcome for the player deciding: 1 for a win, 0 for a
    /// loss, 1/k for a first place shared by k.
    pub outcome: Vec<f32>,
}

impl Decisions {
    /// Appends `other`'s decisions.
    pub fn extend(&mut self, other: Decisions) {
        self.features.extend(other.features);
        self.values.extend(other.values);
        self.moves.extend(other.moves);
        self.played.extend(other.played);
        self.outcome.extend(other.outcome);
    }

    /// Writes the five arrays, little-endian, each to `dir/NAME.bin`
    /// (`features` and `values` as f32, `moves` and `played` as u32,
    /// `outcome` as f32).
    ///
    /// # Errors
    /// The file system's.
    pub fn write(&self, dir: &std::path::Path) -> io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let f32s = |name: &str, xs: &[f32]| -> io::Result<()> {
            let mut w = io::BufWriter::new(std::fs::File::create(dir.join(name))?);
            xs.iter().try_for_each(|x| w.write_all(&x.to_le_bytes()))?;
            w.flush()
        };
        let u32s = |name: &str, xs: &[u32]| -> io::Result<()> {
            let mut w = io::BufWriter::new(std::fs::File::create(dir.join(name))?);
            xs.iter().try_for_each(|x| w.write_all(&x.to_le_bytes()))?;
            w.flush()
        };
        f32s("features.bin", &self.features)?;
        f32s("values.bin", &self.values)?;
        u32s("moves.bin", &self.moves)?;
        u32s("played.bin", &self.played)?;
        f32s("outcome.bin", &self.outcome)
    }
}

/// The moves of a decision recorded: the [`KEEP_BEST`] best by the teacher's
/// values and [`KEEP_OTHERS`] others drawn uniformly (all of them when there
/// are fewer), so that decisions with hundreds of ranger moves do not swamp
/// the data. Indices into the decision's legal moves, ascending.
fn keep(values: &[f32], rng: &mut BotRng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    if order.len() <= KEEP_BEST + KEEP_OTHERS {
        return order;
    }
    order.sort_by(|&a, &b| values[b].total_cmp(&values[a]).then(a.cmp(&b)));
    let (best, rest) = order.split_at_mut(KEEP_BEST);
    let mut kept = best.to_vec();
    for k in 0..KEEP_OTHERS {
        let j = k + (rng.next_u64() % (rest.len() - k) as u64) as usize;
        rest.swap(k, j);
        kept.push(rest[k]);
    }
    kept.sort_unstable();
    kept
}

/// The best moves (by the teacher's values) a recorded decision keeps.
pub const KEEP_BEST: usize = 8;
/// The other moves, drawn at random, a recorded decision keeps.
pub const KEEP_OTHERS: usize = 16;

/// Plays one game of `seats.len()` players seeded with `seed`, labelled by
/// `teacher`, and appends its decisions to `out`. With probability `epsilon`
/// a decision's move is a uniformly random legal one instead (recorded all the same), so that the
/// data holds positions off the players' paths. Chance is sampled by weight
/// from a generator seeded with `seed`.
///
/// # Panics
/// When the engine refuses `seats.len()` players ([`Setup::validate`]: the
/// game takes 2 to 5), with the engine's message.
pub fn record_game(seats: &[Seat], teacher: &Teacher, seed: u64, epsilon: f64, out: &mut Decisions) {
    let players = seats.len();
    let mut chance = BotRng::seed_from_u64(seed);
    let mut coin = BotRng::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut greedy = Greedy::with_seed(seed);
    // The evaluation of the model's features (and of the teachers).
    let mut eval = feature_evaluation();
    let mut labeller = Labeller::new(teacher, seed);
    let mut state = GameState::new(&Setup::new(players)).unwrap_or_else(|e| panic!("record_game: {e}"));
    let first = out.moves.len();
    let mut seat_of = Vec::new();
    let mut logits = Vec::new();
    let mut values = Vec::new();
    let mut rows = Vec::new();
    let (mut draws, mut events) = (Vec::new(), Vec::new());
    loop {
        draws.clear();
        events.clear();
        state
            .play_chance_mut(Sampled(&mut chance), &mut draws, &mut events)
            .expect("a chance node has outcomes");
        let Some(Actor::Player(p)) = state.to_move() else {
            break;
        };
        let moves = state.legal_moves();
        let mv = if moves.len() == 1 {
            moves[0]
        } else {
            rows.clear();
            move_features(&mut eval, &state, &moves, &mut rows);
            values.resize(moves.len(), 0.0);
            labeller.values(&state, &moves, &mut values);
            let pick = if (coin.next_u64() as f64) < epsilon * u64::MAX as f64 {
                (coin.next_u64() % moves.len() as u64) as usize
            } else {
                match &seats[p.index()] {
                    Seat::Teacher => best_index(&values, &mut coin).unwrap_or(0),
                    Seat::Greedy => {
                        let mv: Move = greedy.choose(&state).expect("a player decision");
                        moves.iter().position(|&m| m == mv).unwrap_or(0)
                    }
                    Seat::Learner(model) => {
                        model.logits(&rows, &mut logits);
                        best_index(&logits, &mut coin).unwrap_or(0)
                    }
                }
            };
            let kept = keep(&values, &mut coin);
            for &i in &kept {
                out.features
                    .extend_from_slice(&rows[i * FEATURES..(i + 1) * FEATURES]);
                out.values.push(values[i]);
            }
            out.moves.push(kept.len() as u32);
            out.played.push(
                kept.iter()
                    .position(|&i| i == pick)
                    .map_or(u32::MAX, |i| i as u32),
            );
            seat_of.push(p.index());
            moves[pick]
        };
        state = state.play(mv).expect("legal moves apply");
    }
    let shares = state.win_shares().unwrap_or_default();
    for seat in seat_of {
        out.outcome.push(shares.get(seat).map_or(0.0, |&v| v as f32));
    }
    debug_assert_eq!(out.outcome.len(), out.moves.len());
    debug_assert!(out.moves.len() >= first);
}

/// Records the games of seeds `seeds` labelled by `teacher` on `threads`
/// threads, the seats of each
/// game rotated by its seed (game `i` seats `seats[(s + i) % n]` at seat `s`),
/// and returns their decisions in the order of `seeds`.
pub fn record_games(
    seats: &[Seat],
    teacher: &Teacher,
    seeds: std::ops::Range<u64>,
    epsilon: f64,
    threads: usize,
) -> Decisions {
    let n = seats.len();
    let first = seeds.start;
    let parts = arena::run(
        seeds.count(),
        threads,
        |i| {
            let seed = first + i as u64;
            let rotated: Vec<Seat> = (0..n).map(|s| seats[(s + seed as usize) % n].clone()).collect();
            let mut out = Decisions::default();
            record_game(&rotated, teacher, seed, epsilon, &mut out);
            Ok::<_, core::convert::Infallible>(out)
        },
        |_, _| {},
    );
    let mut all = Decisions::default();
    for p in parts.unwrap_or_else(|never| match never {}) {
        all.extend(p);
    }
    all
}

/// The number of features per move (re-exported for the data's readers).
pub const FEATURES_PER_MOVE: usize = FEATURES;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_game_is_consistent() {
        let mut d = Decisions::default();
        record_game(&[Seat::Teacher, Seat::Greedy], &Teacher::OnePly, 5, 0.1, &mut d);
        let total: usize = d.moves.iter().map(|&m| m as usize).sum();
        assert!(
            d.moves.len() > 72,
            "at least a decision per tile: {}",
            d.moves.len()
        );
        assert_eq!(d.values.len(), total);
        assert_eq!(d.features.len(), total * FEATURES);
        assert_eq!(d.outcome.len(), d.moves.len());
        assert!(d.moves.iter().all(|&m| m >= 2));
        assert!(d.moves.iter().all(|&m| m as usize <= KEEP_BEST + KEEP_OTHERS));
        assert!(d
            .played
            .iter()
            .zip(&d.moves)
            .all(|(&p, &m)| p < m || p == u32::MAX));
        // Two players, one game: the outcomes of a seat's decisions are equal
        // and the two seats' outcomes sum to 1.
        let won: Vec<f32> = d.outcome.clone();
        assert!(won.iter().all(|&o| o == 0.0 || o == 0.5 || o == 1.0));
    }

    #[test]
    #[should_panic(expected = "6 players: the game takes 2 to 5")]
    fn a_game_of_six_is_refused_with_the_engines_message() {
        record_game(
            &vec![Seat::Greedy; 6],
            &Teacher::OnePly,
            1,
            0.0,
            &mut Decisions::default(),
        );
    }

    #[test]
    fn five_players_are_recorded() {
        let mut d = Decisions::default();
        record_game(&vec![Seat::Greedy; 5], &Teacher::OnePly, 2, 0.0, &mut d);
        assert!(!d.moves.is_empty());
        assert_eq!(d.outcome.len(), d.moves.len());
    }

    #[test]
    fn recording_is_reproducible_and_thread_independent() {
        let seats = [Seat::Teacher, Seat::Greedy];
        let a = record_games(&seats, &Teacher::OnePly, 0..4, 0.05, 1);
        let b = record_games(&seats, &Teacher::OnePly, 0..4, 0.05, 2);
        assert_eq!(a.moves.iter().sum::<u32>(), b.moves.iter().sum::<u32>());
        assert_eq!(a.moves.len(), b.moves.len());
    }

    #[test]
    fn teachers_by_name() {
        assert!(matches!("oneply".parse(), Ok(Teacher::OnePly)));
        assert!(matches!("twoply".parse(), Ok(Teacher::TwoPly(w)) if w == TwoPly::DEFAULT_WIDTH));
        assert!(matches!("twoply:3".parse(), Ok(Teacher::TwoPly(3))));
        for refused in ["twoply:0", "twoply:", "twoply:x", "threeply", ""] {
            assert_eq!(
                refused.parse::<Teacher>().unwrap_err(),
                UnknownTeacher(refused.to_string()),
                "{refused:?} is not a teacher"
            );
        }
    }

    #[test]
    fn seats_by_name_and_a_model_file_that_is_not_one_is_refused_by_path() {
        assert!(matches!("teacher".parse(), Ok(Seat::Teacher)));
        assert!(matches!("greedy".parse(), Ok(Seat::Greedy)));
        let missing = "no/such/model.txt".parse::<Seat>().unwrap_err();
        assert!(matches!(missing, ModelFileError::Read { .. }), "{missing:?}");
        assert!(
            missing.to_string().starts_with("no/such/model.txt: "),
            "{missing}"
        );
        let dir = std::env::temp_dir().join(format!("rl-seat-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.txt");
        std::fs::write(&bad, "learned-policy 1 features 3").unwrap();
        let refused = bad.to_str().unwrap().parse::<Seat>().unwrap_err();
        assert!(matches!(refused, ModelFileError::Model { .. }), "{refused:?}");
        let good = dir.join("net.txt");
        std::fs::write(&good, carcassonne_safari_bots::learned::MODEL).unwrap();
        assert!(matches!(good.to_str().unwrap().parse(), Ok(Seat::Learner(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// The decisions of one game, each as its recorded values and the index
    /// of the move played.
    fn decisions(d: &Decisions) -> Vec<(&[f32], u32)> {
        let mut at = 0;
        d.moves
            .iter()
            .zip(&d.played)
            .map(|(&m, &p)| {
                let values = &d.values[at..at + m as usize];
                at += m as usize;
                (values, p)
            })
            .collect()
    }

    #[test]
    fn a_teacher_seat_plays_the_move_its_teacher_values_most() {
        for teacher in [Teacher::OnePly, Teacher::TwoPly(1)] {
            let mut d = Decisions::default();
            record_game(&[Seat::Teacher, Seat::Teacher], &teacher, 3, 0.0, &mut d);
            let all = decisions(&d);
            // The played move is among the kept ones unless more than
            // KEEP_BEST moves tie for the best (many equal ranger moves).
            let kept: Vec<_> = all.iter().filter(|(_, p)| *p != u32::MAX).collect();
            assert!(
                kept.len() * 10 >= all.len() * 9,
                "{teacher:?}: {} of {} played moves kept",
                kept.len(),
                all.len()
            );
            for (values, played) in kept {
                let best = values.iter().copied().fold(f32::MIN, f32::max);
                // Equal within 1e-4 are ties, told apart by a coin (`lookahead::best_index`).
                let value = values[*played as usize];
                assert!(
                    value >= best - 1e-4,
                    "{teacher:?}: played {value}, the best {best}"
                );
            }
        }
    }

    #[test]
    fn the_two_ply_teacher_labels_otherwise_than_the_one_ply_teacher() {
        // The same game (greedy plays both seats), labelled by each teacher:
        // the two-ply values count the next player's replies, so they differ.
        let (mut one, mut two) = (Decisions::default(), Decisions::default());
        record_game(&[Seat::Greedy, Seat::Greedy], &Teacher::OnePly, 4, 0.0, &mut one);
        record_game(
            &[Seat::Greedy, Seat::Greedy],
            &Teacher::TwoPly(2),
            4,
            0.0,
            &mut two,
        );
        assert_eq!(one.moves.len(), two.moves.len(), "the same decisions");
        let differ = one
            .values
            .iter()
            .zip(&two.values)
            .filter(|(a, b)| (*a - *b).abs() > 1e-3)
            .count();
        assert!(
            differ > one.values.len() / 2,
            "{differ} of {} values differ",
            one.values.len()
        );
    }
}
