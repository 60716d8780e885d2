//! The search's evaluator seam: the tree asks its evaluator for leaf values
//! and priors, and nothing else decides them.

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, GameState, Move, MoveKind, Setup};
use carcassonne_safari_bots::mcts::{Evaluator, Values};
use carcassonne_safari_bots::{Bot, BotRng, Budget, Mcts, MctsConfig};

/// A position where seat 0 places its first tile.
fn first_placement() -> GameState {
    let mut chance = BotRng::seed_from_u64(4);
    let mut state = GameState::new(&Setup::new(2)).unwrap();
    while state.to_move() == Some(Actor::Chance) {
        state = state
            .play(state.chance_outcomes().sample(&mut chance).unwrap())
            .unwrap();
    }
    assert_eq!(state.legal_kinds()[0], MoveKind::Place);
    state
}

/// Values every leaf the same, prefers one move, and counts its calls.
#[derive(Clone)]
struct Counting {
    favourite: Move,
    evaluations: u32,
    priors: u32,
}

impl Evaluator for Counting {
    fn evaluate(&mut self, _state: GameState, _rng: &mut BotRng) -> Values {
        self.evaluations += 1;
        [0.5; 5]
    }

    fn prior(&mut self, _state: &GameState, _root: bool, moves: &mut Vec<Move>, priors: &mut Vec<f32>) {
        self.priors += 1;
        priors.extend(
            moves
                .iter()
                .map(|&mv| if mv == self.favourite { 1.0 } else { 0.0 }),
        );
    }
}

#[test]
fn every_iteration_values_one_leaf_and_the_prior_orders_the_moves() {
    let state = first_placement();
    let moves = state.legal_moves();
    // The last move of the list: first only if the prior says so.
    let favourite = moves[moves.len() - 1];
    let evaluator = Counting {
        favourite,
        evaluations: 0,
        priors: 0,
    };
    // The classic search: a new node is valued where it is added.
    let mut config = MctsConfig::with_budget(Budget::Iterations(1));
    config.whole_turns = false;
    let mut bot = Mcts::with_evaluator(config, evaluator, 1);
    assert_eq!(
        bot.choose(&state).unwrap(),
        favourite,
        "one iteration tries the best prior"
    );
    assert_eq!(bot.evaluator().evaluations, 1, "one iteration, one leaf");
    assert_eq!(bot.evaluator().priors, 1, "one expansion: the root");

    let mut config = MctsConfig::with_budget(Budget::Iterations(50));
    config.widening = 0.0;
    config.prior_visits = 0.0;
    let evaluator = Counting {
        favourite,
        evaluations: 0,
        priors: 0,
    };
    let mut bot = Mcts::with_evaluator(config, evaluator, 1);
    bot.choose(&state).unwrap();
    let stats = bot.last_search().unwrap();
    assert_eq!(stats.iterations, 50);
    let visited = stats.root.iter().filter(|r| r.visits > 0).count();
    assert_eq!(
        visited,
        50.min(moves.len()),
        "without widening, every move is tried once first"
    );
    assert!(
        stats
            .root
            .iter()
            .all(|r| r.visits == 0 || (r.value - 0.5).abs() < 1e-6),
        "values come from the evaluator only"
    );
}

#[test]
fn a_prior_worth_visits_keeps_the_search_on_the_best_prior_until_values_disagree() {
    // Every leaf is worth 0.5; the favourite's prior is 1, the others' 0.
    // With priors worth 5 visits, the favourite's mean stays above 0.5 and
    // every other move's starts at 0: the search never leaves the favourite.
    let state = first_placement();
    let moves = state.legal_moves();
    let favourite = moves[moves.len() / 2];
    let evaluator = Counting {
        favourite,
        evaluations: 0,
        priors: 0,
    };
    let mut config = MctsConfig::with_budget(Budget::Iterations(50));
    config.widening = 0.0;
    config.prior_visits = 5.0;
    let mut bot = Mcts::with_evaluator(config, evaluator, 1);
    assert_eq!(bot.choose(&state).unwrap(), favourite);
    let stats = bot.last_search().unwrap();
    let root = stats.root.iter().find(|r| r.mv == favourite).unwrap();
    assert_eq!(root.visits, 50);
}

/// Seat 0 wins every leaf: the search must credit it to seat 0's moves only,
/// never to chance.
#[derive(Clone)]
struct SeatZeroWins;

impl Evaluator for SeatZeroWins {
    fn evaluate(&mut self, _state: GameState, _rng: &mut BotRng) -> Values {
        [1.0, 0.0, 0.0, 0.0, 0.0]
    }

    fn prior(&mut self, _state: &GameState, _root: bool, moves: &mut Vec<Move>, priors: &mut Vec<f32>) {
        priors.resize(moves.len(), 0.0);
        priors.fill(1.0);
    }
}

#[test]
fn leaf_values_go_to_the_player_who_moved() {
    let state = first_placement();
    let mut bot = Mcts::with_evaluator(MctsConfig::with_budget(Budget::Iterations(300)), SeatZeroWins, 2);
    bot.choose(&state).unwrap();
    let stats = bot.last_search().unwrap();
    assert!(stats.root.iter().filter(|r| r.visits > 0).all(|r| r.value == 1.0));
}

#[test]
fn a_seat_that_loses_every_leaf_values_its_moves_at_zero() {
    // Seat 1 places its first tile after seat 0's turn.
    let mut chance = BotRng::seed_from_u64(4);
    let mut state = first_placement();
    while state.to_move() != Some(Actor::Player(carcassonne_safari::PlayerId(1))) {
        state = match state.to_move() {
            Some(Actor::Chance) => state.play(state.chance_outcomes().sample(&mut chance).unwrap()),
            _ => state.play(state.legal_moves()[0]),
        }
        .unwrap();
    }
    let mut bot = Mcts::with_evaluator(MctsConfig::with_budget(Budget::Iterations(300)), SeatZeroWins, 2);
    bot.choose(&state).unwrap();
    let stats = bot.last_search().unwrap();
    assert!(stats.root.iter().filter(|r| r.visits > 0).all(|r| r.value == 0.0));
}

/// Delegates to the learned evaluation, and records the phase of every
/// position it values.
#[derive(Clone)]
struct Recording {
    inner: carcassonne_safari_bots::mcts::ScoreEstimate,
    phases: Vec<carcassonne_safari::Phase>,
}

impl Evaluator for Recording {
    fn evaluate(&mut self, state: GameState, rng: &mut BotRng) -> Values {
        self.phases.push(state.phase());
        self.inner.evaluate(state, rng)
    }
    fn prior(&mut self, state: &GameState, root: bool, moves: &mut Vec<Move>, priors: &mut Vec<f32>) {
        self.inner.prior(state, root, moves, priors)
    }
}

/// The phases of the positions valued by 300 iterations, with or without
/// the tree of whole turns.
fn valued_phases(whole_turns: bool) -> Vec<carcassonne_safari::Phase> {
    let mut config = MctsConfig::with_budget(Budget::Iterations(300));
    config.whole_turns = whole_turns;
    let evaluator = Recording {
        inner: Default::default(),
        phases: Vec::new(),
    };
    let mut bot = Mcts::with_evaluator(config, evaluator, 1);
    let state = first_placement();
    let mv = bot.choose(&state).unwrap();
    assert!(state.is_legal(mv));
    bot.evaluator().phases.clone()
}

#[test]
fn in_the_tree_of_whole_turns_every_leaf_is_valued_at_a_tile_draw() {
    use carcassonne_safari::Phase;
    let phases = valued_phases(true);
    assert_eq!(phases.len(), 300);
    assert!(
        phases
            .iter()
            .all(|p| matches!(p, Phase::DrawTile | Phase::GameOver)),
        "{phases:?}"
    );
    // The classic search values a new node where it stands (inside the
    // root's turn, before its action).
    let phases = valued_phases(false);
    assert!(phases.iter().any(|p| matches!(p, Phase::Action)), "{phases:?}");
}
