//! The evaluation's weights: the shipped ones parse, bad texts are refused
//! with the line.

use carcassonne_safari_bots::eval::{Weights, WeightsError};

#[test]
fn the_shipped_weights_parse_and_the_tuning_moved_the_two_player_column_only() {
    let (learned, fit) = (Weights::learned(), Weights::fit());
    for w in [learned, fit] {
        assert!(w.by_players.iter().flatten().all(|x| x.is_finite()));
    }
    assert_ne!(learned.by_players[0], fit.by_players[0]);
    assert_eq!(learned.by_players[1..], fit.by_players[1..]);
}

#[test]
fn bad_weights_are_refused_with_the_line() {
    let good = Weights::fit().to_string();
    assert_eq!(Weights::parse(&good), Ok(Weights::fit()));
    let unknown = good.replacen("tokens", "tokenz", 1);
    assert!(matches!(
        Weights::parse(&unknown),
        Err(WeightsError::UnknownTerm { .. })
    ));
    let short = good.replacen("tokens ", "tokens 1 # ", 1);
    assert!(matches!(
        Weights::parse(&short),
        Err(WeightsError::BadLine { .. })
    ));
    let missing: String = good.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_eq!(
        Weights::parse(&missing),
        Err(WeightsError::Missing("trail_completion"))
    );
    let nan = good.replacen("tokens ", "tokens NaN ", 1);
    assert!(matches!(Weights::parse(&nan), Err(WeightsError::BadLine { .. })));
}
