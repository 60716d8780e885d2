//! What the page draws and offers, as plain data (serialised to JavaScript
//! objects): the board, the decision to make, the legal moves grouped for a UI,
//! the score board, the event log and the final-scoring summary.
//!
//! Cells are `{x, y}` with `x` east and `y` south; sides are numbered N = 0,
//! E = 1, S = 2, W = 3 and corners NE = 0, SE = 1, SW = 2, NW = 3; rotations are
//! degrees clockwise. A tile's segments are given in the kind's printed
//! orientation: side `s` of a tile turned `r` degrees is on board side
//! `(s + r / 90) % 4`.

use carcassonne_safari::{
    events::MeepleSpot, events::ScoreCategory, events::ScoreReason, view::Feature, view::TileView, Actor,
    AnimalCounts, Corner, Event, FeatureKind, GameState, MeepleTarget, Move, Phase, PlayerId, Pos, Side,
};
use serde::Serialize;

use crate::players::Seat;
use crate::session::Session;

/// A grid cell.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct Cell {
    /// Column, east positive.
    pub x: i32,
    /// Row, south positive.
    pub y: i32,
}

impl From<Pos> for Cell {
    fn from(p: Pos) -> Cell {
        Cell {
            x: p.x as i32,
            y: p.y as i32,
        }
    }
}

fn feature_kind(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Trail => "trail",
        FeatureKind::Bush => "bush",
    }
}

/// Animal letters in notation order (`"EGG"`), empty for none.
fn letters(counts: AnimalCounts) -> String {
    counts.iter().map(|a| a.letter()).collect()
}

/// One printed segment of a tile: a trail or a bush.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SegmentDraw {
    /// Its index (`meeple i`).
    pub index: u8,
    /// `trail` or `bush`.
    pub kind: &'static str,
    /// The sides it touches, in the kind's orientation (N = 0 .. W = 3).
    pub sides: Vec<u8>,
    /// The animals on it on this copy (letters).
    pub animals: String,
    /// Birds above it (bush only).
    pub birds: u8,
}

/// A tile as drawn: where, how turned, and what is printed on it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TileDraw {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Degrees clockwise.
    pub rotation: u16,
    /// The design in notation (`CS26:E,G`).
    pub design: String,
    /// The kind (`CS26`, `START-M`).
    pub kind: &'static str,
    /// Edges N, E, S, W in the kind's orientation: `s` savanna, `t` trail, `b` bush.
    pub edges: String,
    /// Whether it shows a baobab.
    pub baobab: bool,
    /// Whether it is a part of the start tile.
    pub start: bool,
    /// Its trails and bushes.
    pub segments: Vec<SegmentDraw>,
}

impl TileDraw {
    /// The picture of `view`.
    pub fn new(view: TileView) -> TileDraw {
        let kind = view.design.kind();
        let edges = kind
            .edges
            .iter()
            .map(|e| match e {
                carcassonne_safari::tiles::Edge::Savanna => 's',
                carcassonne_safari::tiles::Edge::Trail => 't',
                carcassonne_safari::tiles::Edge::Bush => 'b',
            })
            .collect();
        let segments = kind
            .segments()
            .iter()
            .enumerate()
            .map(|(i, seg)| SegmentDraw {
                index: i as u8,
                kind: feature_kind(seg.kind),
                sides: Side::ALL
                    .into_iter()
                    .filter(|&s| seg.touches(s))
                    .map(|s| s.index() as u8)
                    .collect(),
                animals: letters(view.design.animals(i)),
                birds: seg.birds,
            })
            .collect();
        TileDraw {
            x: view.pos.x as i32,
            y: view.pos.y as i32,
            rotation: view.rotation.degrees(),
            design: view.design.to_string(),
            kind: kind.name,
            edges,
            baobab: kind.baobab,
            start: kind.is_start(),
            segments,
        }
    }
}

/// Every design of the game (the start parts included), unturned at (0,0).
pub fn all_designs() -> Vec<TileDraw> {
    carcassonne_safari::Design::all()
        .map(|design| {
            TileDraw::new(TileView {
                pos: Pos::new(0, 0),
                design,
                rotation: Default::default(),
            })
        })
        .collect()
}

/// A meeple on the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MeepleDraw {
    /// Owner's seat.
    pub player: u8,
    /// `segment`, `baobab` or `hole`.
    pub spot: &'static str,
    /// The tile's column.
    pub x: i32,
    /// The tile's row.
    pub y: i32,
    /// The segment, for `segment`.
    pub seg: Option<u8>,
    /// The tile corner, for `hole` (NE = 0 .. NW = 3).
    pub corner: Option<u8>,
}

/// A watering-hole token on a tile corner.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WaterDraw {
    /// The tile's column.
    pub x: i32,
    /// The tile's row.
    pub y: i32,
    /// The corner (NE = 0 .. NW = 3).
    pub corner: u8,
    /// The animal's letter.
    pub animal: char,
}

/// Everything on the board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BoardView {
    /// Tiles in placement order (the start parts first).
    pub tiles: Vec<TileDraw>,
    /// Meeples with their owners.
    pub meeples: Vec<MeepleDraw>,
    /// The rangers on the board (a displaced one is missing until returned).
    pub rangers: Vec<Cell>,
    /// Watering-hole tokens.
    pub water: Vec<WaterDraw>,
    /// Empty cells next to a tile.
    pub frontier: Vec<Cell>,
    /// The tile placed this turn.
    pub placed: Option<Cell>,
}

/// The board of `state`.
pub fn board(state: &GameState) -> BoardView {
    let meeples = state
        .meeples()
        .map(|carcassonne_safari::view::MeepleView { player, spot }| {
            let (spot, pos, seg, corner) = match spot {
                MeepleSpot::Segment { pos, seg } => ("segment", pos, Some(seg), None),
                MeepleSpot::Baobab { pos } => ("baobab", pos, None, None),
                MeepleSpot::Hole { pos, corner: c } => ("hole", pos, None, Some(c.index() as u8)),
            };
            MeepleDraw {
                player: player.0,
                spot,
                x: pos.x as i32,
                y: pos.y as i32,
                seg,
                corner,
            }
        })
        .collect();
    BoardView {
        tiles: state.tiles().map(TileDraw::new).collect(),
        meeples,
        rangers: state.rangers().into_iter().flatten().map(Cell::from).collect(),
        water: state
            .water_tokens()
            .map(
                |carcassonne_safari::view::WaterToken {
                     pos: p,
                     corner: c,
                     animal: a,
                 }| WaterDraw {
                    x: p.x as i32,
                    y: p.y as i32,
                    corner: c.index() as u8,
                    animal: a.letter(),
                },
            )
            .collect(),
        frontier: state.frontier().iter().map(|&p| Cell::from(p)).collect(),
        placed: state.placed_tile().map(Cell::from),
    }
}

/// A segment of a feature.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct SegmentRef {
    /// The tile's column.
    pub x: i32,
    /// The tile's row.
    pub y: i32,
    /// The segment index on that tile.
    pub seg: u8,
}

/// A trail or bush.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FeatureView {
    /// `trail` or `bush`.
    pub kind: &'static str,
    /// Its animals (letters, same species repeated).
    pub animals: String,
    /// Different species on it.
    pub species: u8,
    /// Birds (bush only).
    pub birds: u8,
    /// Open ends.
    pub open_ends: u8,
    /// Whether it is complete.
    pub complete: bool,
    /// Its segments.
    pub segments: Vec<SegmentRef>,
    /// Meeples on it per seat.
    pub meeples: Vec<u8>,
}

impl FeatureView {
    /// The view of `feature` in a game of `players` players.
    pub fn new(feature: &Feature, players: usize) -> FeatureView {
        FeatureView {
            kind: feature_kind(feature.kind),
            animals: letters(feature.animals),
            species: feature.animals.species(),
            birds: feature.birds,
            open_ends: feature.open_ends,
            complete: feature.is_complete(),
            segments: feature
                .segments
                .iter()
                .map(|s| SegmentRef {
                    x: s.pos.x as i32,
                    y: s.pos.y as i32,
                    seg: s.seg,
                })
                .collect(),
            meeples: feature.meeples[..players].to_vec(),
        }
    }
}

/// The decision to make now.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DecisionView {
    /// Moves played so far (the position's index in the history).
    pub step: usize,
    /// `draw-tile`, `draw-token`, `place`, `action`, `boost`, `return` or `over`.
    pub phase: &'static str,
    /// The engine's description of the decision (`the placement of CS26:E,G`).
    pub text: String,
    /// The seat that decides, for a player's decision.
    pub actor: Option<u8>,
    /// The seat whose turn it is.
    pub active_player: u8,
    /// Whether a person decides now.
    pub human: bool,
    /// The bot's specification when a bot decides now.
    pub bot: Option<String>,
    /// The tile to place (during `place`), drawn at (0,0) unturned.
    pub tile: Option<TileDraw>,
    /// The tile placed this turn.
    pub placed: Option<Cell>,
    /// The feature being scored (during `boost`).
    pub scoring: Option<FeatureView>,
}

fn phase_id(phase: Phase) -> &'static str {
    match phase {
        Phase::DrawToken { .. } => "draw-token",
        Phase::DrawTile => "draw-tile",
        Phase::Place { .. } => "place",
        Phase::Action => "action",
        Phase::Boost { .. } => "boost",
        Phase::Return => "return",
        Phase::GameOver => "over",
    }
}

/// The decision at position `step` of `session` (the current one when `step`
/// is past the end).
pub fn decision(session: &Session, step: usize) -> DecisionView {
    let step = step.min(session.step());
    let state = session.state_at(step).unwrap_or_else(|| session.current());
    let actor = match state.to_move() {
        Some(Actor::Player(p)) => Some(p.0),
        _ => None,
    };
    let at_current = step == session.step();
    let seat = actor.map(|p| &session.seats()[p as usize]);
    DecisionView {
        step,
        phase: phase_id(state.phase()),
        text: state.phase().to_string(),
        actor,
        active_player: state.turn_player().map_or(0, |p| p.0),
        human: at_current && seat.is_some_and(Seat::is_human),
        bot: seat.and_then(|s| s.spec()).map(str::to_owned),
        tile: state.tile_to_place().map(|design| {
            TileDraw::new(TileView {
                pos: Pos::new(0, 0),
                design,
                rotation: Default::default(),
            })
        }),
        placed: state.placed_tile().map(Cell::from),
        scoring: state
            .scoring_feature()
            .map(|f| FeatureView::new(&f, state.players())),
    }
}

/// A cell where the tile may go, with the rotations that fit there.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlacementOption {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// Fitting rotations in degrees, ascending.
    pub rotations: Vec<u16>,
    /// Whether a ranger stands there (placing displaces it: 3 points).
    pub ranger: bool,
}

/// A spot for a meeple on the tile just placed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MeepleOption {
    /// The move (`meeple 1`, `meeple baobab`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The segment, or `None` for the baobab.
    pub segment: Option<u8>,
    /// The feature the segment belongs to (`None` for the baobab).
    pub feature: Option<FeatureView>,
}

/// A cell a ranger or the displaced ranger may go to.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CellMove {
    /// Column.
    pub x: i32,
    /// Row.
    pub y: i32,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
}

/// A ranger that may move, with its targets.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RangerOption {
    /// The ranger's cell.
    pub from: Cell,
    /// Where it may go.
    pub to: Vec<CellMove>,
}

/// A token that may be used, with its move.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TokenMove {
    /// The animal's letter.
    pub animal: char,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
}

/// A watering-hole slot where the player may dig or expand.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HoleOption {
    /// The tile's column.
    pub x: i32,
    /// The tile's row.
    pub y: i32,
    /// The corner (NE = 0 .. NW = 3).
    pub corner: u8,
    /// `dig` (a new hole: 3 points, a meeple goes on it) or `expand` (4 to 6 points).
    pub action: &'static str,
    /// The tokens allowed there.
    pub tokens: Vec<TokenMove>,
}

/// The legal moves of the current decision, grouped as a UI offers them.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LegalView {
    /// `place`: cells with their rotations.
    pub placements: Vec<PlacementOption>,
    /// `action`: meeple spots on the placed tile.
    pub meeples: Vec<MeepleOption>,
    /// `action`: rangers and their targets.
    pub rangers: Vec<RangerOption>,
    /// `action`: watering-hole slots.
    pub holes: Vec<HoleOption>,
    /// `action`: the pass move.
    pub pass: Option<String>,
    /// `boost`: the tokens that may boost.
    pub boosts: Vec<TokenMove>,
    /// `boost`: the no-boost move.
    pub no_boost: Option<String>,
    /// `return`: where the displaced ranger may go.
    pub returns: Vec<CellMove>,
    /// Every legal move in notation, in the engine's order.
    pub all: Vec<String>,
}

/// The legal moves of `state`, grouped (empty at chance nodes and at the end).
pub fn legal(state: &GameState) -> LegalView {
    let mut view = LegalView::default();
    if !matches!(state.to_move(), Some(Actor::Player(_))) {
        return view;
    }
    let rangers: Vec<Pos> = state.rangers().into_iter().flatten().collect();
    let placed = state.placed_tile();
    for mv in state.legal_moves() {
        view.all.push(mv.to_string());
        match mv {
            Move::Place(pos, rot) => {
                let cell = Cell::from(pos);
                match view
                    .placements
                    .iter_mut()
                    .find(|p| p.x == cell.x && p.y == cell.y)
                {
                    Some(p) => p.rotations.push(rot.degrees()),
                    None => view.placements.push(PlacementOption {
                        x: cell.x,
                        y: cell.y,
                        rotations: vec![rot.degrees()],
                        ranger: rangers.contains(&pos),
                    }),
                }
            }
            Move::Meeple(target) => {
                let (segment, feature) = match (target, placed) {
                    (MeepleTarget::Segment(i), Some(at)) => (
                        Some(i),
                        state
                            .feature(at, i)
                            .map(|f| FeatureView::new(&f, state.players())),
                    ),
                    (MeepleTarget::Segment(i), None) => (Some(i), None),
                    (MeepleTarget::Baobab, _) => (None, None),
                };
                view.meeples.push(MeepleOption {
                    mv: mv.to_string(),
                    segment,
                    feature,
                });
            }
            Move::Ranger { from, to } => {
                let from = Cell::from(from);
                let target = CellMove {
                    x: to.x as i32,
                    y: to.y as i32,
                    mv: mv.to_string(),
                };
                match view.rangers.iter_mut().find(|r| r.from == from) {
                    Some(r) => r.to.push(target),
                    None => view.rangers.push(RangerOption {
                        from,
                        to: vec![target],
                    }),
                }
            }
            Move::Dig(pos, corner, animal) | Move::Expand(pos, corner, animal) => {
                let action = if matches!(mv, Move::Dig(..)) {
                    "dig"
                } else {
                    "expand"
                };
                let token = TokenMove {
                    animal: animal.letter(),
                    mv: mv.to_string(),
                };
                let (x, y, c) = (pos.x as i32, pos.y as i32, corner_index(corner));
                match view
                    .holes
                    .iter_mut()
                    .find(|h| h.x == x && h.y == y && h.corner == c && h.action == action)
                {
                    Some(h) => h.tokens.push(token),
                    None => view.holes.push(HoleOption {
                        x,
                        y,
                        corner: c,
                        action,
                        tokens: vec![token],
                    }),
                }
            }
            Move::Pass => view.pass = Some(mv.to_string()),
            Move::Boost(animal) => view.boosts.push(TokenMove {
                animal: animal.letter(),
                mv: mv.to_string(),
            }),
            Move::NoBoost => view.no_boost = Some(mv.to_string()),
            Move::Return(pos) => view.returns.push(CellMove {
                x: pos.x as i32,
                y: pos.y as i32,
                mv: mv.to_string(),
            }),
            Move::Draw(_) | Move::Token(_) => {}
        }
    }
    view
}

fn corner_index(c: Corner) -> u8 {
    c.index() as u8
}

/// One player on the score board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerView {
    /// Seat number.
    pub seat: u8,
    /// `p0`..`p4`.
    pub name: String,
    /// Who plays it (`Human`, `Greedy`, ...).
    pub label: String,
    /// Whether a person plays it.
    pub human: bool,
    /// Points.
    pub score: u32,
    /// Meeples in supply.
    pub meeples: u8,
    /// Tokens in hand (letters in notation order).
    pub hand: String,
}

/// The score board.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreboardView {
    /// Every seat.
    pub players: Vec<PlayerView>,
    /// Land tiles left in the pile.
    pub tiles_left: usize,
    /// Land tiles removed as unplaceable.
    pub tiles_removed: usize,
    /// Tokens in the face-down supply.
    pub supply: u8,
    /// Tokens in the discard pile (letters).
    pub discard: String,
    /// The seat whose turn it is.
    pub active_player: u8,
    /// The leading seats (the winners once the game is over).
    pub leaders: Vec<u8>,
    /// Whether the game is over.
    pub over: bool,
}

/// The score board at position `step` of `session`.
pub fn scoreboard(session: &Session, step: usize) -> ScoreboardView {
    let state = session.state_at(step).unwrap_or_else(|| session.current());
    let players = (0..state.players())
        .map(|i| {
            let p = PlayerId(i as u8);
            let seat = &session.seats()[i];
            PlayerView {
                seat: p.0,
                name: p.to_string(),
                label: seat.label().to_owned(),
                human: seat.is_human(),
                score: state.scores()[i],
                meeples: state.meeples_in_supply(p),
                hand: letters(state.hand(p)),
            }
        })
        .collect();
    ScoreboardView {
        players,
        tiles_left: state.tiles_left(),
        tiles_removed: state.tiles_removed(),
        supply: state.token_supply().total(),
        discard: letters(state.token_discard()),
        active_player: state.turn_player().map_or(0, |p| p.0),
        leaders: state.leaders().iter().map(|p| p.0).collect(),
        over: state.is_over(),
    }
}

/// An event, as the log shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    /// The step of the move that caused it.
    pub step: usize,
    /// The engine's line of English.
    pub text: String,
    /// What kind of event (`tile-placed`, `scored`, ...).
    pub kind: &'static str,
    /// The player it concerns, if one.
    pub player: Option<u8>,
    /// Points, for `scored`.
    pub points: Option<u8>,
    /// Whether it belongs to the final scoring.
    #[serde(rename = "final")]
    pub is_final: bool,
}

impl EventView {
    /// The view of `event`, caused by the move at `step`.
    pub fn new(step: usize, event: &Event) -> EventView {
        let (points, is_final) = match *event {
            Event::Scored { points, reason, .. } => (Some(points), reason.is_final()),
            Event::GameOver { .. } => (None, true),
            _ => (None, false),
        };
        let kind = event.name();
        let player = event.player();
        EventView {
            step,
            text: event.to_string(),
            kind,
            player: player.map(|p| p.0),
            points,
            is_final,
        }
    }
}

/// The log up to position `step` of `session`.
pub fn log(session: &Session, step: usize) -> Vec<EventView> {
    session
        .events_until(step)
        .map(|(i, e)| EventView::new(i, e))
        .collect()
}

/// The scoring categories of the summary, in its column order.
pub const CATEGORIES: [&str; 7] = [
    "trails",
    "bushes",
    "rangers",
    "wateringHoles",
    "finalTrails",
    "finalBushes",
    "finalTokens",
];

fn category(reason: ScoreReason) -> usize {
    ScoreCategory::ALL
        .iter()
        .position(|&c| c == reason.category())
        .expect("every category is in ALL")
}

/// A player's points by category.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Breakdown {
    /// Seat number.
    pub seat: u8,
    /// Total points (equals the score).
    pub total: u32,
    /// Points per category, in the order of [`CATEGORIES`].
    pub points: Vec<u32>,
}

/// One line of the final scoring: who scored what and why.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FinalLine {
    /// Seat number.
    pub seat: u8,
    /// Points.
    pub points: u8,
    /// The engine's reason, with its breakdown.
    pub reason: String,
}

/// Where everyone's points came from.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SummaryView {
    /// The category names, in column order.
    pub categories: Vec<&'static str>,
    /// Every seat's breakdown.
    pub players: Vec<Breakdown>,
    /// The final scoring, line by line (empty before the end).
    pub final_lines: Vec<FinalLine>,
    /// The winners (the leaders before the end).
    pub winners: Vec<u8>,
    /// Whether the game is over.
    pub over: bool,
}

/// The summary of `session` up to position `step`.
pub fn summary(session: &Session, step: usize) -> SummaryView {
    let state = session.state_at(step).unwrap_or_else(|| session.current());
    let mut players: Vec<Breakdown> = (0..state.players())
        .map(|i| Breakdown {
            seat: i as u8,
            total: 0,
            points: vec![0; CATEGORIES.len()],
        })
        .collect();
    let mut final_lines = Vec::new();
    for (_, event) in session.events_until(step) {
        if let Event::Scored {
            player,
            points,
            reason,
        } = *event
        {
            let Some(b) = players.get_mut(player.index()) else {
                continue;
            };
            b.total += points as u32;
            b.points[category(reason)] += points as u32;
            if reason.is_final() {
                final_lines.push(FinalLine {
                    seat: player.0,
                    points,
                    reason: reason.to_string(),
                });
            }
        }
    }
    SummaryView {
        categories: CATEGORIES.to_vec(),
        players,
        final_lines,
        winners: state.leaders().iter().map(|p| p.0).collect(),
        over: state.is_over(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::Seat;

    #[test]
    fn views_of_a_whole_game_agree_with_the_engine() {
        let seats = vec![Seat::parse("random").unwrap(), Seat::parse("greedy").unwrap()];
        let mut s = Session::new(11, seats).unwrap();
        let mut saw = [false; 4];
        loop {
            s.advance();
            if s.current().is_over() {
                break;
            }
            let l = legal(s.current());
            assert_eq!(l.all.len(), s.current().legal_moves().len());
            let d = decision(&s, s.step());
            match d.phase {
                "place" => {
                    saw[0] = true;
                    assert!(d.tile.is_some());
                    let n: usize = l.placements.iter().map(|p| p.rotations.len()).sum();
                    assert_eq!(n, l.all.len());
                }
                "action" => {
                    saw[1] = true;
                    assert!(l.pass.is_some());
                    let n = l.meeples.len()
                        + l.rangers.iter().map(|r| r.to.len()).sum::<usize>()
                        + l.holes.iter().map(|h| h.tokens.len()).sum::<usize>()
                        + 1;
                    assert_eq!(n, l.all.len());
                }
                "boost" => {
                    saw[2] = true;
                    assert!(d.scoring.is_some() && l.no_boost.is_some());
                    assert_eq!(l.boosts.len() + 1, l.all.len());
                }
                "return" => {
                    saw[3] = true;
                    assert_eq!(l.returns.len(), l.all.len());
                }
                other => panic!("unexpected phase {other}"),
            }
            let (mv, _) = s.bot_choice().unwrap();
            s.play_bot(&mv.to_string(), s.step()).unwrap();
        }
        assert!(saw[0] && saw[1], "{saw:?}");
        let sum = summary(&s, s.step());
        assert!(sum.over);
        for (b, &score) in sum.players.iter().zip(s.current().scores()) {
            assert_eq!(b.total, score);
            assert_eq!(b.points.iter().sum::<u32>(), score);
        }
        assert!(!sum.final_lines.is_empty());
        let board = board(s.current());
        assert_eq!(board.tiles.len(), 3 + 72 - s.current().tiles_removed());
        assert_eq!(decision(&s, s.step()).phase, "over");
        assert!(log(&s, s.step()).last().is_some_and(|e| e.kind == "game_over"));
    }
}
