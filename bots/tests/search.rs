//! The search's options as users reach them: specs refused with a reason,
//! threads, tree reuse and time budgets, and every bot on unusual games.

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, Design, GameState, Move, Setup};
use carcassonne_safari_bots::{from_spec, Bot, BotRng, SpecError};

/// Plays a game, `bots[i]` in seat `i`, chance from `seed`; calls `look` after
/// every player decision with the bot that made it; returns the moves.
fn play(
    setup: &Setup,
    bots: &mut [Box<dyn Bot + Send>],
    seed: u64,
    mut look: impl FnMut(&dyn Bot),
) -> Vec<Move> {
    let mut chance = BotRng::seed_from_u64(seed);
    let mut state = GameState::new(setup).expect("valid setup");
    let mut moves = Vec::new();
    while let Some(actor) = state.to_move() {
        let mv = match actor {
            Actor::Chance => state.chance_outcomes().sample(&mut chance).expect("outcomes"),
            Actor::Player(p) => {
                let bot = &mut bots[p.index()];
                let mv = bot.choose(&state).expect("a player decision");
                assert!(state.is_legal(mv), "{} chose the illegal {mv}", bot.name());
                look(bot.as_ref());
                mv
            }
        };
        moves.push(mv);
        state = state.apply(mv).expect("legal").0;
    }
    moves
}

fn bots(specs: &[&str], seed: u64) -> Vec<Box<dyn Bot + Send>> {
    specs
        .iter()
        .enumerate()
        .map(|(i, s)| from_spec(s, seed + i as u64).expect("a known bot"))
        .collect()
}

#[test]
fn bad_specs_are_refused_with_the_option_and_the_reason() {
    let cases: [(&str, &str); 16] = [
        ("deep-blue", "unknown bot `deep-blue`"),
        ("", "unknown bot ``"),
        ("greedy:it=5", "this bot takes no options"),
        ("oneply:it=5", "known options: weights"),
        ("oneply:weights=mine", "expected learned, fit or hand"),
        ("oneply:rangers=-2", "expected a number >= 0"),
        ("mcts:deepen=some", "expected a whole number"),
        ("mcts:leaf=deep", "expected playout or estimate"),
        ("mcts:prior=oracle", "expected kind or eval"),
        ("mcts-0.1:root=x", "expected lookahead or prior"),
        ("mcts:it", "expected KEY=VALUE"),
        ("mcts:it=many", "expected a whole number"),
        ("mcts:it=-3", "expected a whole number"),
        ("mcts:c=-1", "expected a number >= 0"),
        ("mcts:reuse=yes", "expected 0 or 1"),
        ("mcts:depth=3", "known options"),
    ];
    for (spec, why) in cases {
        let error: SpecError = match from_spec(spec, 1) {
            Ok(_) => panic!("`{spec}` was accepted"),
            Err(e) => e,
        };
        let message = error.to_string();
        assert!(message.contains(why), "`{spec}`: {message}");
    }
    // Extremes are clamped, not refused: a budget of at least one iteration.
    assert!(from_spec("mcts:it=0,c=0,pw=0,scale=0", 1).is_ok());
    // The 0.1.0 name of the kind-first random bot still works.
    assert_eq!(from_spec("kindrandom", 1).unwrap().name(), "kindfirstrandom");
}

#[test]
fn root_parallel_search_is_deterministic_with_an_iteration_budget() {
    let specs = ["mcts:it=120,threads=2", "greedy"];
    let first = play(&Setup::new(2), &mut bots(&specs, 11), 11, |_| {});
    let second = play(&Setup::new(2), &mut bots(&specs, 11), 11, |_| {});
    assert_eq!(first, second);
}

#[test]
fn the_tree_is_kept_between_decisions_only_when_asked() {
    // The search before the tree of whole turns, whose in-turn decisions
    // are nodes of the tree (in the tree of whole turns they are fixed
    // moves, and a kept root must offer every legal move).
    let old = "mcts:it=150,turns=0,draws=0,deepen=0";
    for (spec, kept) in [(old, true), (&format!("{old},reuse=0"), false)] {
        let mut reused = 0u64;
        play(&Setup::new(2), &mut bots(&[spec, "greedy"], 5), 5, |bot| {
            if let Some(stats) = bot.last_search() {
                reused += stats.reused_visits as u64;
            }
        });
        assert_eq!(reused > 0, kept, "{spec}: {reused} visits reused");
    }
}

#[test]
fn a_time_budget_searches_and_answers_with_a_legal_move() {
    let mut bot = from_spec("mcts:ms=20", 3).expect("a known bot");
    let mut chance = BotRng::seed_from_u64(3);
    let mut state = GameState::new(&Setup::new(3)).expect("valid setup");
    for _ in 0..6 {
        while state.to_move() == Some(Actor::Chance) {
            let mv = state.chance_outcomes().sample(&mut chance).expect("outcomes");
            state = state.apply(mv).expect("legal").0;
        }
        let mv = bot.choose(&state).expect("a player decision");
        assert!(state.is_legal(mv));
        assert!(bot.last_search().expect("mcts reports").iterations > 0);
        state = state.apply(mv).expect("legal").0;
    }
}

#[test]
fn every_bot_finishes_unusual_games() {
    // Five players with the tile pile in reverse table order (long runs of one
    // design, so rare placements and removed tiles), and a game without the
    // baobab boost.
    let reversed: Vec<Design> = {
        let mut order: Vec<Design> = Design::land()
            .flat_map(|d| std::iter::repeat_n(d, d.copies() as usize))
            .collect();
        order.reverse();
        order
    };
    let setups = [
        Setup::new(5).with_tile_order(reversed),
        Setup::new(4).with_baobab_tokens_boost(false),
    ];
    let specs = [
        "mcts:it=60",
        "greedy",
        "kindfirstrandom",
        "random",
        "mcts:it=30,pw=0",
    ];
    for (i, setup) in setups.iter().enumerate() {
        let players = GameState::new(setup).expect("valid setup").players();
        let moves = play(
            setup,
            &mut bots(&specs[..players], 20 + i as u64),
            20 + i as u64,
            |_| {},
        );
        assert!(moves.len() > 100, "a whole game");
    }
}

/// The moves of players other than the root's in the principal variation
/// of `spec`'s search at the first decision of seat 0 (the variation
/// replayed from the position, every move of it legal there).
fn others_in_variation(spec: &str) -> usize {
    let mut chance = BotRng::seed_from_u64(3);
    let mut state = GameState::new(&Setup::new(2)).expect("valid setup");
    while !matches!(state.to_move(), Some(Actor::Player(_))) {
        let mv = state.chance_outcomes().sample(&mut chance).expect("outcomes");
        state = state.play(mv).expect("legal");
    }
    let me = state.to_move();
    let mut bot = from_spec(spec, 3).expect("a known bot");
    bot.choose(&state).expect("a decision");
    let stats = bot.last_search().expect("a search").clone();
    let mut others = 0;
    for mv in stats.principal_variation {
        if matches!(state.to_move(), Some(Actor::Player(_))) && state.to_move() != me {
            others += 1;
        }
        state = state.play(mv).unwrap_or_else(|e| panic!("{spec}: {mv}: {e}"));
    }
    others
}

#[test]
fn deepen_grows_the_tree_past_the_horizon() {
    // With a horizon over the root player's own turn, the tree holds that
    // turn only: the other player's replies are played by a policy, never
    // searched.
    assert_eq!(others_in_variation("mcts:it=3000,horizon=1,own=1,deepen=0"), 0);
    // Leaves visited twice are searched past: the other player's reply is
    // in the tree.
    assert!(others_in_variation("mcts:it=3000,horizon=1,own=1,deepen=2") > 0);
}

#[test]
fn settled_turns_fix_the_decisions_after_the_placement_only() {
    use carcassonne_safari::Phase;
    use carcassonne_safari_bots::mcts::{Evaluator, ScoreEstimate};
    let mut state = GameState::new(&Setup::new(2)).unwrap();
    let mut rng = BotRng::seed_from_u64(3);
    while !matches!(state.phase(), Phase::Place { .. }) {
        let mv = state.chance_outcomes().sample(&mut rng).expect("a draw");
        state = state.play(mv).unwrap();
    }
    let mut estimate = ScoreEstimate::default();
    estimate.settle_turns = true;
    assert_eq!(estimate.fixed_move(&state), None, "a placement is searched");
    let placement = state.legal_moves()[0];
    let action = state.play(placement).unwrap();
    assert_eq!(action.phase(), Phase::Action);
    let fixed = estimate.fixed_move(&action).expect("the look-ahead's action");
    assert!(action.legal_moves().contains(&fixed));
    assert_eq!(
        estimate.fixed_move(&action),
        Some(fixed),
        "the same move every time"
    );
    estimate.settle_turns = false;
    assert_eq!(
        estimate.fixed_move(&action),
        None,
        "off: every action is searched"
    );
}

/// Plays 24 decisions of one seeded two-player game with `spec` in both
/// seats and returns what each search found.
fn searches(spec: &str) -> Vec<carcassonne_safari_bots::SearchStats> {
    let mut bots = bots(&[spec, spec], 11);
    let mut chance = BotRng::seed_from_u64(4);
    let mut state = GameState::new(&Setup::new(2)).unwrap();
    let mut found = Vec::new();
    while found.len() < 24 {
        let mv = match state.to_move().expect("the game is not over yet") {
            Actor::Chance => state.chance_outcomes().sample(&mut chance).expect("outcomes"),
            Actor::Player(p) => {
                let bot = &mut bots[p.index()];
                let mv = bot.choose(&state).expect("a player decision");
                found.push(bot.last_search().expect("mcts reports").clone());
                mv
            }
        };
        state = state.play(mv).unwrap();
    }
    found
}

#[test]
fn the_default_search_is_the_tree_of_whole_turns() {
    // `mcts` with no options is `turns=1,draws=1,deepen=1,lazy=1` (the
    // README's measured tree of whole turns), visit for visit.
    let default = searches("mcts:it=120");
    assert_eq!(default, searches("mcts:it=120,turns=1,draws=1,deepen=1,lazy=1"));
    // The search `mcts` was before is still reachable by its options, and
    // is another search.
    assert_ne!(default, searches("mcts:it=120,turns=0,draws=0,deepen=0,lazy=16"));
}

#[test]
fn deepen_leaves_an_evaluator_without_leaves_as_it_was() {
    // Random playouts stop nowhere before the end of the game: the default
    // `deepen` 1 must not search them through to it.
    assert_eq!(
        searches("mcts:it=60,leaf=playout"),
        searches("mcts:it=60,leaf=playout,deepen=0")
    );
}
