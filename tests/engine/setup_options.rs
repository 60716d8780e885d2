//! The rule options of `Setup` that players of the physical game ask for: a fixed
//! tile order, and whether baobab tokens won in the scoring step may boost in the
//! same step (R-BAOBAB-3; default yes).

use crate::support;

use carcassonne_safari::{
    error::IllegalReason, Actor, Animal, Design, Event, GameState, Move, Phase, Pos, Setup, SetupError,
};
use rand_core::SeedableRng;
use support::*;

fn design(text: &str) -> Design {
    text.parse().unwrap()
}

#[test]
fn setup_tile_order_makes_each_draw_a_single_outcome_until_it_runs_out() {
    let order = vec![design("CS7:G"), design("CS1:-"), design("CS7:G")]; // CS7:G has two copies
    let setup = Setup::new(2)
        .with_hands(vec![vec![], vec![]])
        .with_tile_order(order.clone());
    let mut s = GameState::new(&setup).unwrap();
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    for &d in &order {
        assert_eq!(s.phase(), Phase::DrawTile);
        assert_eq!(s.legal_moves().to_vec(), vec![Move::Draw(d)]);
        assert_eq!(
            s.chance_outcomes().iter().collect::<Vec<_>>(),
            vec![(Move::Draw(d), 1)]
        );
        assert_eq!(s.chance_outcomes().sample(&mut rng), Some(Move::Draw(d)));
        // Any other tile, even one still in the pile, is refused.
        let other = Move::Draw(design("CS3:E"));
        assert_eq!(
            s.apply(other).unwrap_err().reason,
            IllegalReason::NotNextInOrder(d)
        );
        s = s.apply(Move::Draw(d)).unwrap().0;
        // A placement that displaces no ranger, so the turn ends after `pass`.
        let place = s
            .legal_moves()
            .into_iter()
            .find(|m| matches!(m, Move::Place(c, _) if !s.rangers().contains(&Some(*c))))
            .unwrap();
        s = st(&s, &[&place.to_string(), "pass"]);
    }
    // The order is used up: all 69 remaining tiles are outcomes again, by weight.
    assert_eq!(s.phase(), Phase::DrawTile);
    let weights: u32 = s.chance_outcomes().iter().map(|o| o.1).sum();
    assert_eq!(weights, 69);
    assert_eq!(s.legal_moves().len(), s.pile().count());
}

#[test]
fn setup_tile_order_refuses_start_parts_and_too_many_copies() {
    // CS2 has one copy.
    let twice = Setup::new(2).with_tile_order(vec![design("CS2:E"), design("CS2:E")]);
    assert_eq!(
        GameState::new(&twice).unwrap_err(),
        SetupError::TileOrder {
            index: 1,
            design: design("CS2:E")
        }
    );
    let start = Design::all().find(|d| d.kind().is_start()).unwrap();
    assert!(matches!(
        GameState::new(&Setup::new(3).with_tile_order(vec![start])),
        Err(SetupError::TileOrder { index: 0, .. })
    ));
    // All 72 tiles in a fixed order is a complete, chance-free tile sequence.
    let all: Vec<Design> = Design::land()
        .flat_map(|d| std::iter::repeat_n(d, d.copies() as usize))
        .collect();
    let mut s = GameState::new(&Setup::new(2).with_tile_order(all.clone())).unwrap();
    let mut drawn = Vec::new();
    while let Some(actor) = s.to_move() {
        let m = match actor {
            Actor::Chance => s.chance_outcomes().iter().collect::<Vec<_>>()[0].0,
            Actor::Player(_) => *s.legal_moves().last().unwrap(),
        };
        if let Move::Draw(d) = m {
            drawn.push(d);
        }
        s = s.apply(m).unwrap().0;
    }
    assert_eq!(drawn, all);
}

/// The R-BAOBAB-3 situation of `rules_turn.rs`: CS2:E closes a ring of 8 tiles
/// round P0's new baobab meeple and P0's trail (giraffe + elephant); the meeple
/// draws give G, E (useless), the completion draws give L, L.
fn baobab_closes_ring_and_trail(tokens_boost: bool) -> GameState {
    let setup = Setup::new(2)
        .with_hands(vec![vec![], vec![]])
        .with_rangers([Pos::new(-2, 0), Pos::new(2, 0)])
        .with_baobab_tokens_boost(tokens_boost);
    let g = GameState::new(&setup).unwrap();
    let s = st(&g, BAOBAB_RING_AND_TRAIL);
    st(&s, &["meeple baobab", "token G", "token E"])
}

#[test]
fn r_baobab_3_default_tokens_won_at_a_baobab_may_boost_at_once() {
    let s = st(&baobab_closes_ring_and_trail(true), &["token L", "token L"]);
    assert_eq!(s.phase(), Phase::Boost { player: P0 });
    assert_eq!(s.legal_moves().to_vec(), vec![mv("boost L"), mv("noboost")]);
}

#[test]
fn r_baobab_3_option_off_tokens_won_at_a_baobab_wait_for_the_next_scoring() {
    let s = baobab_closes_ring_and_trail(false);
    let (s, ev) = play(&s, &["token L", "token L"]);
    // No boost question: the trail (giraffe, elephant: 2 kinds) scores 3 at once.
    assert_eq!(points(&ev), vec![(P0, TABLE[2])]);
    assert!(!ev.iter().any(|e| matches!(e, Event::BoostUsed { .. })));
    assert_eq!(s.phase(), Phase::DrawTile);
    assert_eq!(s.turn_player().unwrap(), P1);
    // The lions stay in hand and are ordinary tokens from now on.
    assert_eq!(
        hand(&s, P0),
        vec![Animal::Elephant, Animal::Giraffe, Animal::Lion, Animal::Lion]
    );
}
