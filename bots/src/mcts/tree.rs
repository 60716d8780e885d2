//! The search tree and one search.
//!
//! Nodes live in one vector; a node's children are a contiguous block created
//! when the node is expanded (on its second visit). Decision nodes order their
//! children by a prior (see [`prior`]) and open them progressively: a node
//! visited `n` times chooses among its first `widening(n)` children, so the
//! 300 moves of an action decision are not all tried before the good ones are
//! told apart. Chance nodes keep one child per outcome with its weight.

use alloc::vec::Vec;

use carcassonne_safari::movegen::MoveFilter;
use carcassonne_safari::{Actor, GameState, Move, MoveKind};

use super::playout::Playout;
use super::{MctsConfig, RootMove, SearchStats};
use crate::budget::Meter;
use crate::rng::{below, BotRng};

/// No child block yet.
const LEAF: u32 = u32::MAX;

/// A node: the position after `mv`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) mv: Move,
    pub(crate) visits: u32,
    /// Sum of the rewards of the player who made `mv` (chance nodes: unused).
    pub(crate) total: f32,
    /// For a child of a chance node, the outcome's weight; otherwise its
    /// prior (higher first).
    pub(crate) weight: f32,
    /// The first child, or [`LEAF`].
    pub(crate) first: u32,
    /// Number of children.
    pub(crate) count: u32,
    /// The position key after `mv` (set on the first visit), to find the
    /// node again when the tree is reused.
    pub(crate) key: u64,
}

impl Node {
    fn new(mv: Move, weight: f32, key: u64) -> Node {
        Node {
            mv,
            visits: 0,
            total: 0.0,
            weight,
            first: LEAF,
            count: 0,
            key,
        }
    }

    fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.total / self.visits as f32
        }
    }
}

/// A search tree: the root first.
#[derive(Clone, Debug)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    pub(crate) iterations: u32,
}

impl Tree {
    /// A tree of one node for `root`.
    pub(crate) fn new(root: &GameState) -> Tree {
        Tree {
            nodes: alloc::vec![Node::new(Move::Pass, 1.0, root.position_key())],
            iterations: 0,
        }
    }

    pub(crate) fn children(&self, n: usize) -> &[Node] {
        let node = &self.nodes[n];
        if node.first == LEAF {
            return &[];
        }
        &self.nodes[node.first as usize..(node.first + node.count) as usize]
    }

    /// The subtree below the node whose position is `key`, looked for down to
    /// `depth` levels, as a tree of its own (node 0 its root); `None` when no
    /// node of the tree has that position.
    pub(crate) fn subtree(&self, key: u64, depth: usize) -> Option<Tree> {
        let mut level = alloc::vec![0usize];
        let mut found = None;
        'search: for _ in 0..=depth {
            let mut next = Vec::new();
            for &n in &level {
                if self.nodes[n].key == key {
                    found = Some(n);
                    break 'search;
                }
                let node = &self.nodes[n];
                if node.first != LEAF {
                    next.extend(node.first as usize..(node.first + node.count) as usize);
                }
            }
            level = next;
        }
        let root = found?;
        // Copy the subtree breadth first; children blocks stay contiguous.
        let mut nodes = alloc::vec![self.nodes[root]];
        let mut i = 0;
        while i < nodes.len() {
            let node = nodes[i];
            if node.first != LEAF {
                let first = nodes.len() as u32;
                nodes.extend_from_slice(&self.nodes[node.first as usize..(node.first + node.count) as usize]);
                nodes[i].first = first;
            }
            i += 1;
        }
        Some(Tree { nodes, iterations: 0 })
    }
}

/// How many children of a decision node visited `visits` times are open:
/// `ceil(c * visits^alpha)`, at least one.
fn widening(visits: u32, c: f32, alpha: f32) -> u32 {
    libm::ceilf(c * libm::powf(visits.max(1) as f32, alpha)).max(1.0) as u32
}

/// A cheap prior of a move at a player's decision, higher for moves more
/// likely to be good: meeples and watering holes score, rangers rarely do; a
/// tile placed next to more tiles closes more features.
pub(crate) fn prior(state: &GameState, mv: Move) -> f32 {
    match mv.kind() {
        MoveKind::Place => {
            let Move::Place(pos, _) = mv else { return 0.5 };
            let neighbours = pos
                .neighbours()
                .iter()
                .filter(|&&p| state.tile_at(p).is_some())
                .count();
            0.4 + 0.1 * neighbours as f32
        }
        MoveKind::Meeple => 1.0,
        MoveKind::Expand => 0.9,
        MoveKind::Dig => 0.8,
        MoveKind::Pass => 0.7,
        MoveKind::Boost => 0.9,
        MoveKind::NoBoost => 0.6,
        MoveKind::Ranger => 0.1,
        _ => 0.5,
    }
}

/// Expands node `n` at `state`: one child per legal move (sorted by prior,
/// list order among equals) or chance outcome (with its weight).
fn expand(nodes: &mut Vec<Node>, n: usize, state: &GameState, moves: &mut Vec<Move>) {
    let first = nodes.len() as u32;
    match state.to_move() {
        Some(Actor::Chance) => {
            for (mv, weight) in state.chance_outcomes() {
                nodes.push(Node::new(mv, weight as f32, 0));
            }
        }
        Some(Actor::Player(_)) => {
            moves.clear();
            state.generate_moves(MoveFilter::All, |m| {
                moves.extend_from_slice(m);
                false
            });
            let start = nodes.len();
            for &mv in moves.iter() {
                nodes.push(Node::new(mv, prior(state, mv), 0));
            }
            // Stable: list order among equal priors.
            nodes[start..].sort_by(|a, b| b.weight.total_cmp(&a.weight));
        }
        None => return,
    }
    nodes[n].first = first;
    nodes[n].count = nodes.len() as u32 - first;
}

/// The child of chance node `n` drawn with the outcomes' weights.
fn sample_child(nodes: &[Node], n: usize, rng: &mut BotRng) -> usize {
    let node = &nodes[n];
    let range = node.first as usize..(node.first + node.count) as usize;
    let total: f32 = nodes[range.clone()].iter().map(|c| c.weight).sum();
    let mut r = below(rng, 1 << 24) as f32 / (1u32 << 24) as f32 * total;
    for i in range.clone() {
        if r < nodes[i].weight {
            return i;
        }
        r -= nodes[i].weight;
    }
    range.end - 1
}

/// The UCT child of decision node `n` among its open children: an unvisited
/// one first (the one with the best prior), else the best mean reward plus the
/// exploration bonus.
fn select_child(nodes: &[Node], n: usize, config: &MctsConfig) -> usize {
    let node = &nodes[n];
    let open = if config.widening > 0.0 {
        widening(node.visits, config.widening, config.widening_exponent).min(node.count)
    } else {
        node.count
    };
    let range = node.first as usize..(node.first + open) as usize;
    if let Some(i) = range.clone().find(|&i| nodes[i].visits == 0) {
        return i;
    }
    let log_n = libm::logf(node.visits.max(1) as f32);
    let mut best = range.start;
    let mut best_value = f32::MIN;
    for i in range {
        let x = &nodes[i];
        let v = x.mean() + config.exploration * libm::sqrtf(log_n / x.visits as f32);
        if v > best_value {
            best_value = v;
            best = i;
        }
    }
    best
}

/// Runs iterations on `tree` from `root` within `config`'s budget.
pub(crate) fn search(tree: &mut Tree, root: &GameState, config: &MctsConfig, mut rng: BotRng) {
    let meter = Meter::start(config.budget);
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut events = Vec::with_capacity(64);
    let mut moves = Vec::with_capacity(512);
    let mut playout = Playout::new(config);
    let mut iterations = 0;
    if tree.nodes[0].first == LEAF {
        expand(&mut tree.nodes, 0, root, &mut moves);
    }
    while meter.more(iterations) {
        iterations += 1;
        let nodes = &mut tree.nodes;
        let mut state = root.clone();
        let mut n = 0;
        path.clear();
        while let Some(actor) = state.to_move() {
            if nodes[n].first == LEAF {
                if nodes[n].visits > 0 {
                    expand(nodes, n, &state, &mut moves);
                } else {
                    break;
                }
            }
            let (child, mover) = match actor {
                Actor::Chance => (sample_child(nodes, n, &mut rng), usize::MAX),
                Actor::Player(p) => (select_child(nodes, n, config), p.index()),
            };
            events.clear();
            if state.apply_mut(nodes[child].mv, &mut events).is_err() {
                break;
            }
            path.push((child, mover));
            n = child;
            if nodes[n].visits == 0 {
                // A new node: remember its position, to find it again when
                // the tree is reused for a later decision.
                nodes[n].key = state.position_key();
                break;
            }
        }
        let rewards = playout.run(&mut state, &mut rng);
        nodes[0].visits += 1;
        for &(i, mover) in &path {
            nodes[i].visits += 1;
            if mover != usize::MAX {
                nodes[i].total += rewards[mover];
            }
        }
    }
    tree.iterations += iterations;
}

/// The statistics of one or more searches of the same root, merged.
pub(crate) fn merge(trees: &[Tree]) -> SearchStats {
    let Some(first) = trees.first() else {
        return SearchStats::default();
    };
    let mut root: Vec<RootMove> = first
        .children(0)
        .iter()
        .map(|c| RootMove {
            mv: c.mv,
            visits: 0,
            value: 0.0,
        })
        .collect();
    let mut totals = alloc::vec![0.0f64; root.len()];
    for t in trees {
        for c in t.children(0) {
            if let Some(i) = root.iter().position(|r| r.mv == c.mv) {
                root[i].visits += c.visits;
                totals[i] += c.total as f64;
            }
        }
    }
    for (r, total) in root.iter_mut().zip(totals) {
        r.value = if r.visits > 0 {
            total / r.visits as f64
        } else {
            0.0
        };
    }
    // Most visited first; among equals the better value, then the list order.
    root.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    // The principal variation, from the first tree.
    let mut pv = Vec::new();
    let mut n = 0;
    if let Some(best) = root.first() {
        pv.push(best.mv);
        n = first
            .children(0)
            .iter()
            .position(|c| c.mv == best.mv)
            .map_or(0, |i| first.nodes[0].first as usize + i);
    }
    while n != 0 && first.nodes[n].first != LEAF && pv.len() < 16 {
        let kids = first.children(n);
        let Some((i, c)) = kids.iter().enumerate().max_by_key(|(_, c)| c.visits) else {
            break;
        };
        if c.visits == 0 {
            break;
        }
        pv.push(c.mv);
        n = first.nodes[n].first as usize + i;
    }
    SearchStats {
        iterations: trees.iter().map(|t| t.iterations).sum(),
        reused_visits: 0,
        root,
        principal_variation: pv,
    }
}
