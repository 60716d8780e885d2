//! The observation encoding: feature planes over a square board window centred
//! on the start tile, and a vector of scalar features, both `f32`, seen by one
//! player (seats are numbered relative to the observer: 0 is the observer, 1
//! the next seat in turn order, ...).
//!
//! Plane `p`, row `r`, column `c` is cell `(c - radius, r - radius)`; the window
//! has `2 * radius + 1` rows and columns. Values are raw counts and flags (not
//! normalised). The names of the planes and scalars, in order, are
//! [`PLANE_NAMES`] and [`scalar_names`]; `python/README.md` documents them.

use std::collections::HashMap;

use carcassonne_safari::{
    events::MeepleSpot, tiles::Edge, Actor, Animal, FeatureKind, GameState, Move, Phase, PlayerId, Pos, Side,
};

use crate::encoding::land_design_list;

/// Seats covered by the per-player features (the game takes at most 5).
pub const SEATS: usize = 5;

/// The planes, in order.
pub const PLANE_NAMES: [&str; 46] = [
    "tile",
    "start_tile",
    "trail_n",
    "trail_e",
    "trail_s",
    "trail_w",
    "bush_n",
    "bush_e",
    "bush_s",
    "bush_w",
    "link_ne",
    "link_ns",
    "link_nw",
    "link_es",
    "link_ew",
    "link_sw",
    "baobab",
    "birds",
    "animal_m",
    "animal_e",
    "animal_g",
    "animal_l",
    "animal_z",
    "meeples_0",
    "meeples_1",
    "meeples_2",
    "meeples_3",
    "meeples_4",
    "owners_0",
    "owners_1",
    "owners_2",
    "owners_3",
    "owners_4",
    "complete_features",
    "ranger",
    "token_m",
    "token_e",
    "token_g",
    "token_l",
    "token_z",
    "frontier",
    "legal_place_0",
    "legal_place_90",
    "legal_place_180",
    "legal_place_270",
    "placed_this_turn",
];

const P_TILE: usize = 0;
const P_START: usize = 1;
const P_TRAIL: usize = 2;
const P_BUSH: usize = 6;
const P_LINK: usize = 10;
const P_BAOBAB: usize = 16;
const P_BIRDS: usize = 17;
const P_ANIMAL: usize = 18;
const P_MEEPLES: usize = 23;
const P_OWNERS: usize = 28;
const P_COMPLETE: usize = 33;
const P_RANGER: usize = 34;
const P_TOKEN: usize = 35;
const P_FRONTIER: usize = 40;
const P_LEGAL_PLACE: usize = 41;
const P_PLACED: usize = 45;

/// Number of planes.
pub const NUM_PLANES: usize = PLANE_NAMES.len();

/// The side pairs of the `link_*` planes, in order.
const LINKS: [(Side, Side); 6] = [
    (Side::N, Side::E),
    (Side::N, Side::S),
    (Side::N, Side::W),
    (Side::E, Side::S),
    (Side::E, Side::W),
    (Side::S, Side::W),
];

/// The phase one-hot, in order.
pub const PHASES: [&str; 7] = [
    "draw_token",
    "draw_tile",
    "place",
    "action",
    "boost",
    "return",
    "game_over",
];

/// The index of `phase` in [`PHASES`].
pub fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::DrawToken { .. } => 0,
        Phase::DrawTile => 1,
        Phase::Place { .. } => 2,
        Phase::Action => 3,
        Phase::Boost { .. } => 4,
        Phase::Return => 5,
        Phase::GameOver => 6,
    }
}

/// The names of the scalar features, in order (`[i]` is a seat relative to the
/// observer, `[A]` an animal letter, `[D]` a land design).
pub fn scalar_names() -> Vec<String> {
    let mut out = Vec::new();
    let seats = |out: &mut Vec<String>, name: &str| {
        for i in 0..SEATS {
            out.push(format!("{name}[{i}]"));
        }
    };
    let animals = |out: &mut Vec<String>, name: &str| {
        for a in Animal::ALL {
            out.push(format!("{name}[{a}]"));
        }
    };
    seats(&mut out, "score");
    seats(&mut out, "meeples_in_supply");
    for i in 0..SEATS {
        animals(&mut out, &format!("hand[{i}]"));
    }
    seats(&mut out, "seat_present");
    seats(&mut out, "to_move");
    out.push("chance".into());
    seats(&mut out, "active");
    animals(&mut out, "token_supply");
    animals(&mut out, "token_discard");
    out.push("tiles_left".into());
    out.push("tiles_removed".into());
    for p in PHASES {
        out.push(format!("phase[{p}]"));
    }
    for d in land_design_list() {
        out.push(format!("tile_to_place[{d}]"));
    }
    for d in land_design_list() {
        out.push(format!("pile[{d}]"));
    }
    out.push("scoring_trail".into());
    out.push("scoring_bush".into());
    animals(&mut out, "scoring_animals");
    out.push("scoring_birds".into());
    out.push("ranger_displaced".into());
    out
}

/// Number of scalar features.
pub fn num_scalars() -> usize {
    // 5 scores, 5 meeples, 25 hands, 5 present, 5 to move, chance, 5 active,
    // 5 supply, 5 discard, tiles left, removed, 7 phases, 2 x designs, 2 + 5 + 1
    // scoring feature, ranger displaced.
    5 + 5 + 25 + 5 + 5 + 1 + 5 + 5 + 5 + 1 + 1 + PHASES.len() + 2 * land_design_list().len() + 8 + 1
}

/// The observation of `state` by seat `observer`: the planes (`NUM_PLANES x
/// side x side`, row-major) and the scalars.
pub fn observe(state: &GameState, observer: usize, radius: i32) -> (Vec<f32>, Vec<f32>) {
    let n = state.players();
    let rel = |p: PlayerId| (p.index() + n - observer % n) % n;
    let side = (2 * radius + 1) as usize;
    let area = side * side;
    let mut planes = vec![0f32; NUM_PLANES * area];
    let at = |p: Pos| -> Option<usize> {
        let (c, r) = (p.x as i32 + radius, p.y as i32 + radius);
        let inside = |v: i32| (0..side as i32).contains(&v);
        (inside(c) && inside(r)).then(|| r as usize * side + c as usize)
    };

    // Features: which feature each (tile, segment) belongs to.
    let features = state.features();
    let mut feature_of: HashMap<(Pos, u8), usize> = HashMap::new();
    for (i, f) in features.iter().enumerate() {
        for &s in &f.segments {
            feature_of.insert(s.into(), i);
        }
    }

    for t in state.tiles() {
        let Some(cell) = at(t.pos) else { continue };
        let mut set = |plane: usize, v: f32| planes[plane * area + cell] += v;
        let kind = t.design.kind();
        set(P_TILE, 1.0);
        if kind.is_start() {
            set(P_START, 1.0);
        }
        for (i, s) in Side::ALL.into_iter().enumerate() {
            match kind.edge(s, t.rotation) {
                Edge::Trail => set(P_TRAIL + i, 1.0),
                Edge::Bush => set(P_BUSH + i, 1.0),
                Edge::Savanna => {}
            }
        }
        if kind.baobab {
            set(P_BAOBAB, 1.0);
        }
        let mut seen: Vec<usize> = Vec::new();
        for (si, seg) in kind.segments().iter().enumerate() {
            // The sides this segment touches, in board orientation.
            let touches = |b: Side| {
                Side::ALL
                    .into_iter()
                    .any(|s| seg.touches(s) && s.rotated(t.rotation) == b)
            };
            for (li, &(a, b)) in LINKS.iter().enumerate() {
                if touches(a) && touches(b) {
                    set(P_LINK + li, 1.0);
                }
            }
            set(P_BIRDS, seg.birds as f32);
            for a in Animal::ALL {
                set(P_ANIMAL + a.index(), t.design.animals(si).get(a) as f32);
            }
            if let Some(&fi) = feature_of.get(&(t.pos, si as u8)) {
                if !seen.contains(&fi) {
                    seen.push(fi);
                    let f = &features[fi];
                    for (p, &m) in f.meeples.iter().enumerate().take(n) {
                        set(P_OWNERS + rel(PlayerId(p as u8)), m as f32);
                    }
                    if f.is_complete() {
                        set(P_COMPLETE, 1.0);
                    }
                }
            }
        }
    }
    let mut add = |plane: usize, p: Pos, v: f32| {
        if let Some(cell) = at(p) {
            planes[plane * area + cell] += v;
        }
    };
    for carcassonne_safari::view::MeepleView { player, spot } in state.meeples() {
        let p = match spot {
            MeepleSpot::Segment { pos, .. }
            | MeepleSpot::Baobab { pos }
            | MeepleSpot::Hole { pos, corner: _ } => pos,
        };
        add(P_MEEPLES + rel(player), p, 1.0);
    }
    for r in state.rangers().into_iter().flatten() {
        add(P_RANGER, r, 1.0);
    }
    for carcassonne_safari::view::WaterToken {
        pos: p, animal: a, ..
    } in state.water_tokens()
    {
        add(P_TOKEN + a.index(), p, 1.0);
    }
    for &p in state.frontier() {
        add(P_FRONTIER, p, 1.0);
    }
    if let Phase::Place { .. } = state.phase() {
        for mv in state.legal_moves() {
            if let Move::Place(p, r) = mv {
                add(P_LEGAL_PLACE + r as usize, p, 1.0);
            }
        }
    }
    if let Some(p) = state.placed_tile() {
        add(P_PLACED, p, 1.0);
    }

    let mut s = Vec::with_capacity(num_scalars());
    let seat = |i: usize| PlayerId(((observer + i) % n) as u8);
    let per_seat = |s: &mut Vec<f32>, f: &dyn Fn(PlayerId) -> f32| {
        for i in 0..SEATS {
            s.push(if i < n { f(seat(i)) } else { 0.0 });
        }
    };
    per_seat(&mut s, &|p| state.scores()[p.index()] as f32);
    per_seat(&mut s, &|p| state.meeples_in_supply(p) as f32);
    for i in 0..SEATS {
        let hand = if i < n { state.hand(seat(i)).0 } else { [0; 5] };
        s.extend(hand.iter().map(|&c| c as f32));
    }
    per_seat(&mut s, &|_| 1.0);
    let to_move = state.to_move();
    per_seat(&mut s, &|p| (to_move == Some(Actor::Player(p))) as u8 as f32);
    s.push((to_move == Some(Actor::Chance)) as u8 as f32);
    let active = state.turn_player().unwrap_or(PlayerId(0));
    per_seat(&mut s, &|p| (p == active) as u8 as f32);
    s.extend(state.token_supply().0.iter().map(|&c| c as f32));
    s.extend(state.token_discard().0.iter().map(|&c| c as f32));
    s.push(state.tiles_left() as f32);
    s.push(state.tiles_removed() as f32);
    let phase = phase_index(state.phase());
    s.extend((0..PHASES.len()).map(|i| (i == phase) as u8 as f32));
    let to_place = state.tile_to_place();
    s.extend(
        land_design_list()
            .iter()
            .map(|&d| (Some(d) == to_place) as u8 as f32),
    );
    let mut pile = vec![0f32; land_design_list().len()];
    for (d, count) in state.pile() {
        if let Some(i) = land_design_list().iter().position(|&l| l == d) {
            pile[i] = count as f32;
        }
    }
    s.extend(pile);
    match state.scoring_feature() {
        Some(f) => {
            s.push((f.kind == FeatureKind::Trail) as u8 as f32);
            s.push((f.kind == FeatureKind::Bush) as u8 as f32);
            s.extend(f.animals.0.iter().map(|&c| c as f32));
            s.push(f.birds as f32);
        }
        None => s.extend([0f32; 8]),
    }
    s.push(state.rangers().iter().any(|r| r.is_none()) as u8 as f32);
    debug_assert_eq!(s.len(), num_scalars());
    (planes, s)
}
