//! Setups: the random setups the properties play (2 to 5 players, with or
//! without fixed starting hands and ranger cells: R-ENGINE-5, R-SETUP-2,
//! R-SETUP-3, with at most 10 tokens of an animal, R-COMP-2), and the setups the
//! engine must refuse.

use carcassonne_safari::{Animal, GameState, Pos, Setup, SetupError};
use proptest::prelude::*;

use crate::geometry::pos;
use crate::rules::{ANIMALS, START_FRONTIER, TOKENS_PER_ANIMAL};

/// Fixed hands: usually 0..=4 tokens per player, one time in four up to 12, so
/// that the supply can start nearly or completely empty (R-TOKEN-2 reshuffles and
/// skipped draws). At most 10 of an animal in all.
fn arb_hands(players: usize) -> impl Strategy<Value = Vec<Vec<Animal>>> {
    prop::collection::vec((prop::collection::vec(0usize..5, 0..=12), any::<u8>()), players).prop_map(
        |hands| {
            let mut used = [0i64; 5];
            hands
                .into_iter()
                .map(|(mut h, big)| {
                    if big % 4 != 0 {
                        h.truncate(4);
                    }
                    h.into_iter()
                        .filter(|&a| {
                            used[a] += 1;
                            used[a] <= TOKENS_PER_ANIMAL
                        })
                        .map(|a| ANIMALS[a])
                        .collect()
                })
                .collect()
        },
    )
}

fn arb_rangers() -> impl Strategy<Value = [Pos; 2]> {
    (0usize..8, 0usize..7).prop_map(|(a, b)| {
        let b = if b >= a { b + 1 } else { b };
        [pos(START_FRONTIER[a]), pos(START_FRONTIER[b])]
    })
}

/// `fixed`: 0 = random choice, 1 = always default setup, 2 = always fixed hands and rangers.
pub fn arb_setup(fixed: u8) -> impl Strategy<Value = Setup> {
    (2usize..=5)
        .prop_flat_map(move |n| {
            let hands = match fixed {
                0 => prop::option::weighted(0.3, arb_hands(n)).boxed(),
                1 => Just(None).boxed(),
                _ => arb_hands(n).prop_map(Some).boxed(),
            };
            let rangers = match fixed {
                0 => prop::option::weighted(0.3, arb_rangers()).boxed(),
                1 => Just(None).boxed(),
                _ => arb_rangers().prop_map(Some).boxed(),
            };
            (Just(n), hands, rangers)
        })
        .prop_map(|(n, hands, rangers)| {
            let mut setup = Setup::new(n);
            setup.rangers = rangers;
            setup.hands = hands;
            setup
        })
}

/// Impossible setups are refused with the right `SetupError` (R-COMP-3,
/// R-SETUP-2, R-ENGINE-5, R-COMP-2); every pair of start-frontier cells is
/// accepted for the rangers.
pub fn check_invalid_setups() {
    for n in [0, 1, 6, 100] {
        assert_eq!(GameState::new(&Setup::new(n)), Err(SetupError::Players(n)));
    }
    let same = Setup::new(2).with_rangers([Pos::new(0, -1), Pos::new(0, -1)]);
    assert!(matches!(
        GameState::new(&same),
        Err(SetupError::RangersShareCell(_))
    ));
    for bad in [(0, 0), (5, 5), (-3, 0), (-2, -1), (127, -128)] {
        let s = Setup::new(2).with_rangers([Pos::new(0, -1), pos(bad)]);
        assert_eq!(
            GameState::new(&s),
            Err(SetupError::RangerCell(pos(bad))),
            "{bad:?}"
        );
    }
    let s = Setup::new(3).with_hands(vec![vec![], vec![]]);
    assert!(matches!(
        GameState::new(&s),
        Err(SetupError::HandsCount { given: 2, players: 3 })
    ));
    let s = Setup::new(2).with_hands(vec![vec![Animal::Lion; 6], vec![Animal::Lion; 5]]);
    assert!(matches!(
        GameState::new(&s),
        Err(SetupError::TooManyTokens {
            animal: Animal::Lion,
            count: 11
        })
    ));
    // Every start-frontier pair is accepted, and the rangers stand where asked.
    for a in START_FRONTIER {
        for b in START_FRONTIER {
            let s = Setup::new(2).with_rangers([pos(a), pos(b)]);
            let g = GameState::new(&s);
            if a == b {
                assert!(g.is_err());
            } else {
                assert_eq!(g.unwrap().rangers(), [Some(pos(a)), Some(pos(b))]);
            }
        }
    }
}
