//! The `Bot` contract, for every bot: only legal moves, no panic, an error (not a
//! move) where no player is to move, and the same moves from the same seed.

use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, GameState, Move, Phase, Setup};
use carcassonne_safari_bots::{from_spec, Bot, BotError, BotRng};

/// Small budgets: the contract does not depend on strength.
const SPECS: [&str; 8] = [
    "random",
    "kindfirstrandom",
    "greedy",
    "oneply",
    "twoply:k=2",
    "mcts:it=40",
    "mcts-0.1:it=40",
    "net",
];

/// Plays a game with one bot per seat; checks every move; returns the moves.
fn play(specs: &[&str], seed: u64) -> Vec<Move> {
    let mut bots: Vec<Box<dyn Bot + Send>> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| from_spec(s, seed + i as u64).expect("a known bot"))
        .collect();
    let mut chance = BotRng::seed_from_u64(seed);
    let mut state = GameState::new(&Setup::new(specs.len())).expect("valid setup");
    let mut moves = Vec::new();
    while let Some(actor) = state.to_move() {
        let mv = match actor {
            Actor::Chance => {
                for bot in &mut bots {
                    assert!(
                        matches!(bot.choose(&state), Err(BotError::NoDecision(_))),
                        "{} chose at a chance node",
                        bot.name()
                    );
                }
                state.chance_outcomes().sample(&mut chance).expect("outcomes")
            }
            Actor::Player(p) => {
                let bot = &mut bots[p.index()];
                let mv = bot.choose(&state).expect("a player decision");
                assert!(
                    state.legal_moves().contains(&mv),
                    "{} chose the illegal {mv} in {:?}",
                    bot.name(),
                    state.phase()
                );
                mv
            }
        };
        moves.push(mv);
        state = state.apply(mv).expect("legal").0;
    }
    for bot in &mut bots {
        assert_eq!(
            bot.choose(&state).unwrap_err(),
            BotError::NoDecision(Phase::GameOver)
        );
    }
    moves
}

#[test]
fn every_bot_plays_only_legal_moves_in_every_seat() {
    for (i, players) in (2..=5).enumerate() {
        let specs: Vec<&str> = (0..players).map(|s| SPECS[(s + i) % SPECS.len()]).collect();
        play(&specs, 100 + i as u64);
    }
}

#[test]
fn bots_are_deterministic_given_their_seed() {
    let specs = ["mcts:it=30", "oneply", "mcts-0.1:it=30"];
    assert_eq!(play(&specs, 7), play(&specs, 7));
    let specs = ["twoply:k=3", "twoply"];
    assert_eq!(play(&specs, 8), play(&specs, 8));
}

#[test]
fn the_mcts_bot_reports_its_search() {
    let mut bot = from_spec("mcts:it=200", 3).unwrap();
    let mut chance = BotRng::seed_from_u64(3);
    let mut state = GameState::new(&Setup::new(2)).unwrap();
    while state.to_move() == Some(Actor::Chance) {
        state = state
            .apply(state.chance_outcomes().sample(&mut chance).unwrap())
            .unwrap()
            .0;
    }
    let mv = bot.choose(&state).unwrap();
    let stats = bot.last_search().expect("mcts reports its search");
    assert_eq!(stats.iterations, 200);
    assert_eq!(stats.root.len(), state.legal_moves().len());
    assert_eq!(stats.root[0].mv, mv, "the most visited move is played");
    assert_eq!(stats.principal_variation[0], mv);
    let visits: u32 = stats.root.iter().map(|r| r.visits).sum();
    assert_eq!(visits, 200, "every iteration passes through one root move");
}

#[test]
fn the_turn_horizon_search_is_legal_and_deterministic_at_two_players() {
    let specs = [
        "mcts:it=30,centre=1,horizon=1,own=1,lazy=4,strata=1,prel=1",
        "oneply",
    ];
    assert_eq!(play(&specs, 11), play(&specs, 11));
}

/// The two-ply bot's values of a decision's moves ([`TwoPly::move_values`])
/// are the values it plays by: weighing every move against the replies, the
/// move it chooses is one it values most. 24 decisions of a seeded game.
#[test]
fn twoply_chooses_a_move_it_values_most() {
    use carcassonne_safari_bots::TwoPly;
    let mut chance = BotRng::seed_from_u64(11);
    let mut state = GameState::new(&Setup::new(2)).expect("valid setup");
    let mut decisions = 0;
    while decisions < 24 {
        let Some(actor) = state.to_move() else { break };
        let mv = match actor {
            Actor::Chance => state.chance_outcomes().sample(&mut chance).expect("outcomes"),
            Actor::Player(_) => {
                let moves = state.legal_moves();
                let mut values = vec![0.0f32; moves.len()];
                TwoPly::new(3)
                    .with_width(moves.len())
                    .move_values(&state, &moves, &mut values);
                let chosen = TwoPly::new(3)
                    .with_width(moves.len())
                    .choose(&state)
                    .expect("a decision");
                let best = values.iter().copied().fold(f32::MIN, f32::max);
                let at = moves.iter().position(|&m| m == chosen).expect("a legal move");
                assert!(
                    values[at] >= best - 1e-3,
                    "chose {chosen} valued {} where the best is {best}",
                    values[at]
                );
                if moves.len() > 1 {
                    decisions += 1;
                }
                chosen
            }
        };
        state = state.play(mv).expect("legal");
    }
    assert_eq!(decisions, 24, "the game ended before 24 decisions");
}
