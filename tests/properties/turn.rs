//! The scoring invariants of a whole turn, from the moves and the event stream
//! (`analyze_turn`): a displaced ranger's points and its single return
//! (R-RANGER-2, R-RANGER-4, R-PLACE-3), digs, expansions and completed holes
//! (R-WATER-2, R-WATER-3, R-WATER-4), completed baobabs in order and their token
//! draws (R-BAOBAB-1, R-BAOBAB-2), completed trails and bush in the placed
//! tile's segment order with their boosts, points and returned meeples
//! (R-TRAIL-3, R-TRAIL-4, R-BUSH-2, R-MAJ-1, R-MAJ-2, R-MAJ-3), who is asked to
//! boost and in which order (R-ENGINE-1), and final scoring (R-END-1, R-END-2,
//! R-END-3, R-END-4). The points of a turn add up to the change of the scores.

use std::collections::BTreeSet;

use carcassonne_safari::{
    events::MeepleSpot, Event, FeatureKind, GameState, MeepleTarget, Move, Phase, PlayerId, Pos,
};

use crate::geometry::{ring, vertex, vertex_slots};
use crate::hashing::HashSet;
use crate::model::{flood, water, Meeples, Model};
use crate::rules::{ANIMALS, DIG_POINTS, HOLE_OWNER_POINTS, RANGER_POINTS, TABLE};
use crate::stats::note;

/// One decision of a turn: the state before, the move, its events, the state after.
pub struct Step {
    pub before: GameState,
    pub mv: Move,
    pub events: Vec<Event>,
    pub after: GameState,
}

/// Expected final scoring (R-END-2/3/4) from the state it is applied to: entries
/// (player, points), zero entries omitted.
fn final_expectation(s: &GameState) -> Vec<(usize, i64)> {
    let model = Model::new(s);
    let meeples = Meeples::of(s);
    let feats = flood(&model, &meeples.segs);
    let mut out = Vec::new();
    for f in &feats.list {
        if f.open > 0 && f.has_meeples() {
            let points = f.animals.iter().sum::<u32>() as i64 + f.birds as i64;
            for p in f.majority() {
                out.push((p, points));
            }
        }
    }
    for p in 0..s.players() {
        let tokens = s.hand(PlayerId(p as u8)).total() as i64;
        out.push((p, tokens));
    }
    out.retain(|e| e.1 > 0);
    out.sort();
    out
}

/// The final scoring block: walking back from `GameOver` over the run of `Scored`
/// events, the last `want` events with points (zero-point events are skipped).
/// Returns the index of the first event taken and the block, sorted. Taking only as
/// many as expected keeps points scored earlier in the same `apply` (a dig, an
/// expansion, a feature) out of the block; the turn's total catches extra points.
fn final_block(events: &[&Event], want: usize) -> (usize, Vec<(usize, i64)>) {
    assert!(
        matches!(events.last(), Some(Event::GameOver { .. })),
        "GameOver is the last event"
    );
    let mut start = events.len() - 1;
    let mut block = Vec::new();
    while block.len() < want && start > 0 {
        let Event::Scored { player, points, .. } = events[start - 1] else {
            break;
        };
        start -= 1;
        if *points > 0 {
            block.push((player.index(), *points as i64));
        }
    }
    block.sort();
    (start, block)
}

/// Each player's points gained from `a` to `b`.
pub fn score_delta(a: &GameState, b: &GameState) -> Vec<i64> {
    a.scores()
        .iter()
        .zip(b.scores())
        .map(|(x, y)| *y as i64 - *x as i64)
        .collect()
}

/// Checks the points and scoring events of one turn, from its tile draw to the
/// next one (or to the end of the game).
pub fn analyze_turn(steps: &[Step]) {
    let last = steps.last().expect("a turn has steps");
    let over = last.after.is_over();
    // Between turns nothing is pending.
    if over {
        assert_eq!(
            last.after.tiles_left(),
            0,
            "R-END-1: the game ends only with the pile empty"
        );
    } else {
        assert!(last.after.tiles_left() > 0);
    }
    let Some(pi) = steps
        .iter()
        .position(|s| matches!(s.before.phase(), Phase::Place { .. }))
    else {
        // No placement: the setup deal or a removed tile (R-PLACE-2).
        let scored: Vec<&Event> = steps.iter().flat_map(|s| &s.events).collect();
        let mut expected = vec![0i64; last.after.players()];
        if over {
            let want = final_expectation(&last.after);
            let (start, block) = final_block(&scored, want.len());
            assert_eq!(block, want, "final scoring after a removed last tile");
            assert!(scored[..start]
                .iter()
                .all(|e| !matches!(e, Event::Scored { points, .. } if *points > 0)));
            for (p, pts) in want {
                expected[p] += pts;
            }
        } else {
            assert!(scored.iter().all(|e| !matches!(e, Event::Scored { .. })));
        }
        assert_eq!(score_delta(&steps[0].before, &last.after), expected);
        return;
    };
    let n = last.after.players();
    let place = &steps[pi];
    let s_place = &place.after;
    let active = place.before.turn_player().unwrap().index();
    let p_pos = s_place.placed_tile().expect("placed tile");
    let Move::Place(mpos, _) = place.mv else {
        panic!("not a place move")
    };
    assert_eq!(mpos, p_pos);
    let action = &steps[pi + 1];
    assert_eq!(action.before.phase(), Phase::Action);
    let model = Model::new(s_place);
    let tile = model.tiles[&p_pos];
    let mut mm = Meeples::of(s_place);
    match action.mv {
        Move::Meeple(MeepleTarget::Segment(seg)) => {
            mm.segs.insert((p_pos, seg), active);
        }
        Move::Meeple(MeepleTarget::Baobab) => {
            mm.baobabs.insert(p_pos, active);
        }
        _ => {}
    }
    let feats = flood(&model, &mm.segs);
    let mut expected = vec![0i64; n];
    let flat: Vec<(usize, &Event)> = steps[pi..]
        .iter()
        .enumerate()
        .flat_map(|(k, s)| s.events.iter().map(move |e| (pi + k, e)))
        .collect();
    let events: Vec<&Event> = flat.iter().map(|x| x.1).collect();

    // R-RANGER-2.
    let displaced = place
        .events
        .iter()
        .any(|e| matches!(e, Event::RangerDisplaced { .. }));
    assert_eq!(
        displaced,
        place.before.rangers().contains(&Some(p_pos)),
        "R-PLACE-3"
    );
    if displaced {
        expected[active] += RANGER_POINTS;
    }
    let returns = steps.iter().filter(|s| matches!(s.mv, Move::Return(_))).count();
    assert_eq!(
        returns, displaced as usize,
        "R-RANGER-4: the displaced ranger is put back once"
    );

    // R-WATER-2/3/4.
    let w = water(s_place);
    match action.mv {
        Move::Dig(..) => expected[active] += DIG_POINTS,
        Move::Expand(p, c, _) => {
            let slots = vertex_slots(vertex(p, c));
            let nth = 1 + slots.iter().filter(|s| w.contains_key(s)).count() as i64;
            assert!((2..=4).contains(&nth));
            expected[active] += nth + 2;
            if nth == 4 {
                let owners: BTreeSet<usize> = slots.iter().filter_map(|s| mm.holes.get(s).copied()).collect();
                for o in owners {
                    expected[o] += HOLE_OWNER_POINTS;
                }
                assert!(events.iter().any(|e| matches!(e, Event::HoleCompleted { .. })));
            }
        }
        _ => {}
    }

    // R-BAOBAB-2: the placed tile first, then the ring row by row.
    let mut want_baobabs = Vec::new();
    for cell in std::iter::once(p_pos).chain(ring(p_pos)) {
        if let Some(&owner) = mm.baobabs.get(&cell) {
            if ring(cell).iter().all(|&q| model.occupied(q)) {
                want_baobabs.push((cell, owner));
            }
        }
    }
    let got_baobabs: Vec<(Pos, usize)> = events
        .iter()
        .filter_map(|e| match e {
            Event::BaobabCompleted { pos, player } => Some((*pos, player.index())),
            _ => None,
        })
        .collect();
    assert_eq!(got_baobabs, want_baobabs, "completed baobabs");
    // R-BAOBAB-1/2: two tokens per baobab meeple and per completion.
    let mut want_tokens = vec![0i64; n];
    if action.mv == Move::Meeple(MeepleTarget::Baobab) {
        want_tokens[active] += 2;
    }
    for &(_, o) in &want_baobabs {
        want_tokens[o] += 2;
    }
    let mut got_tokens = vec![0i64; n];
    for e in &events {
        if let Event::TokenDrawn { player, .. } = e {
            got_tokens[player.index()] += 1;
        }
    }
    let available = s_place.token_supply().total() as i64 + s_place.token_discard().total() as i64;
    if available >= want_tokens.iter().sum::<i64>() {
        assert_eq!(got_tokens, want_tokens, "tokens drawn for baobabs");
    } else {
        assert!(got_tokens.iter().zip(&want_tokens).all(|(g, w)| g <= w));
    }

    // R-TRAIL/R-BUSH completions, in the placed tile's segment order.
    let mut completed = Vec::new();
    let mut seen = HashSet::default();
    for seg in 0..tile.design.kind().segments().len() {
        let id = feats.of[&(p_pos, seg as u8)];
        if seen.insert(id) && feats.list[id].open == 0 {
            completed.push((seg as u8, id));
        }
    }
    let got_completed: Vec<usize> = (0..events.len())
        .filter(|&i| matches!(events[i], Event::FeatureCompleted { .. }))
        .collect();
    assert_eq!(
        got_completed.len(),
        completed.len(),
        "number of completed features"
    );
    let final_want = if over {
        final_expectation(&last.after)
    } else {
        Vec::new()
    };
    let final_start = if over {
        final_block(&events, final_want.len()).0
    } else {
        events.len()
    };
    let mut want_asks = Vec::new();
    for (&(seg, id), &ei) in completed.iter().zip(&got_completed) {
        let f = &feats.list[id];
        let Event::FeatureCompleted {
            kind,
            pos,
            seg: eseg,
            animals,
            birds,
        } = *events[ei]
        else {
            unreachable!()
        };
        assert_eq!((kind, pos, eseg), (f.kind, p_pos, seg));
        let ev_animals: Vec<u32> = ANIMALS.iter().map(|&a| animals.get(a) as u32).collect();
        assert_eq!(ev_animals, f.animals);
        assert_eq!(birds as u32, f.birds);
        let mut i = ei + 1;
        let mut boosted = [false; 5];
        while let Some(Event::BoostUsed { player, animal }) = events.get(i) {
            assert!(
                f.majority().contains(&player.index()),
                "R-TRAIL-4: boost by a non-scorer"
            );
            assert!(!f.has(*animal) && f.species() < 5, "R-TRAIL-4: ineligible boost");
            assert!(
                !std::mem::replace(&mut boosted[player.index()], true),
                "two boosts by one player"
            );
            i += 1;
        }
        if !f.has_meeples() {
            assert!(!boosted.iter().any(|&b| b), "boost on a feature without meeples");
            assert!(
                i >= final_start
                    || !matches!(events.get(i), Some(Event::Scored { points, .. }) if *points > 0),
                "R-MAJ-3: points for a feature without meeples"
            );
            continue;
        }
        // Who is asked: majority players holding an eligible token, from the active
        // player round the table, with the hands as they are when it is scored.
        let hands_at = &steps[flat[ei].0].after;
        let asks_before = want_asks.len();
        for off in 0..n {
            let p = (active + off) % n;
            let hand = hands_at.hand(PlayerId(p as u8));
            let eligible = f.species() < 5 && ANIMALS.iter().any(|&a| hand.get(a) > 0 && !f.has(a));
            if f.majority().contains(&p) && eligible {
                want_asks.push((f.segs.clone(), p));
            }
        }
        note("(scored feature)");
        if f.majority().len() > 1 {
            note("(tied majority)");
        }
        if want_asks.len() - asks_before > 1 {
            note("(several boost questions)");
        }
        if f.species() == 5 {
            note("(five kinds)");
        }
        if f.species() == 0 && boosted.iter().any(|&b| b) {
            note("(zero kinds boosted)");
        }
        let mut want_points: Vec<(usize, i64)> = f
            .majority()
            .into_iter()
            .map(|p| {
                let kinds = (f.species() + boosted[p] as usize).min(5);
                let birds = if f.kind == FeatureKind::Bush {
                    f.birds as i64
                } else {
                    0
                };
                (p, TABLE[kinds] + birds)
            })
            .collect();
        for &(p, pts) in &want_points {
            expected[p] += pts;
        }
        let mut run = Vec::new();
        while let Some(Event::Scored { player, points, .. }) = events.get(i) {
            run.push((player.index(), *points as i64));
            i += 1;
        }
        run.retain(|e| e.1 > 0);
        run.sort();
        want_points.retain(|e| e.1 > 0);
        want_points.sort();
        assert_eq!(run, want_points, "points of completed {:?} {:?}", f.kind, f.segs);
        // R-MAJ-2: every meeple on it returns.
        let on_it = f.meeples.iter().sum::<u32>() as usize;
        let mut returned = 0;
        while let Some(Event::MeepleReturned { spot, .. }) = events.get(i) {
            let MeepleSpot::Segment { pos, seg } = *spot else {
                panic!("{spot:?}")
            };
            assert!(f.segs.contains(&(pos, seg)));
            returned += 1;
            i += 1;
        }
        assert_eq!(returned, on_it, "meeples returned from {:?}", f.segs);
    }
    let got_asks: Vec<(BTreeSet<(Pos, u8)>, usize)> = steps
        .iter()
        .filter_map(|s| match s.before.phase() {
            Phase::Boost { player } => {
                let f = s.before.scoring_feature().expect("scoring feature");
                Some((
                    f.segments.iter().map(|s| (s.pos, s.seg)).collect(),
                    player.index(),
                ))
            }
            _ => None,
        })
        .collect();
    assert_eq!(got_asks, want_asks, "boost questions (DESIGN decision 5)");

    // R-END: final scoring.
    if over {
        let (_, block) = final_block(&events, final_want.len());
        assert_eq!(block, final_want, "final scoring");
        for (p, pts) in final_want {
            expected[p] += pts;
        }
    }
    assert_eq!(
        score_delta(&place.before, &last.after),
        expected,
        "turn of p{active} placing {} at {p_pos}",
        tile.design
    );
}
