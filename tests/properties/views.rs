//! The views (`carcassonne_safari::view`) against the raw state and the
//! battery's own bookkeeping, at every player decision: the grouped legal
//! moves hold exactly the legal moves and the points the rules fix for each
//! (R-RANGER-2, R-WATER-2..4, R-TRAIL-4); the scores, meeples and hands of
//! the players (the tracker of the event stream); the trails and bushes (the
//! brute-force flood fill, R-TRAIL-1/2, R-BUSH-1, R-MAJ-1); the watering
//! holes, grouped here as the connected components of tokens whose cells
//! share an edge round one vertex (R-WATER-1, R-WATER-4), which also covers
//! holes that wrap round a vertex; and, on a sample of decisions, that the
//! whole view survives its JSON form.

use std::collections::{BTreeMap, BTreeSet};

use carcassonne_safari::view::{GameView, LegalMoves};
use carcassonne_safari::{Actor, Animal, Corner, GameState, Move, MoveKind, Phase, PlayerId, Pos};

use crate::geometry::{cells_touch, vertex, vertex_slots};
use crate::model::{BfFeatures, Meeples, Model};
use crate::rules::{DIG_POINTS, HOLE_OWNER_POINTS, RANGER_POINTS, TABLE};
use crate::tracker::Tracker;

/// A watering hole as the battery sees it: its tokens, their meeples' owners
/// and whether its vertex is full.
type Hole = (BTreeSet<(Pos, Corner, Animal)>, BTreeSet<usize>, bool);
/// A hole as compared: its tokens sorted, its owners, whether it is complete.
type Compared = (Vec<(Pos, Corner, Animal)>, Vec<usize>, bool);

/// Every check of the views of `s`; `legal` is its legal-move list and
/// `sample` says whether to check the JSON round trip too.
pub fn check_views(
    s: &GameState,
    tr: &Tracker,
    model: &Model,
    meeples: &Meeples,
    feats: &BfFeatures,
    legal: &[Move],
    sample: bool,
) {
    if s.to_move() == Some(Actor::Chance) {
        // Nothing on the board changes at a draw: the outcomes only.
        check_legal(s, &LegalMoves::new(s), tr, meeples, feats, legal);
        return;
    }
    let view = GameView::new(s);
    check_players(&view, tr);
    check_legal(s, &view.legal, tr, meeples, feats, legal);
    check_features(&view, feats, s.players());
    check_holes(&view, tr, meeples);
    assert_eq!(view.tiles.len(), model.tiles.len());
    assert_eq!(view.phase, s.phase());
    assert_eq!(view.to_move, s.to_move());
    if sample {
        let json = serde_json::to_string(&view).expect("a view serialises");
        let back: GameView = serde_json::from_str(&json).expect("a view reads back");
        assert_eq!(back, view, "the view changed through JSON");
    }
}

/// Scores, meeples and hands against the event stream's bookkeeping.
fn check_players(view: &GameView, tr: &Tracker) {
    assert_eq!(view.players.len(), tr.players);
    for (i, p) in view.players.iter().enumerate() {
        assert_eq!(p.seat, PlayerId(i as u8));
        assert_eq!(p.score as i64, tr.scores[i], "score of p{i}");
        assert_eq!(p.meeples as i64, tr.meeples[i], "meeples of p{i}");
        let hand: Vec<i64> = crate::rules::ANIMALS
            .iter()
            .map(|&a| p.hand.get(a) as i64)
            .collect();
        assert_eq!(hand, tr.hands[i], "hand of p{i}");
    }
    let best = *tr.scores.iter().max().unwrap();
    let leaders: Vec<usize> = (0..tr.players).filter(|&i| tr.scores[i] == best).collect();
    assert_eq!(
        view.leaders.iter().map(|p| p.index()).collect::<Vec<_>>(),
        leaders
    );
    let supply: Vec<i64> = crate::rules::ANIMALS
        .iter()
        .map(|&a| view.supply.get(a) as i64)
        .collect();
    assert_eq!(supply, tr.supply);
    let discard: Vec<i64> = crate::rules::ANIMALS
        .iter()
        .map(|&a| view.discard.get(a) as i64)
        .collect();
    assert_eq!(discard, tr.discard);
}

/// The grouping holds exactly the legal moves, in their order, with the
/// points the rules fix.
fn check_legal(
    s: &GameState,
    groups: &LegalMoves,
    tr: &Tracker,
    meeples: &Meeples,
    feats: &BfFeatures,
    legal: &[Move],
) {
    assert_eq!(groups.moves(), legal, "the grouping is not the legal list");
    assert_eq!(groups.len(), legal.len());
    if s.to_move() == Some(Actor::Chance) {
        assert_eq!(groups.outcomes.len(), legal.len());
        return;
    }
    // Only the groups of the decision's phase are filled.
    let kinds: BTreeSet<MoveKind> = legal.iter().map(|m| m.kind()).collect();
    assert_eq!(groups.pass, kinds.contains(&MoveKind::Pass));
    assert_eq!(groups.no_boost, kinds.contains(&MoveKind::NoBoost));
    for p in &groups.placements {
        // R-RANGER-2: a tile on a ranger scores 3 for the placing player.
        let ranger = tr.rangers.contains(&Some(p.pos));
        assert_eq!(p.displaces_ranger, ranger);
        assert_eq!(p.points as i64, if ranger { RANGER_POINTS } else { 0 });
    }
    for m in &groups.meeples {
        if let (carcassonne_safari::MeepleTarget::Segment(seg), Some(id), Some(at)) =
            (m.target, m.feature, tr.placed)
        {
            // The feature named is the one of the segment.
            assert_eq!(
                feats.of[&(id.pos, id.seg)],
                feats.of[&(at, seg)],
                "meeple on {at}/{seg}"
            );
        } else {
            assert!(m.feature.is_none() || m.target != carcassonne_safari::MeepleTarget::Baobab);
        }
    }
    let Some(Actor::Player(mover)) = s.to_move() else {
        assert!(groups.is_empty(), "moves after the end");
        return;
    };
    let mover = mover.index();
    for h in &groups.holes {
        let v = vertex(h.pos, h.corner);
        let at_vertex: Vec<(&(Pos, Corner), &Animal)> = tr
            .water
            .iter()
            .filter(|((p, c), _)| vertex(*p, *c) == v)
            .collect();
        match h.kind {
            // R-WATER-2: a new hole scores 3.
            MoveKind::Dig => {
                assert_eq!(h.points as i64, DIG_POINTS);
                assert!(!h.completes);
            }
            // R-WATER-3: the nth token at a vertex scores n + 2; R-WATER-4:
            // the fourth completes the hole and its owners score 3 more.
            MoveKind::Expand => {
                let nth = at_vertex.len() as i64 + 1;
                let completes = nth == 4;
                let owner = completes
                    && meeples
                        .holes
                        .iter()
                        .any(|((p, c), &o)| vertex(*p, *c) == v && o == mover);
                assert_eq!(h.completes, completes);
                assert_eq!(
                    h.points as i64,
                    nth + 2 + if owner { HOLE_OWNER_POINTS } else { 0 }
                );
            }
            other => panic!("a hole choice of kind {other}"),
        }
    }
    if let Phase::Boost { .. } = s.phase() {
        // R-TRAIL-4: a boost counts one species more (at most five).
        let f = s.scoring_feature().expect("a feature is being scored");
        let bf = &feats.list[feats.of[&(f.segments[0].pos, f.segments[0].seg)]];
        let species = bf.species();
        let gain = TABLE[(species + 1).min(5)] - TABLE[species];
        for b in &groups.boosts {
            assert_eq!(b.points as i64, gain);
        }
    }
}

/// The trails and bushes against the flood fill.
fn check_features(view: &GameView, feats: &BfFeatures, players: usize) {
    assert_eq!(view.features.len(), feats.list.len(), "number of features");
    for f in &view.features {
        let segs: BTreeSet<(Pos, u8)> = f.segments.iter().map(|s| (s.pos, s.seg)).collect();
        let bf = &feats.list[feats.of[&(f.id.pos, f.id.seg)]];
        assert_eq!(segs, bf.segs, "segments of {}", f.id);
        assert_eq!(f.kind, bf.kind);
        assert_eq!(f.open_ends as u32, bf.open);
        assert_eq!(f.is_complete(), bf.open == 0);
        assert_eq!(f.species() as usize, bf.species());
        let animals: Vec<u32> = crate::rules::ANIMALS
            .iter()
            .map(|&a| f.animals.get(a) as u32)
            .collect();
        assert_eq!(animals, bf.animals);
        assert_eq!(f.birds as u32, bf.birds);
        let m: Vec<u32> = f.meeples.iter().map(|&n| n as u32).collect();
        assert_eq!(m, bf.meeples[..players]);
        let majority: Vec<usize> = f.majority.iter().map(|p| p.index()).collect();
        assert_eq!(majority, bf.majority(), "majority of {}", f.id);
    }
}

/// The watering holes against connected components of touching tokens.
fn check_holes(view: &GameView, tr: &Tracker, meeples: &Meeples) {
    let tokens: Vec<((Pos, Corner), Animal)> = tr.water.iter().map(|(&k, &a)| (k, a)).collect();
    // Union-find over the tokens: two tokens are in one hole when they are
    // round one vertex and their cells share an edge.
    let mut parent: Vec<usize> = (0..tokens.len()).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            i = parent[i];
        }
        i
    }
    for i in 0..tokens.len() {
        for j in 0..i {
            let ((a, ca), _) = tokens[i];
            let ((b, cb), _) = tokens[j];
            if vertex(a, ca) == vertex(b, cb) && cells_touch(a, b) {
                let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
                parent[ri] = rj;
            }
        }
    }
    let mut holes: BTreeMap<usize, Hole> = BTreeMap::new();
    for i in 0..tokens.len() {
        let r = find(&mut parent, i);
        let ((p, c), a) = tokens[i];
        let full = tokens
            .iter()
            .filter(|((q, d), _)| vertex(*q, *d) == vertex(p, c))
            .count()
            == 4;
        let hole = holes
            .entry(r)
            .or_insert_with(|| (BTreeSet::new(), BTreeSet::new(), full));
        hole.0.insert((p, c, a));
        if let Some(&owner) = meeples.holes.get(&(p, c)) {
            hole.1.insert(owner);
        }
    }
    for (tokens, _, full) in holes.values() {
        // A hole holding the vertex's last and first slots but not all four
        // wraps round the vertex (counted for BATTERY_STATS).
        let (p, c, _) = *tokens.iter().next().expect("a hole has a token");
        let slots = vertex_slots(vertex(p, c));
        let has = |i: usize| tokens.iter().any(|&(q, d, _)| (q, d) == slots[i]);
        if has(3) && has(0) && !full {
            crate::stats::note("hole wrapping round its vertex");
        }
    }
    let want: BTreeSet<Compared> = holes
        .into_values()
        .map(|(t, o, full)| (t.into_iter().collect(), o.into_iter().collect(), full))
        .collect();
    let got: BTreeSet<Compared> = view
        .water_holes
        .iter()
        .map(|h| {
            let mut t: Vec<(Pos, Corner, Animal)> =
                h.tokens.iter().map(|t| (t.pos, t.corner, t.animal)).collect();
            t.sort();
            let o: Vec<usize> = h.owners().iter().map(|p| p.index()).collect();
            (t, o, h.complete)
        })
        .collect();
    assert_eq!(got, want, "watering holes");
}
