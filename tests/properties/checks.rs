//! The checks run at every decision (`check_decision`): the legal moves equal
//! the oracle's, are listed once each and deterministically, and are `is_legal`;
//! chance outcomes and their weights (R-ENGINE-4); unlisted candidates are
//! refused and change nothing, also from the wrong actor (R-ENGINE-6); clones
//! are equal and hash equal; the queries agree with the tracker; conservation
//! of tiles, tokens and meeples (R-COMP-1, R-COMP-2, R-COMP-3); ranger cells
//! (R-RANGER-1); the engine's features equal the flood fill, and shared edges
//! match (R-PLACE-1). After a turn: no meeple stays on anything complete
//! (R-MAJ-2, R-BAOBAB-2, R-WATER-4).

use std::collections::BTreeSet;

use carcassonne_safari::{error::IllegalReason, Actor, Design, GameState, Move, Phase, PlayerId, Pos};
use rand_core::RngCore;
use rand_pcg::Pcg64Mcg;

use crate::candidates::{candidates, kind_fits_phase};
use crate::geometry::{opposite, pos, ring, step, vertex, vertex_slots, SIDES};
use crate::hashing::{hash_of, HashMap, HashSet};
use crate::model::{flood, water, BfFeature, BfFeatures, Meeples, Model};
use crate::oracle::oracle;
use crate::rules::{aidx, ANIMALS, LAND_TILES, MEEPLES, START_CELLS, TOKENS_PER_ANIMAL};
use crate::tracker::Tracker;
use crate::views::check_views;

/// The board's features from the engine agree with the brute-force flood fill.
fn check_features(s: &GameState, model: &Model, feats: &BfFeatures) {
    let engine = s.features();
    assert_eq!(engine.len(), feats.list.len(), "number of features");
    let by_segs: HashMap<Vec<(Pos, u8)>, &BfFeature> = feats
        .list
        .iter()
        .map(|f| (f.segs.iter().copied().collect(), f))
        .collect();
    for f in &engine {
        let segments: Vec<(Pos, u8)> = f.segments.iter().map(|s| (s.pos, s.seg)).collect();
        let bf = by_segs
            .get(&segments)
            .unwrap_or_else(|| panic!("engine feature {:?} is not a brute-force feature", f.segments));
        assert_eq!(f.kind, bf.kind);
        assert_eq!(f.open_ends as u32, bf.open, "open ends of {:?}", f.segments);
        assert_eq!(f.is_complete(), bf.open == 0);
        let animals: Vec<u32> = ANIMALS.iter().map(|&a| f.animals.get(a) as u32).collect();
        assert_eq!(animals, bf.animals, "animals of {:?}", f.segments);
        assert_eq!(f.birds as u32, bf.birds, "birds of {:?}", f.segments);
        let meeples: Vec<u32> = f.meeples.iter().map(|&m| m as u32).collect();
        assert_eq!(meeples, bf.meeples[..s.players()], "meeples of {:?}", f.segments);
        // R-MAJ-1: the view's majority is the brute-force one.
        let majority: Vec<usize> = f.majority.iter().map(|p| p.index()).collect();
        assert_eq!(majority, bf.majority(), "majority of {:?}", f.segments);
        let cells: BTreeSet<Pos> = bf.segs.iter().map(|s| s.0).collect();
        assert_eq!(f.cells(), cells.into_iter().collect::<Vec<_>>());
    }
    for (&(p, seg), &id) in &feats.of {
        let f = s.feature(p, seg).expect("a feature for every segment");
        assert_eq!(
            f.segments.iter().map(|s| (s.pos, s.seg)).collect::<Vec<_>>(),
            feats.list[id].segs.iter().copied().collect::<Vec<_>>()
        );
    }
    for (&p, t) in &model.tiles {
        assert!(s.feature(p, t.design.kind().segments().len() as u8).is_none());
        // R-PLACE-1: every edge shared by two tiles matches.
        for side in SIDES {
            if let Some(n) = model.tiles.get(&step(p, side)) {
                assert_eq!(
                    Model::edge(t, side),
                    Model::edge(n, opposite(side)),
                    "{p} {side:?}"
                );
            }
        }
    }
}

/// Conservation and ranger invariants.
fn check_conservation(s: &GameState, model: &Model, meeples: &Meeples) {
    // R-COMP-1: 72 = placed land tiles + removed + left.
    let land = model
        .tiles
        .values()
        .filter(|t| !t.design.kind().is_start())
        .count();
    assert_eq!(model.tiles.len(), land + 3, "the start tile covers 3 cells");
    for c in START_CELLS {
        assert!(model.tiles[&pos(c)].design.kind().is_start());
    }
    let in_hand = matches!(s.phase(), Phase::Place { .. }) as usize;
    assert_eq!(land + s.tiles_removed() + s.tiles_left() + in_hand, LAND_TILES);
    assert_eq!(s.pile().map(|(_, n)| n as usize).sum::<usize>(), s.tiles_left());
    // R-COMP-2: 50 tokens, 10 per animal.
    let w = water(s);
    for a in ANIMALS {
        let hands: i64 = (0..s.players())
            .map(|p| s.hand(PlayerId(p as u8)).get(a) as i64)
            .sum();
        let board = w.values().filter(|&&b| b == a).count() as i64;
        let total = s.token_supply().get(a) as i64 + s.token_discard().get(a) as i64 + hands + board;
        assert_eq!(total, TOKENS_PER_ANIMAL, "{a:?} tokens");
    }
    for (&(p, c), _) in w.iter() {
        assert!(model.savanna_slot(p, c), "token on a non-slot {p} {c}");
    }
    for &(p, c) in meeples.holes.keys() {
        assert!(w.contains_key(&(p, c)), "hole meeple without a token at {p} {c}");
    }
    for (&(p, seg), _) in meeples.segs.iter() {
        let t = model.tiles.get(&p).expect("meeple on a tile");
        assert!((seg as usize) < t.design.kind().segments().len());
    }
    for &p in meeples.baobabs.keys() {
        assert!(
            model
                .tiles
                .get(&p)
                .expect("baobab meeple on a tile")
                .design
                .kind()
                .baobab
        );
    }
    // R-COMP-3: 6 meeples per player.
    for p in 0..s.players() {
        assert_eq!(
            s.meeples_in_supply(PlayerId(p as u8)) as i64 + meeples.count(p),
            MEEPLES
        );
    }
    for p in s.players()..5 {
        assert_eq!(meeples.count(p), 0);
    }
    // R-RANGER-1.
    let frontier = model.frontier();
    let engine_frontier: BTreeSet<Pos> = s.frontier().iter().copied().collect();
    assert_eq!(
        engine_frontier.len(),
        s.frontier().len(),
        "frontier lists a cell twice"
    );
    assert_eq!(engine_frontier, frontier, "frontier");
    let rangers = s.rangers();
    for r in rangers.iter().flatten() {
        assert!(
            frontier.contains(r),
            "ranger on {r}, not an empty cell next to a tile"
        );
    }
    if let [Some(a), Some(b)] = rangers {
        assert_ne!(a, b, "rangers share a cell");
    }
    let missing = rangers.iter().filter(|r| r.is_none()).count();
    match s.phase() {
        Phase::Action | Phase::Boost { .. } | Phase::DrawToken { .. } | Phase::Return if missing == 1 => {
            assert!(
                s.placed_tile().is_some(),
                "a ranger is off the board outside a turn"
            );
        }
        _ => assert_eq!(missing, 0, "a ranger is off the board in {:?}", s.phase()),
    }
}

/// R-MAJ-2, R-BAOBAB-2, R-WATER-4: no meeple stays on something complete once a
/// turn's scoring is over.
pub fn check_no_meeple_on_complete(s: &GameState, model: &Model, meeples: &Meeples, feats: &BfFeatures) {
    for (&spot, &owner) in &meeples.segs {
        let f = &feats.list[feats.of[&spot]];
        assert!(
            f.open > 0,
            "p{owner}'s meeple stays on complete {:?} at {spot:?}",
            f.kind
        );
    }
    for (&p, &owner) in &meeples.baobabs {
        assert!(
            !ring(p).iter().all(|&q| model.occupied(q)),
            "p{owner}'s meeple stays on the complete baobab at {p}"
        );
    }
    let w = water(s);
    for (&(p, c), &owner) in &meeples.holes {
        let n = vertex_slots(vertex(p, c))
            .iter()
            .filter(|s| w.contains_key(s))
            .count();
        assert!(n < 4, "p{owner}'s meeple stays on the complete hole at {p} {c}");
    }
}

/// Who is to move, from the phase alone.
fn to_move_of(s: &GameState) -> Option<Actor> {
    match s.phase() {
        Phase::GameOver => None,
        Phase::DrawTile | Phase::DrawToken { .. } => Some(Actor::Chance),
        Phase::Boost { player } => Some(Actor::Player(player)),
        _ => Some(Actor::Player(s.turn_player().unwrap())),
    }
}

/// Every check of one decision; returns the legal moves.
pub fn check_decision(s: &GameState, tr: &Tracker, rng: &mut Pcg64Mcg) -> Vec<Move> {
    tr.compare(s);
    let model = Model::new(s);
    let meeples = Meeples::of(s);
    let feats = flood(&model, &meeples.segs);
    check_conservation(s, &model, &meeples);
    if matches!(s.phase(), Phase::Action | Phase::DrawTile | Phase::GameOver) {
        check_features(s, &model, &feats);
    }

    // Clones compare and hash equal.
    let snapshot = s.clone();
    assert_eq!(snapshot, *s);
    assert_eq!(hash_of(&snapshot), hash_of(s));

    let legal: Vec<Move> = s.legal_moves().to_vec();
    assert_eq!(
        legal,
        s.legal_moves().to_vec(),
        "legal_moves is not deterministic"
    );
    assert_eq!(
        legal,
        snapshot.legal_moves().to_vec(),
        "a clone lists other moves"
    );
    let set: HashSet<Move> = legal.iter().copied().collect();
    assert_eq!(set.len(), legal.len(), "duplicate legal moves: {legal:?}");
    assert_eq!(s.to_move(), to_move_of(s));
    assert_eq!(s.is_over(), s.to_move().is_none());
    if s.to_move().is_none() {
        assert!(legal.is_empty());
    } else {
        assert!(!legal.is_empty(), "no legal move in {:?}", s.phase());
    }
    // One listed move per decision (drawn by the checks' generator) also
    // checks that the two equal states hash equal: hashing a whole state for
    // every listed move took most of the battery's time, and the clone above
    // checks the hash of every position.
    let hashed = (!legal.is_empty()).then(|| rng.next_u32() as usize % legal.len());
    for (i, &m) in legal.iter().enumerate() {
        assert!(s.is_legal(m), "{m} listed but not is_legal");
        assert!(kind_fits_phase(m, s.phase()), "{m} listed in {:?}", s.phase());
        // `apply_unchecked` of a listed move: the state and events of `apply_mut`.
        let (mut checked, mut unchecked) = (s.clone(), s.clone());
        let (mut ev1, mut ev2) = (Vec::new(), Vec::new());
        checked.apply_mut(m, &mut ev1).expect("a listed move");
        unchecked.apply_unchecked(m, &mut ev2);
        assert_eq!(unchecked, checked, "apply_unchecked({m}) leaves another state");
        assert_eq!(ev2, ev1, "apply_unchecked({m}) reports other events");
        if hashed == Some(i) {
            assert_eq!(hash_of(&unchecked), hash_of(&checked));
        }
        assert_eq!(
            s.play_unchecked(m),
            checked,
            "play_unchecked({m}) leaves another state"
        );
    }
    let expected = oracle(s, tr, &model, &feats);
    if expected != set {
        let extra: Vec<String> = set.difference(&expected).map(|m| m.to_string()).collect();
        let missing: Vec<String> = expected.difference(&set).map(|m| m.to_string()).collect();
        panic!(
            "legal moves differ from the rules in {:?}: extra {extra:?}, missing {missing:?}",
            s.phase()
        );
    }

    // Chance outcomes and their weights (DESIGN: tiles per design / tokens per animal).
    let outcomes = s.chance_outcomes().iter().collect::<Vec<_>>();
    match s.phase() {
        Phase::DrawTile => {
            let want: Vec<(Move, u32)> = Design::all()
                .filter(|d| tr.pile[d.index()] > 0)
                .map(|d| (Move::Draw(d), tr.pile[d.index()] as u32))
                .collect();
            let mut got = outcomes.clone();
            got.sort_by_key(|(m, _)| match m {
                Move::Draw(d) => d.index(),
                _ => usize::MAX,
            });
            assert_eq!(got, want);
            assert_eq!(
                outcomes.iter().map(|o| o.1 as usize).sum::<usize>(),
                s.tiles_left()
            );
        }
        Phase::DrawToken { .. } => {
            let want: HashMap<Move, u32> = ANIMALS
                .iter()
                .filter(|&&a| tr.supply[aidx(a)] > 0)
                .map(|&a| (Move::Token(a), tr.supply[aidx(a)] as u32))
                .collect();
            let got: HashMap<Move, u32> = outcomes.iter().copied().collect();
            assert_eq!(got.len(), outcomes.len());
            assert_eq!(got, want);
            let total: u32 = outcomes.iter().map(|o| o.1).sum();
            assert_eq!(total as i64, tr.supply.iter().sum::<i64>());
        }
        _ => assert!(outcomes.is_empty(), "chance outcomes at a player's decision"),
    }
    if !outcomes.is_empty() {
        let outcome_moves: HashSet<Move> = outcomes.iter().map(|o| o.0).collect();
        assert_eq!(outcome_moves, set, "chance outcomes differ from legal moves");
        assert!(outcomes.iter().all(|o| o.1 > 0));
    }
    let sampled = s.chance_outcomes().sample(rng);
    match s.to_move() {
        Some(Actor::Chance) => assert!(sampled.is_some_and(|m| set.contains(&m))),
        _ => assert_eq!(sampled, None),
    }

    // The views against the raw state; the JSON form on one decision in 16.
    let sample = rng.next_u32().is_multiple_of(16);
    check_views(s, tr, &model, &meeples, &feats, &legal, sample);

    // Moves not in the list are illegal and change nothing.
    for m in candidates(s, &model, &legal, rng) {
        let is_listed = set.contains(&m);
        assert_eq!(
            s.is_legal(m),
            is_listed,
            "is_legal({m}) disagrees with legal_moves"
        );
        if is_listed {
            continue;
        }
        let err = s.apply(m).expect_err("an unlisted move applied");
        assert_eq!(err.mv, m);
        if s.is_over() {
            assert_eq!(err.reason, IllegalReason::GameOver);
        } else if !kind_fits_phase(m, s.phase()) {
            assert_eq!(err.reason, IllegalReason::WrongPhase(s.phase()), "{m}");
        }
        if let Some(actor) = s.to_move() {
            assert!(s.apply_as(actor, m).is_err());
        }
    }
    // apply_as refuses the right move from the wrong actor.
    if let (Some(actor), Some(&m)) = (s.to_move(), legal.first()) {
        let wrong = match actor {
            Actor::Chance => Actor::Player(PlayerId(0)),
            Actor::Player(_) if rng.next_u32().is_multiple_of(2) => Actor::Chance,
            Actor::Player(p) => Actor::Player(PlayerId(((p.index() + 1) % s.players()) as u8)),
        };
        let err = s.apply_as(wrong, m).expect_err("apply_as for the wrong actor");
        assert_eq!(err.reason, IllegalReason::NotYourTurn(actor));
        assert!(s.apply_as(actor, m).is_ok());
    }
    if s.is_over() {
        let err = s.apply(Move::Pass).expect_err("a move after the game");
        assert_eq!(err.reason, IllegalReason::GameOver);
    }
    assert_eq!(snapshot, *s, "a refused move changed the state");
    legal
}
