//! The analysis: the hint's moves and what they lead to, the judge's errors,
//! the draws' luck and the review of a recorded game, each checked against
//! what it must add up to.

use carcassonne_safari::events::MeepleSpot;
use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, Event, GameRecord, GameState, Move, MoveKind, Phase, PlayerId, Setup};
use carcassonne_safari_bots::analysis::{AnalysisError, Analyst, Entry, Reason, Review};
use carcassonne_safari_bots::{from_spec, BotRng, TwoPly};

/// The moves of a game of `specs` (one per seat), chance sampled from
/// `seed`, stopped after `steps` moves.
fn game(specs: &[&str], seed: u64, steps: usize) -> GameRecord {
    let mut bots: Vec<_> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| from_spec(s, seed + i as u64).expect("a known bot"))
        .collect();
    let mut chance = BotRng::seed_from_u64(seed);
    let setup = Setup::new(specs.len());
    let mut state = GameState::new(&setup).unwrap();
    let mut moves = Vec::new();
    while let Some(actor) = state.to_move() {
        if moves.len() == steps {
            break;
        }
        let mv = match actor {
            Actor::Chance => state.chance_outcomes().sample(&mut chance).unwrap(),
            Actor::Player(p) => bots[p.index()].choose(&state).unwrap(),
        };
        moves.push(mv);
        state = state.play(mv).unwrap();
    }
    GameRecord::new(setup).with_moves(moves)
}

/// The position after the first `steps` moves of `record`.
fn at(record: &GameRecord, steps: usize) -> GameState {
    let mut state = GameState::new(&record.setup).unwrap();
    for &mv in &record.moves[..steps] {
        state = state.play(mv).unwrap();
    }
    state
}

/// The first step of `record` from `from` on where a player places a tile
/// with more than one place to put it.
fn placement(record: &GameRecord, from: usize) -> usize {
    (from..record.moves.len())
        .find(|&k| {
            let s = at(record, k);
            matches!(s.phase(), Phase::Place { .. }) && s.legal_moves().len() > 1
        })
        .expect("a placement")
}

/// A placement of a game of two one-ply bots (seed `seed`, from step
/// `from` on), its legal moves and the two-ply bot's value of each.
fn placement_values(seed: u64, from: usize) -> (GameState, Vec<Move>, Vec<f32>) {
    let record = game(&["oneply", "oneply"], seed, 60);
    let state = at(&record, placement(&record, from));
    let moves = state.legal_moves().to_vec();
    let mut values = vec![0.0; moves.len()];
    TwoPly::new(9).move_values(&state, &moves, &mut values);
    (state, moves, values)
}

/// Each player's points in `events`.
fn scored(events: &[Event], players: usize) -> Vec<u32> {
    let mut points = vec![0; players];
    for e in events {
        if let Event::Scored {
            player, points: p, ..
        } = e
        {
            points[player.index()] += u32::from(*p);
        }
    }
    points
}

/// The hint lists the judge's best moves, best first, each legal, and what
/// each leads to adds up: the points of its outcome are those its events
/// score.
#[test]
fn the_hint_lists_the_judges_best_moves_with_their_turns() {
    let (state, moves, values) = placement_values(3, 30);
    let best = values.iter().copied().fold(f32::MIN, f32::max);

    let hint = Analyst::new(0).hint(&state, 3).unwrap();
    assert_eq!(Some(hint.player), state.turn_player());
    assert_eq!(hint.choices.len(), 3.min(moves.len()));
    assert_eq!(hint.choices[0].value, best);
    for pair in hint.choices.windows(2) {
        assert!(pair[0].value >= pair[1].value);
    }
    for choice in &hint.choices {
        let mv = choice.outcome.mv;
        assert_eq!(choice.value, values[moves.iter().position(|&m| m == mv).unwrap()]);
        // The move's own events first, then the rest of its turn's.
        assert!(choice.outcome.events.starts_with(&state.apply(mv).unwrap().1));
        assert_eq!(choice.outcome.points, scored(&choice.outcome.events, 2));
    }
}

/// An outcome's reasons say what its events cannot: a meeple left on an
/// open trail, bush, baobab or watering hole claims it with a chance below
/// 1, and one whose feature the turn completed came home and claims nothing
/// (R-ACTION-1); a pass while a meeple could go down keeps the supply; a
/// ranger's move (R-RANGER-1) says what the next player can expect from it.
#[test]
fn an_outcome_says_what_its_meeples_pass_and_ranger_leave() {
    let record = game(&["oneply", "oneply"], 11, 160);
    let mut analyst = Analyst::new(0);
    let (mut claims, mut homes, mut keeps, mut rangers) = (0, 0, 0, 0);
    for k in 0..record.moves.len() {
        let state = at(&record, k);
        if state.phase() != Phase::Action {
            continue;
        }
        let me = state.turn_player().unwrap();
        let can_claim = state.legal_moves().iter().any(|m| m.kind() == MoveKind::Meeple);
        for &mv in state
            .legal_moves()
            .iter()
            .filter(|m| m.kind() != MoveKind::Ranger)
            .chain(
                state
                    .legal_moves()
                    .iter()
                    .filter(|m| m.kind() == MoveKind::Ranger)
                    .take(2),
            )
        {
            let outcome = analyst.outcome(&state, mv).unwrap();
            let claim: Vec<_> = outcome
                .reasons
                .iter()
                .filter_map(|r| match *r {
                    Reason::Claim { spot, kind, chance } => {
                        // The kind of the feature under a segment's meeple; none on a hole.
                        let after = state.play(mv).unwrap();
                        let feature = match spot {
                            MeepleSpot::Segment { pos, seg } => after.feature(pos, seg).map(|f| f.kind),
                            _ => None,
                        };
                        assert_eq!(kind, feature, "{spot:?}");
                        Some((spot, chance))
                    }
                    _ => None,
                })
                .collect();
            let keep: Vec<_> = outcome
                .reasons
                .iter()
                .filter(|r| matches!(r, Reason::Keep { .. }))
                .collect();
            let ranger: Vec<_> = outcome
                .reasons
                .iter()
                .filter_map(|r| match *r {
                    Reason::Ranger { player, .. } => Some(player),
                    _ => None,
                })
                .collect();
            // A meeple goes down on a trail, bush or baobab, or on the hole it digs.
            let placed = outcome.events.iter().find_map(|e| match *e {
                Event::MeeplePlaced { spot, player } if player == me => Some(spot),
                _ => None,
            });
            match placed {
                Some(placed)
                    if outcome
                        .events
                        .iter()
                        .any(|e| matches!(*e, Event::MeepleReturned { spot, .. } if spot == placed)) =>
                {
                    assert!(claim.is_empty(), "{mv}: {claim:?}");
                    homes += 1;
                }
                Some(placed) => {
                    assert_eq!(claim.len(), 1, "{mv}");
                    assert_eq!(claim[0].0, placed);
                    assert!((0.0..1.0).contains(&claim[0].1), "{mv}: {}", claim[0].1);
                    claims += 1;
                }
                None => assert!(claim.is_empty(), "{mv}: {claim:?}"),
            }
            if mv == Move::Pass && can_claim && state.meeples_in_supply(me) > 0 {
                let meeples = state.meeples_in_supply(me);
                // The likeliest free spot: a spot of the tile just placed, its
                // chance that of the meeple's claim there.
                assert_eq!(keep.len(), 1, "{mv}: {keep:?}");
                let &Reason::Keep {
                    meeples: kept,
                    spot,
                    chance,
                    ..
                } = keep[0]
                else {
                    unreachable!()
                };
                assert_eq!(kept, meeples);
                let placed = state.placed_tile().unwrap();
                assert!(
                    matches!(spot, MeepleSpot::Segment { pos, .. } | MeepleSpot::Baobab { pos } if pos == placed)
                );
                let claims: Vec<f32> = state
                    .legal_moves()
                    .iter()
                    .filter(|m| m.kind() == MoveKind::Meeple)
                    .filter_map(|&m| {
                        analyst
                            .outcome(&state, m)
                            .unwrap()
                            .reasons
                            .iter()
                            .find_map(|r| match *r {
                                Reason::Claim { chance, .. } => Some(chance),
                                _ => None,
                            })
                    })
                    .collect();
                assert!(
                    claims.iter().all(|&c| c <= chance + 1e-6),
                    "{chance} against {claims:?}"
                );
                keeps += 1;
            } else {
                assert!(keep.is_empty(), "{mv}: {keep:?}");
            }
            if mv.kind() == MoveKind::Ranger {
                assert_eq!(ranger, [PlayerId((me.0 + 1) % 2)], "{mv}");
                rangers += 1;
            } else {
                assert!(ranger.is_empty(), "{mv}: {ranger:?}");
            }
        }
    }
    assert!(
        claims > 0 && homes > 0 && keeps > 0 && rangers > 0,
        "{claims} {homes} {keeps} {rangers}"
    );
}

/// A move's error is the judge's value of its best move less the move's, and
/// the best move has none.
#[test]
fn the_judge_measures_a_moves_error_against_its_best() {
    let (state, moves, values) = placement_values(4, 20);
    let (best_at, worst_at) = (0..moves.len()).fold((0, 0), |(b, w), i| {
        (
            if values[i] > values[b] { i } else { b },
            if values[i] < values[w] { i } else { w },
        )
    });

    let mut analyst = Analyst::new(0);
    let worst = analyst.judge(&state, moves[worst_at]).unwrap();
    assert_eq!(worst.best.mv, moves[best_at]);
    assert_eq!(worst.played.mv, moves[worst_at]);
    assert!((worst.error - (values[best_at] - values[worst_at])).abs() < 1e-4);
    assert!(worst.error > 0.0 && !worst.agrees(), "{}", worst.error);
    assert_eq!(worst.before, analyst.forecast(&state));
    let best = analyst.judge(&state, moves[best_at]).unwrap();
    assert_eq!((best.error, best.agrees()), (0.0, true));
    assert_eq!(best.best, best.played);
}

/// Luck is what a draw gave beyond the mean of all it could have given: over
/// every outcome, weighed by its chance, it is 0 for every player.
#[test]
fn the_luck_of_every_outcome_averages_to_nothing() {
    let record = game(&["oneply", "greedy", "oneply"], 5, 80);
    let step = (40..80)
        .find(|&k| at(&record, k).to_move() == Some(Actor::Chance))
        .expect("a draw");
    let state = at(&record, step);
    let mut analyst = Analyst::new(0);
    let mut mean = [0.0f64; 3];
    let mut total = 0.0f64;
    for (outcome, weight) in state.chance_outcomes().iter() {
        let luck = analyst.luck(&state, outcome).unwrap();
        assert_eq!(luck.luck.len(), 3);
        assert_eq!(luck.player, state.play(outcome).unwrap().turn_player());
        for (m, l) in mean.iter_mut().zip(&luck.luck) {
            *m += f64::from(weight) * f64::from(*l);
        }
        total += f64::from(weight);
    }
    for m in mean {
        assert!((m / total).abs() < 1e-3, "mean luck {}", m / total);
    }
}

/// Questions asked at the wrong moment, or about moves that cannot be
/// played, are refused with the reason, and nothing is judged.
#[test]
fn the_analyst_refuses_what_cannot_be_analysed() {
    let record = game(&["greedy", "greedy"], 6, 30);
    let draw = (0..30)
        .find(|&k| at(&record, k).to_move() == Some(Actor::Chance))
        .unwrap();
    let decision = placement(&record, 0);
    let (draw, decision) = (at(&record, draw), at(&record, decision));
    let mut analyst = Analyst::new(0);
    assert!(matches!(
        analyst.hint(&draw, 2),
        Err(AnalysisError::NoDecision(_))
    ));
    let drawn = draw.chance_outcomes().iter().next().unwrap().0;
    assert!(matches!(
        analyst.judge(&draw, drawn),
        Err(AnalysisError::NoDecision(_))
    ));
    let legal = decision.legal_moves()[0];
    assert!(matches!(
        analyst.luck(&decision, legal),
        Err(AnalysisError::NoDraw(_))
    ));
    assert!(matches!(
        analyst.judge(&decision, drawn),
        Err(AnalysisError::Illegal(_))
    ));
    assert!(matches!(
        analyst.luck(&draw, legal),
        Err(AnalysisError::Illegal(_))
    ));
    let e = analyst.judge(&decision, drawn).unwrap_err().to_string();
    assert!(e.contains("illegal move"), "{e}");
}

/// A review judges every decision and every draw of a record; its totals
/// are its entries' sums; the random bot's decisions cost more than the
/// one-ply bot's.
#[test]
fn a_review_finds_the_weaker_players_errors() {
    let record = game(&["oneply", "random"], 7, 50);
    let mut review = Review::new(&record).unwrap();
    assert_eq!(review.len(), 50);
    let (mut errors, mut luck) = ([0.0f32; 2], [0.0f32; 2]);
    let mut steps = Vec::new();
    for entry in review.by_ref() {
        match entry.unwrap() {
            Entry::Decision { step, judgement } => {
                assert_eq!(judgement.played.mv, record.moves[step]);
                assert!(judgement.error >= 0.0);
                errors[judgement.player.index()] += judgement.error;
                steps.push(step);
            }
            Entry::Draw { step, luck: l } => {
                assert_eq!(l.drawn, record.moves[step]);
                luck[0] += l.luck[0];
                luck[1] += l.luck[1];
                steps.push(step);
            }
        }
    }
    assert_eq!(steps, (0..50).collect::<Vec<_>>());
    assert_eq!(review.done(), 50);
    assert_eq!(review.errors(), &errors);
    assert_eq!(review.luck(), &luck);
    assert_eq!(review.state(), &at(&record, 50));
    assert!(
        errors[1] > errors[0] + 5.0,
        "random {} against one-ply {}",
        errors[1],
        errors[0]
    );
}

/// A record with a move that cannot be played: the review stops there with
/// the step and the reason.
#[test]
fn a_review_stops_at_an_illegal_move() {
    let mut record = game(&["greedy", "greedy"], 8, 12);
    let state = at(&record, 6);
    let wrong = *record
        .moves
        .iter()
        .find(|&&m| !state.is_legal(m))
        .expect("a move not legal at step 6");
    record.moves[6] = wrong;
    let mut review = Review::new(&record).unwrap();
    let entries: Vec<_> = review.by_ref().collect();
    assert_eq!(entries.len(), 7);
    assert!(entries[..6].iter().all(Result::is_ok));
    match &entries[6] {
        Err(AnalysisError::Replay(e)) => assert!(e.to_string().starts_with("step 6: illegal move"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(review.next().is_none());
}
