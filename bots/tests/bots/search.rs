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
    let cases: [(&str, &str); 11] = [
        ("deep-blue", "unknown bot `deep-blue`"),
        ("", "unknown bot ``"),
        ("greedy:it=5", "this bot takes no options"),
        ("oneply:it=5", "this bot takes no options"),
        ("twoply:k=0", "expected a whole number >= 1"),
        ("mcts:it", "expected KEY=VALUE"),
        ("mcts:it=many", "expected a whole number"),
        ("mcts:it=-3", "expected a whole number"),
        ("mcts:depth=3", "known options: it, ms, threads"),
        ("mcts:it=9000,ms=200", "a second budget `ms=200`"),
        ("mcts:it=400,it=600", "a second budget `it=600`"),
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
    assert!(from_spec("mcts:it=0,threads=0", 1).is_ok());
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
fn the_tree_is_kept_between_decisions() {
    // The classic search (0.1.0's), whose decisions inside a turn are
    // nodes of the tree with every legal move: the bot's action after its
    // placement is searched on from the placement's tree. (In the tree of
    // whole turns they are the look-ahead's one move, and a kept root must
    // offer every legal move.)
    let mut reused = 0u64;
    play(
        &Setup::new(2),
        &mut bots(&["mcts-0.1:it=150", "greedy"], 5),
        5,
        |bot| {
            if let Some(stats) = bot.last_search() {
                reused += stats.reused_visits as u64;
            }
        },
    );
    assert!(reused > 0, "{reused} visits reused");
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
fn a_larger_budget_searches_past_the_next_turn() {
    // The tree of whole turns is valued at the start of each turn and
    // searched past it where the visits go: the principal variation of a
    // large budget holds the other player's reply.
    assert!(others_in_variation("mcts:it=3000") > 0);
}

#[test]
fn below_the_root_the_decisions_after_a_placement_are_the_look_aheads() {
    use carcassonne_safari::Phase;
    use carcassonne_safari_bots::mcts::{Evaluator, ScoreEstimate};
    let mut state = GameState::new(&Setup::new(2)).unwrap();
    let mut rng = BotRng::seed_from_u64(3);
    while !matches!(state.phase(), Phase::Place { .. }) {
        let mv = state.chance_outcomes().sample(&mut rng).expect("a draw");
        state = state.play(mv).unwrap();
    }
    let mut estimate = ScoreEstimate::default();
    let tried = |estimate: &mut ScoreEstimate, state: &GameState, root: bool| {
        let mut moves = state.legal_moves().to_vec();
        let mut priors = Vec::new();
        estimate.prior(state, root, &mut moves, &mut priors);
        assert_eq!(moves.len(), priors.len());
        moves
    };
    let placements = state.legal_moves().len();
    assert_eq!(
        tried(&mut estimate, &state, false).len(),
        placements,
        "a placement is searched"
    );
    let action = state.play(state.legal_moves()[0]).unwrap();
    assert_eq!(action.phase(), Phase::Action);
    let fixed = tried(&mut estimate, &action, false);
    assert_eq!(fixed.len(), 1, "the look-ahead's action only");
    assert!(action.legal_moves().contains(&fixed[0]));
    assert_eq!(
        tried(&mut estimate, &action, false),
        fixed,
        "the same move every time"
    );
    assert_eq!(
        tried(&mut estimate, &action, true).len(),
        action.legal_moves().len(),
        "at the root every action is searched"
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
fn specs_with_retired_options_search_as_todays_bot() {
    // The options that spelled the tree of whole turns, and 0.2.0's search:
    // today's search with the same budget, visit for visit.
    let today = searches("mcts:it=120");
    assert_eq!(today, searches("mcts:it=120,turns=1,draws=1,deepen=1,lazy=1"));
    assert_eq!(today, searches("mcts:it=120,turns=0,draws=0,deepen=0,lazy=16"));
    // The page's Good bot of 0.2.0 is the level that took its place.
    assert_eq!(
        searches("mcts:it=400,turns=0,draws=0,deepen=0,lazy=16"),
        searches("mcts:it=50")
    );
    // Random playouts are the 0.1.0 search.
    assert_eq!(searches("mcts:it=60,leaf=playout"), searches("mcts-0.1:it=60"));
    assert_ne!(today, searches("mcts-0.1:it=120"));
}
