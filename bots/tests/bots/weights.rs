//! The evaluation's weights: the shipped ones parse, version 0.3.0's are
//! kept as they were, a calibration does what its formula says, bad texts
//! are refused with the line.

use carcassonne_safari_bots::eval::{ChanceKind, PlayerWeights, Reading, Term, Weights, WeightsError};

#[test]
fn the_shipped_weights_parse() {
    for w in [Weights::learned(), Weights::v0_3()] {
        assert!(w.by_players.iter().flat_map(|p| p.params).all(|x| x.is_finite()));
    }
    assert_ne!(Weights::learned(), Weights::v0_3());
}

#[test]
fn the_weights_of_0_3_are_the_0_3_0_weights_uncalibrated_and_the_same_at_every_stage() {
    let w = Weights::v0_3();
    // From version 0.3.0's weights.txt (2 and 5 players).
    assert_eq!(w.for_players(2).term(Term::TrailCompletion, 0.7), 1.1153654);
    assert_eq!(w.for_players(5).term(Term::Turns, 0.2), 4.3979983);
    assert_eq!(w.for_players(3).term(Term::Baobabs, 1.0), 2.2523513);
    for players in 2..=5 {
        let p = w.for_players(players);
        assert_eq!((p.rangers(0.0), p.rangers(1.0)), (0.5, 0.5));
        assert_eq!((p.bias(0.0), p.bias(1.0)), (0.0, 0.0));
        for kind in ChanceKind::ALL {
            let read = Reading {
                any_of: 0.37,
                draws: 0.9,
                open: 3,
            };
            assert_eq!(p.calibrate(kind, &read, 0.5), 0.37);
        }
    }
}

#[test]
fn a_calibration_is_the_logistic_of_its_weighted_inputs_and_a_chance_of_0_stays_0() {
    let mut w = Weights::v0_3();
    let at = |name: &str| PlayerWeights::PARAMS.iter().position(|&p| p == name).unwrap();
    let p = &mut w.by_players[0].params;
    p[at("bush.base")] = 0.5;
    p[at("bush.logit")] = 0.25;
    p[at("bush.draws")] = 0.75;
    p[at("bush.open")] = -1.0;
    p[at("bush.pile")] = 2.0;
    let read = Reading {
        any_of: 0.8,
        draws: 0.2,
        open: 2,
    };
    // ln(0.8 / 0.2) = 1.3863, ln(0.2 / 0.8) = -1.3863.
    let x: f32 = 0.5 + 0.25 * 1.386_294 + 0.75 * -1.386_294 - 2.0 + 2.0 * 0.5;
    let want = 1.0 / (1.0 + (-x).exp());
    let got = w.for_players(2).calibrate(ChanceKind::Bush, &read, 0.5);
    assert!((got - want).abs() < 1e-5, "{got} vs {want}");
    let never = Reading { any_of: 0.0, ..read };
    assert_eq!(w.for_players(2).calibrate(ChanceKind::Bush, &never, 0.5), 0.0);
    // The other kinds and player counts are untouched.
    assert_eq!(w.for_players(2).calibrate(ChanceKind::Trail, &read, 0.5), 0.8);
    assert_eq!(w.for_players(3).calibrate(ChanceKind::Bush, &read, 0.5), 0.8);
}

#[test]
fn bad_weights_are_refused_with_the_line() {
    let good = Weights::v0_3().to_string();
    assert_eq!(Weights::parse(&good), Ok(Weights::v0_3()));
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
