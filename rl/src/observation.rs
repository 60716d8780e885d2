//! The observation encoding: feature planes over a square window of the
//! board, and a vector of scalar features, seen by one player (seats are
//! numbered relative to the observer: 0 is the observer, 1 the next seat in
//! turn order, ...).
//!
//! Plane `p`, row `r`, column `c` is cell `(x0 + c, y0 + r)` of the window
//! ([`Window`]): centred on the start tile for the float observation of
//! OpenSpiel and PettingZoo (planes first: `[p][r][c]`), following the board
//! (the compact encoding's window) for the vectorised environment (channels
//! last: `[r][c][p]`). Planes are counts and flags
//! (`u8`); scalars are counts. The names of the planes and scalars, in
//! order, are [`PLANE_NAMES`] and [`scalar_names`]; `python/docs/encodings.md`
//! documents them.

use std::sync::OnceLock;

use carcassonne_safari::{
    events::MeepleSpot, tiles::Edge, Actor, Animal, Design, FeatureKind, GameState, Move, Phase, PlayerId,
    Pos, Rotation, Side,
};

use crate::encoding::{land_design_list, land_rank};
use crate::window::Window;

/// Seats covered by the per-player features (the game takes at most 5).
pub const SEATS: usize = 5;

/// The planes, in order.
pub const PLANE_NAMES: [&str; 47] = [
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
    "ranger_0",
    "ranger_1",
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
const P_TOKEN: usize = 36;
const P_FRONTIER: usize = 41;
const P_LEGAL_PLACE: usize = 42;
const P_PLACED: usize = 46;

/// How many planes an observation has: one per entry of [`PLANE_NAMES`].
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

/// Every phase, in the order of the phase one-hot.
fn phases() -> [Phase; 7] {
    let design = Design::land().next().expect("the game has land tiles");
    [
        Phase::DrawToken { player: PlayerId(0) },
        Phase::DrawTile,
        Phase::Place { design },
        Phase::Action,
        Phase::Boost { player: PlayerId(0) },
        Phase::Return,
        Phase::GameOver,
    ]
}

/// The index of `phase` in the phase one-hot.
pub fn phase_index(phase: Phase) -> usize {
    phases()
        .iter()
        .position(|p| p.name() == phase.name())
        .expect("every phase is listed")
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
    seats(&mut out, "turn_player");
    animals(&mut out, "token_supply");
    animals(&mut out, "token_discard");
    out.push("tiles_left".into());
    out.push("tiles_removed".into());
    for p in phases() {
        out.push(format!("phase[{}]", p.name()));
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

/// How many scalar features follow the planes: one per name of
/// [`scalar_names`].
pub fn num_scalars() -> usize {
    // 5 scores, 5 meeples, 25 hands, 5 present, 5 to move, chance, 5 turn player,
    // 5 supply, 5 discard, tiles left, removed, 7 phases, 2 x designs, 2 + 5 + 1
    // scoring feature, ranger displaced.
    5 + 5 + 25 + 5 + 5 + 1 + 5 + 5 + 5 + 1 + 1 + phases().len() + 2 * land_design_list().len() + 8 + 1
}

/// Number of planes a tile fills by itself (`tile` .. `animal_z`).
const STATIC_PLANES: usize = P_MEEPLES;

/// The planes every design shows in every rotation, by `design.index() * 4 +
/// rotation`, computed once.
fn static_planes() -> &'static [[u8; STATIC_PLANES]] {
    static TABLE: OnceLock<Vec<[u8; STATIC_PLANES]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let designs: Vec<Design> = Design::all().collect();
        let mut table = vec![[0u8; STATIC_PLANES]; designs.len() * 4];
        for d in designs {
            for r in Rotation::ALL {
                let out = &mut table[d.index() * 4 + r as usize];
                let mut set = |plane: usize, v: u8| out[plane] = out[plane].saturating_add(v);
                let kind = d.kind();
                set(P_TILE, 1);
                if kind.is_start() {
                    set(P_START, 1);
                }
                for (i, s) in Side::ALL.into_iter().enumerate() {
                    match kind.edge(s, r) {
                        Edge::Trail => set(P_TRAIL + i, 1),
                        Edge::Bush => set(P_BUSH + i, 1),
                        Edge::Savanna => {}
                    }
                }
                if kind.baobab {
                    set(P_BAOBAB, 1);
                }
                for (si, seg) in kind.segments().iter().enumerate() {
                    // The sides this segment touches, in board orientation.
                    let touches =
                        |b: Side| Side::ALL.into_iter().any(|s| seg.touches(s) && s.rotated(r) == b);
                    for (li, &(a, b)) in LINKS.iter().enumerate() {
                        if touches(a) && touches(b) {
                            set(P_LINK + li, 1);
                        }
                    }
                    set(P_BIRDS, seg.birds);
                    for a in Animal::ALL {
                        set(P_ANIMAL + a.index(), d.animals(si).get(a));
                    }
                }
            }
        }
        table
    })
}

/// The observation of `state` by seat `observer` over the window of radius
/// `radius` centred on the start tile: the planes (`NUM_PLANES x side x
/// side`, row-major) and the scalars, as `f32` (OpenSpiel and PettingZoo).
pub fn observe(state: &GameState, observer: usize, radius: i32) -> (Vec<f32>, Vec<f32>) {
    let side = (2 * radius + 1) as u32;
    let window = Window::centred(0, 0, side);
    let mut planes = vec![0u8; NUM_PLANES * window.area() as usize];
    let mut scalars = vec![0f32; num_scalars()];
    let legal = state.legal_moves();
    observe_into(
        state,
        observer,
        &window,
        Layout::PlanesFirst,
        &legal,
        &mut planes,
        &mut scalars,
    );
    (planes.into_iter().map(f32::from).collect(), scalars)
}

/// How the planes of a window are laid out in memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `[plane][row][column]` (PyTorch's NCHW).
    PlanesFirst,
    /// `[row][column][plane]` (JAX's and TensorFlow's NHWC).
    ChannelsLast,
}

/// Writes the observation of `state` by seat `observer` over `window` into
/// `planes` (`NUM_PLANES x side x side` in `layout`; cleared first) and
/// `scalars` (`num_scalars()`). `legal` are the state's legal moves (for the
/// `legal_place_*` planes). Cells outside the window are not shown.
pub fn observe_into(
    state: &GameState,
    observer: usize,
    window: &Window,
    layout: Layout,
    legal: &[Move],
    planes: &mut [u8],
    scalars: &mut [f32],
) {
    let n = state.players();
    let rel = |p: PlayerId| (p.index() + n - observer % n) % n;
    let area = window.area() as usize;
    let index = |plane: usize, cell: usize| match layout {
        Layout::PlanesFirst => plane * area + cell,
        Layout::ChannelsLast => cell * NUM_PLANES + plane,
    };
    planes.fill(0);
    let at = |p: Pos| window.cell(p).map(|c| c as usize);

    // What a tile shows by itself (edges, topology, baobab, birds, animals).
    let table = static_planes();
    for t in state.tiles() {
        let Some(cell) = at(t.pos) else { continue };
        let values = &table[t.design.index() * 4 + t.rotation as usize];
        for (plane, &v) in values.iter().enumerate() {
            if v != 0 {
                planes[index(plane, cell)] = v;
            }
        }
    }
    // Owners and completion of the features through each tile (a feature
    // counts once per tile however many of its segments the tile holds).
    let mut cells: Vec<usize> = Vec::new();
    for f in state.features() {
        cells.clear();
        cells.extend(f.segments.iter().filter_map(|s| at(s.pos)));
        cells.sort_unstable();
        cells.dedup();
        let complete = f.is_complete();
        for &cell in &cells {
            for (p, &m) in f.meeples.iter().enumerate().take(n) {
                let x = &mut planes[index(P_OWNERS + rel(PlayerId(p as u8)), cell)];
                *x = x.saturating_add(m);
            }
            if complete {
                let x = &mut planes[index(P_COMPLETE, cell)];
                *x = x.saturating_add(1);
            }
        }
    }
    let mut add = |plane: usize, p: Pos| {
        if let Some(cell) = at(p) {
            let x = &mut planes[index(plane, cell)];
            *x = x.saturating_add(1);
        }
    };
    for carcassonne_safari::view::MeepleView { player, spot } in state.meeples() {
        let p = match spot {
            MeepleSpot::Segment { pos, .. }
            | MeepleSpot::Baobab { pos }
            | MeepleSpot::Hole { pos, corner: _ } => pos,
        };
        add(P_MEEPLES + rel(player), p);
    }
    for (i, r) in state.rangers().into_iter().enumerate() {
        if let Some(r) = r {
            add(P_RANGER + i, r);
        }
    }
    for carcassonne_safari::view::WaterToken {
        pos: p, animal: a, ..
    } in state.water_tokens()
    {
        add(P_TOKEN + a.index(), p);
    }
    for &p in state.frontier() {
        add(P_FRONTIER, p);
    }
    if let Phase::Place { .. } = state.phase() {
        for &mv in legal {
            if let Move::Place(p, r) = mv {
                add(P_LEGAL_PLACE + r as usize, p);
            }
        }
    }
    if let Some(p) = state.placed_tile() {
        add(P_PLACED, p);
    }
    write_scalars(state, observer, scalars);
}

/// Writes the scalar features of `state` seen by seat `observer`.
fn write_scalars(state: &GameState, observer: usize, out: &mut [f32]) {
    let n = state.players();
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
    let turn_player = state.turn_player();
    per_seat(&mut s, &|p| (Some(p) == turn_player) as u8 as f32);
    s.extend(state.token_supply().0.iter().map(|&c| c as f32));
    s.extend(state.token_discard().0.iter().map(|&c| c as f32));
    s.push(state.tiles_left() as f32);
    s.push(state.tiles_removed() as f32);
    let phase = phase_index(state.phase());
    s.extend((0..phases().len()).map(|i| (i == phase) as u8 as f32));
    let to_place = state.tile_to_place();
    let mut one_hot = vec![0f32; land_design_list().len()];
    if let Some(i) = to_place.and_then(land_rank) {
        one_hot[i] = 1.0;
    }
    s.extend(one_hot);
    let mut pile = vec![0f32; land_design_list().len()];
    for (d, count) in state.pile() {
        if let Some(i) = land_rank(d) {
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
    out.copy_from_slice(&s);
}
