//! Shared helpers of the `rules_*` tests: building exact situations by driving
//! every decision with explicit moves, and an independent reading of the tile
//! data for final-scoring checks.
//!
//! The engine's integration tests include it as `mod support;` and use part
//! of it; the bots' evaluation tests include it too (`#[path]`), for the
//! positions both check.
#![allow(dead_code)]

use carcassonne_safari::view::SegmentRef;
use carcassonne_safari::{
    error::IllegalReason, events::ScoreReason, Animal, Event, GameState, Move, MoveError, Phase, PlayerId,
    Pos, Setup,
};

/// R-TRAIL-3: points for 0..=5 different kinds, written out from `docs/rules.md` (not the
/// engine's constant).
pub const TABLE: [u32; 6] = [0, 1, 3, 6, 10, 15];

pub const P0: PlayerId = PlayerId(0);
pub const P1: PlayerId = PlayerId(1);
pub const P2: PlayerId = PlayerId(2);

/// Where a tile of `design` would fit now (the generator's
/// `MoveFilter::PlacementsOf`).
pub fn placements_of(state: &GameState, design: carcassonne_safari::Design) -> Vec<Move> {
    let mut out = Vec::new();
    state.generate_moves(
        carcassonne_safari::movegen::MoveFilter::PlacementsOf(design),
        |m| {
            out.extend_from_slice(m);
            false
        },
    );
    out
}

pub fn p(x: i8, y: i8) -> Pos {
    Pos::new(x, y)
}

pub fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("test bug: {text:?} is not a move: {e}"))
}

/// Animals written as letters (`"LZ"`).
pub fn animals(letters: &str) -> Vec<Animal> {
    letters
        .bytes()
        .map(|b| Animal::from_letter(b).unwrap_or_else(|| panic!("test bug: animal letter {b}")))
        .collect()
}

/// A game with fixed hands (one letter string per seat, no chance deal) and the
/// rangers on the given cells.
pub fn game(hands: &[&str], rangers: [(i8, i8); 2]) -> GameState {
    let setup = Setup::new(hands.len())
        .with_hands(hands.iter().map(|h| animals(h)).collect())
        .with_rangers([p(rangers[0].0, rangers[0].1), p(rangers[1].0, rangers[1].1)]);
    GameState::new(&setup).expect("valid setup")
}

/// Applies each step in order, panicking with the step and the engine's message
/// when one is refused. Returns the final state and all events.
pub fn play(state: &GameState, steps: &[&str]) -> (GameState, Vec<Event>) {
    let mut s = state.clone();
    let mut events = Vec::new();
    for (i, step) in steps.iter().enumerate() {
        let m = mv(step);
        match s.apply(m) {
            Ok((next, ev)) => {
                s = next;
                events.extend(ev);
            }
            Err(e) => panic!(
                "step {i} `{step}` refused: {e} (phase {:?}, to move {:?})",
                s.phase(),
                s.to_move()
            ),
        }
    }
    (s, events)
}

/// Like [`play`], returning only the state.
pub fn st(state: &GameState, steps: &[&str]) -> GameState {
    play(state, steps).0
}

/// Every `Scored` event as (player, points, reason), in order.
pub fn scored(events: &[Event]) -> Vec<(PlayerId, u32, ScoreReason)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Scored {
                player,
                points,
                reason,
            } => Some((player, points as u32, reason)),
            _ => None,
        })
        .collect()
}

/// Points per player in these events, as (player, points) in event order.
pub fn points(events: &[Event]) -> Vec<(PlayerId, u32)> {
    scored(events).into_iter().map(|(p, n, _)| (p, n)).collect()
}

/// Asserts that `text` is refused now with exactly `reason`, that the refusal
/// changes nothing, and that `is_legal`/`legal_moves` agree.
pub fn refused(state: &GameState, text: &str, reason: IllegalReason) {
    let m = mv(text);
    let before = state.clone();
    let legal_before = state.legal_moves();
    assert_eq!(
        state.apply(m).map(|_| ()),
        Err(MoveError { mv: m, reason }),
        "`{text}` in phase {:?}",
        state.phase()
    );
    assert_eq!(&before, state, "a refused move changed the state");
    assert_eq!(legal_before, state.legal_moves());
    assert!(!state.is_legal(m), "`{text}` refused but is_legal says yes");
    assert!(!state.legal_moves().contains(&m), "`{text}` refused but listed");
}

/// Whether `text` is among the legal moves now.
pub fn listed(state: &GameState, text: &str) -> bool {
    state.legal_moves().contains(&mv(text))
}

pub fn hand(state: &GameState, player: PlayerId) -> Vec<Animal> {
    state.hand(player).iter().collect()
}

// ---------------------------------------------------------------------------
// The tile data, read independently of the engine.

/// Birds per (kind, segment index), copied by hand from the segments column of
/// `src/tiles.txt` (every `B:.../n` with n > 0). They add up to 34 on the
/// land tiles plus 1 on the start tile (`docs/tiles.md`).
pub const BIRDS: &[(&str, u8, u32)] = &[
    ("CS12", 1, 1),
    ("CS13", 1, 1),
    ("CS16", 1, 1),
    ("CS17", 1, 1),
    ("CS19", 2, 1),
    ("CS22", 1, 1),
    ("CS25", 0, 1),
    ("CS26", 1, 2),
    ("CS27", 1, 1),
    ("CS28", 0, 2),
    ("CS29", 0, 1),
    ("CS30", 0, 1),
    ("CS31", 2, 2),
    ("CS32", 2, 1),
    ("START-E", 1, 1),
];

pub fn birds_of(kind: &str, seg: u8) -> u32 {
    BIRDS
        .iter()
        .find(|&&(k, s, _)| k == kind && s == seg)
        .map_or(0, |&(_, _, n)| n)
}

/// The animals on segment `seg` of a copy, read from its `draw` notation
/// (`CS26:E,G` -> segment 0 `E`, segment 1 `G`): the animals column of tiles.txt.
pub fn animals_on(design_notation: &str, seg: u8) -> Vec<Animal> {
    let (_, list) = design_notation
        .split_once(':')
        .expect("design notation has a colon");
    let entry = list.split(',').nth(seg as usize).expect("segment entry");
    if entry == "-" {
        Vec::new()
    } else {
        animals(entry)
    }
}

/// The animals of a start part's segments (tiles.txt: START-W `E`, START-M `G`,
/// START-E `M,-`).
fn start_animals(kind: &str, seg: u8) -> Vec<Animal> {
    match (kind, seg) {
        ("START-W", 0) => animals("E"),
        ("START-M", 0) => animals("G"),
        ("START-E", 0) => animals("M"),
        _ => Vec::new(),
    }
}

/// (animals, birds) of a segment on the board, from the tile data.
pub fn segment_content(state: &GameState, pos: Pos, seg: u8) -> (Vec<Animal>, u32) {
    let tile = state.tile_at(pos).expect("segment on a tile");
    let kind = tile.design.kind().name;
    let a = if kind.starts_with("START") {
        start_animals(kind, seg)
    } else {
        animals_on(&tile.design.to_string(), seg)
    };
    (a, birds_of(kind, seg))
}

/// R-END-2 and R-END-3 computed from the board and hands (not from the engine's
/// score events): per player, 1 point per animal and bird on every incomplete
/// trail or bush where the player is in the majority, plus 1 per token in hand.
pub fn expected_final_points(state: &GameState) -> Vec<u32> {
    let mut out = vec![0u32; state.players()];
    for f in state.features() {
        if f.is_complete() {
            continue;
        }
        let most = *f.meeples.iter().max().unwrap();
        if most == 0 {
            continue;
        }
        let mut value = 0u32;
        for &SegmentRef { pos, seg } in &f.segments {
            let (a, b) = segment_content(state, pos, seg);
            value += a.len() as u32 + b;
        }
        for (i, o) in out.iter_mut().enumerate() {
            if f.meeples[i] == most {
                *o += value;
            }
        }
    }
    for (i, o) in out.iter_mut().enumerate() {
        *o += state.hand(PlayerId(i as u8)).iter().count() as u32;
    }
    out
}

/// The fixed policy of [`finish`] for the current decision: draw the first design
/// (pile order) that can go on a cell outside `protected`, place it on the first
/// such cell avoiding rangers, pass, never boost, return rangers to the first cell
/// outside `protected`, draw tokens in order.
pub fn policy(s: &GameState, protected: &[Pos]) -> Move {
    let ok_place = |m: &Move, s: &GameState| match m {
        Move::Place(pos, _) => !protected.contains(pos) && !s.rangers().contains(&Some(*pos)),
        _ => false,
    };
    let legal = s.legal_moves();
    match s.phase() {
        Phase::DrawTile => {
            let good = legal.iter().copied().find(|&d| {
                let (next, _) = s.apply(d).expect("listed draw");
                matches!(next.phase(), Phase::Place { .. })
                    && next.legal_moves().iter().any(|m| ok_place(m, &next))
            });
            good.unwrap_or(legal[0])
        }
        Phase::Place { .. } => legal
            .iter()
            .copied()
            .find(|m| ok_place(m, s))
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|m| matches!(m, Move::Place(pos, _) if !protected.contains(pos)))
            })
            .unwrap_or(legal[0]),
        Phase::Action => Move::Pass,
        Phase::Boost { .. } => Move::NoBoost,
        Phase::Return => legal
            .iter()
            .copied()
            .find(|m| matches!(m, Move::Return(pos) if !protected.contains(pos)))
            .unwrap_or(legal[0]),
        Phase::DrawToken { .. } => legal[0],
        Phase::GameOver => panic!("the game is over"),
    }
}

/// Plays the game to its end with [`policy`]. Returns the final state, the scores
/// before the game's last decision and that decision's events.
pub fn finish(state: &GameState, protected: &[Pos]) -> (GameState, Vec<u32>, Vec<Event>) {
    let mut s = state.clone();
    let mut before = s.scores().to_vec();
    let mut last = Vec::new();
    let mut guard = 0;
    while !s.is_over() {
        guard += 1;
        assert!(guard < 5000, "policy does not terminate");
        let choice = policy(&s, protected);
        before = s.scores().to_vec();
        let (next, ev) = s.apply(choice).expect("policy picks legal moves");
        s = next;
        last = ev;
    }
    (s, before, last)
}

/// The moves of the R-BAOBAB-3 situation, from a 2-player game with empty hands
/// and the rangers away from the board's middle: P0's trail (giraffe, elephant)
/// ends below (0,-1), and CS2:E placed there closes both the trail and the ring
/// of 8 tiles round itself. Next decision: P0's action on that baobab tile.
pub const BAOBAB_RING_AND_TRAIL: &[&str] = &[
    "draw CS1:-",
    "place -1,-1 0",
    "pass",
    "draw CS1:-",
    "place -1,-2 0",
    "pass",
    "draw CS3:G",
    "place 0,-2 90", // dead end pointing S, giraffe
    "meeple 0",
    "draw CS20:M",
    "place 1,-1 90",
    "pass",
    "draw CS3:Z",
    "place 1,-2 270",
    "pass",
    "draw CS4:M",
    "place 0,1 90",
    "pass",
    "draw CS2:E",
    "place 0,-1 270",
];

/// The rulebook's joined trails (003/000 "Multiple meeples on the same
/// feature", first example), in a 2-player game with these hands (no deal) and
/// the rangers on (-2,0) and (-1,-1): P0 (Blue) extends START-E's trail
/// (monkey) east with CS7:E, P1 (You) START-M's south with CS6:L (giraffe,
/// lion), P0 turns CS6:M under CS7:E, and P1's CS4:M on (1,1) joins both into
/// one completed trail with giraffe, lion, monkey and elephant. With `meeples`
/// P0 and P1 each put a meeple on their trail; without, every action is a
/// pass. The state is P1's action on CS4:M, before the trail is scored.
///
/// The engine's tests and the bots' evaluation tests share it.
pub fn joined_trails_at_action(hands: [&str; 2], meeples: bool) -> GameState {
    let claim = if meeples { "meeple 0" } else { "pass" };
    st(
        &game(&hands, [(-2, 0), (-1, -1)]),
        &[
            // P0 (Blue): CS7:E curve W-S east of the start: trail START-E (monkey) + elephant.
            "draw CS7:E",
            "place 2,0 0",
            claim,
            // P1 (You): CS6:L curve turned N-E below START-M: giraffe + lion.
            "draw CS6:L",
            "place 0,1 180",
            claim,
            // P0: CS6:M curve turned N-W under (2,0).
            "draw CS6:M",
            "place 2,1 90",
            "pass",
            // P1: CS4:M straight W-E at (1,1) joins both trails and closes them.
            "draw CS4:M",
            "place 1,1 0",
        ],
    )
}

/// [`joined_trails_at_action`] with the meeples, P1 passing its action: the
/// trail's scoring step (P1's boost question, then P0's, when they hold a
/// token to boost with; scored at once otherwise).
pub fn joined_trails(hands: [&str; 2]) -> GameState {
    st(&joined_trails_at_action(hands, true), &["pass"])
}

/// A seeded game played by the reference kind-first random policy, as a log.
pub fn random_log(seed: u64, players: usize) -> carcassonne_safari::view::GameLog {
    let mut rng = <rand_pcg::Pcg64Mcg as carcassonne_safari::rand_core::SeedableRng>::seed_from_u64(seed);
    let mut policy = carcassonne_safari::policy::KindFirstRandom::new();
    let mut log = carcassonne_safari::view::GameLog::new(Setup::new(players)).unwrap();
    loop {
        log.play_chance(carcassonne_safari::chance::Sampled(&mut rng))
            .unwrap();
        if log.current().is_over() {
            return log;
        }
        let mv = policy.choose(log.current(), &mut rng).unwrap();
        log.play(mv).unwrap();
    }
}
