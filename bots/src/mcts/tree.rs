//! The search tree and one search.
//!
//! Nodes live in one vector; a node's children are a contiguous block created
//! when the node is expanded (on its second visit). Decision nodes order their
//! children by the evaluator's prior ([`Evaluator::prior`]) and open them
//! progressively: a node visited `n` times chooses among its first
//! `widening(n)` children, so the 300 moves of an action decision are not all
//! tried before the good ones are told apart. Chance nodes keep one child per
//! outcome, in the order of [`GameState::chance_outcomes`], and draw among
//! them with the weights the position gives. New leaves are valued by the
//! evaluator ([`Evaluator::evaluate`]); the tree knows neither playouts nor
//! priors.

use alloc::vec::Vec;

use carcassonne_safari::movegen::MoveFilter;
use carcassonne_safari::{Actor, GameState, Move, Phase};

use super::evaluator::Evaluator;
use super::{MctsConfig, RootMove, SearchStats};
use crate::budget::Meter;
use crate::rng::BotRng;

/// No child block yet.
pub(crate) const LEAF: u32 = u32::MAX;

/// A node: the position after `mv`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    pub(crate) mv: Move,
    pub(crate) visits: u32,
    /// Sum of the values of the player who made `mv` (the children of a
    /// chance node: unused, chance has no values).
    pub(crate) total: f32,
    /// The evaluator's prior of `mv` at its decision (higher first); 0 for
    /// the children of a chance node, which are drawn by the outcomes'
    /// weights instead.
    pub(crate) prior: f32,
    /// The first child, or [`LEAF`].
    pub(crate) first: u32,
    /// Number of children.
    pub(crate) count: u32,
    /// The position key after `mv` (set on the first visit), to find the
    /// node again when the tree is reused.
    pub(crate) key: u64,
}

impl Node {
    fn new(mv: Move, prior: f32, key: u64) -> Node {
        Node {
            mv,
            visits: 0,
            total: 0.0,
            prior,
            first: LEAF,
            count: 0,
            key,
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

/// Reusable buffers of the expansion of decision nodes.
#[derive(Default)]
struct Buffers {
    moves: Vec<Move>,
    priors: Vec<f32>,
}

/// Expands node `n` at `state`: one child per move the evaluator keeps
/// ([`Evaluator::prior`]), sorted by its prior (list order among equals), or
/// per chance outcome (in the order of [`GameState::chance_outcomes`]).
fn expand<E: Evaluator>(
    nodes: &mut Vec<Node>,
    n: usize,
    state: &GameState,
    evaluator: &mut E,
    buf: &mut Buffers,
    root: bool,
) {
    let first = nodes.len() as u32;
    match state.to_move() {
        Some(Actor::Chance) => {
            for (mv, _) in state.chance_outcomes() {
                nodes.push(Node::new(mv, 0.0, 0));
            }
        }
        Some(Actor::Player(_)) => {
            buf.moves.clear();
            state.generate_moves(MoveFilter::All, |m| {
                buf.moves.extend_from_slice(m);
                false
            });
            buf.priors.clear();
            evaluator.prior(state, root, &mut buf.moves, &mut buf.priors);
            buf.priors.resize(buf.moves.len(), 0.0);
            let start = nodes.len();
            for (&mv, &prior) in buf.moves.iter().zip(&buf.priors) {
                nodes.push(Node::new(mv, prior, 0));
            }
            // Stable: list order among equal priors.
            nodes[start..].sort_by(|a, b| b.prior.total_cmp(&a.prior));
        }
        None => return,
    }
    nodes[n].first = first;
    nodes[n].count = nodes.len() as u32 - first;
}

/// Sorts the children of a root kept from an earlier search by the
/// evaluator's root prior ([`Evaluator::prior`]), stable.
fn order_root<E: Evaluator>(nodes: &mut [Node], root: &GameState, evaluator: &mut E, buf: &mut Buffers) {
    if !matches!(root.to_move(), Some(Actor::Player(_))) || nodes[0].first == LEAF {
        return;
    }
    let range = nodes[0].first as usize..(nodes[0].first + nodes[0].count) as usize;
    buf.moves.clear();
    buf.moves.extend(nodes[range.clone()].iter().map(|c| c.mv));
    buf.priors.clear();
    evaluator.prior(root, true, &mut buf.moves, &mut buf.priors);
    buf.priors.resize(range.len(), 0.0);
    for (node, &prior) in nodes[range.clone()].iter_mut().zip(&buf.priors) {
        node.prior = prior;
    }
    nodes[range].sort_by(|a, b| b.prior.total_cmp(&a.prior));
}

/// The child of chance node `n` at `state`: with `stratified`, the outcome
/// furthest behind its share of the node's visits (its weight times the
/// visits so far, plus one, less its own visits; the first of equals), so
/// that the visits of a chance node follow the outcomes' weights without
/// the noise of sampling (the value of a move compares across the same mix
/// of draws); else one drawn with the weights of the position's outcomes
/// ([`ChanceOutcomes::sample`](carcassonne_safari::movegen::ChanceOutcomes::sample)).
/// The children are in the outcomes' order.
fn sample_child(nodes: &[Node], n: usize, state: &GameState, rng: &mut BotRng, stratified: bool) -> usize {
    let node = &nodes[n];
    let first = node.first as usize;
    let last = first + node.count as usize - 1;
    let outcomes = state.chance_outcomes();
    if stratified {
        let total: f32 = outcomes.iter().map(|(_, w)| w as f32).sum();
        let visits = node.visits as f32 + 1.0;
        let mut best = first;
        let mut best_deficit = f32::MIN;
        for (i, (_, w)) in outcomes.iter().enumerate() {
            let child = (first + i).min(last);
            let deficit = w as f32 / total * visits - nodes[child].visits as f32;
            if deficit > best_deficit {
                best_deficit = deficit;
                best = child;
            }
        }
        return best;
    }
    // The engine's own weighted draw; the children are in the outcomes' order.
    let drawn = outcomes.sample(rng);
    outcomes
        .iter()
        .position(|(mv, _)| Some(mv) == drawn)
        .map_or(last, |i| (first + i).min(last))
}

/// The UCT child of decision node `n` among its open children: an unvisited
/// one first (the one with the best prior), else the best mean value plus the
/// exploration bonus. With [`MctsConfig::prior_visits`] `n0 > 0`, each
/// child's prior counts as `n0` visits of that value instead (no child is
/// tried just for being unvisited).
fn select_child(nodes: &[Node], n: usize, config: &MctsConfig) -> usize {
    let node = &nodes[n];
    let value = |x: &Node| x.total;
    let open = if config.widening > 0.0 {
        widening(node.visits, config.widening, config.widening_exponent).min(node.count)
    } else {
        node.count
    };
    let range = node.first as usize..(node.first + open) as usize;
    let log_n = libm::logf(node.visits.max(1) as f32);
    let n0 = config.prior_visits;
    if n0 > 0.0 {
        // The prior counts as `n0` visits of its value; relative priors are
        // moved so that the best one is the mean value the node's children
        // have shown so far (the prior then says how much worse a move is,
        // on the scale of what the visits learn).
        let mut offset = 0.0;
        let all = node.first as usize..(node.first + node.count) as usize;
        let (total, visits) = nodes[all.clone()]
            .iter()
            .fold((0.0f32, 0u32), |(t, v), c| (t + value(c), v + c.visits));
        let best_prior = nodes[all].iter().map(|c| c.prior).fold(f32::MIN, f32::max);
        if visits > 0 {
            offset = total / visits as f32 - best_prior;
        }
        let mut best = range.start;
        let mut best_value = f32::MIN;
        for i in range {
            let x = &nodes[i];
            let visits = x.visits as f32 + n0;
            let prior = x.prior + offset;
            let v = (value(x) + n0 * prior) / visits + config.exploration * libm::sqrtf(log_n / visits);
            if v > best_value {
                best_value = v;
                best = i;
            }
        }
        return best;
    }
    if let Some(i) = range.clone().find(|&i| nodes[i].visits == 0) {
        return i;
    }
    let mut best = range.start;
    let mut best_value = f32::MIN;
    for i in range {
        let x = &nodes[i];
        let v = value(x) / x.visits as f32 + config.exploration * libm::sqrtf(log_n / x.visits as f32);
        if v > best_value {
            best_value = v;
            best = i;
        }
    }
    best
}

/// Whether the search stops at `state`, a new node below the root, with
/// [`MctsConfig::whole_turns`]: a tile draw (the start of a turn).
fn turn_start(state: &GameState) -> bool {
    state.phase() == Phase::DrawTile
}

/// Runs iterations on `tree` from `root` within `config`'s budget, leaves
/// valued and moves ordered by `evaluator`.
///
/// A new node is valued where the descent adds it; with
/// [`MctsConfig::whole_turns`], only at the start of a turn (a tile draw) or
/// the end of the game: a new node elsewhere is expanded at once and the
/// descent goes on through it, and a turn's start is searched past on its
/// next visit, so that every value in the tree is taken at the same kind of
/// point and a larger budget searches deeper.
pub(crate) fn search<E: Evaluator>(
    tree: &mut Tree,
    root: &GameState,
    config: &MctsConfig,
    evaluator: &mut E,
    mut rng: BotRng,
) {
    let meter = Meter::start(config.budget);
    // The nodes of the descent, each with the actor who moved into it.
    let mut path: Vec<(usize, Actor)> = Vec::new();
    let mut events = Vec::with_capacity(64);
    let mut buf = Buffers::default();
    let mut iterations = 0;
    if tree.nodes[0].first == LEAF {
        expand(&mut tree.nodes, 0, root, evaluator, &mut buf, true);
    } else {
        order_root(&mut tree.nodes, root, evaluator, &mut buf);
    }
    while meter.more(iterations) {
        iterations += 1;
        let nodes = &mut tree.nodes;
        let mut state = root.clone();
        let mut n = 0;
        path.clear();
        // Whether the descent is below a node it created (whole turns).
        let mut passing = false;
        while let Some(actor) = state.to_move() {
            if nodes[n].first == LEAF {
                if nodes[n].visits > 0 || passing {
                    expand(nodes, n, &state, evaluator, &mut buf, false);
                } else {
                    break;
                }
            }
            if nodes[n].count == 0 {
                break;
            }
            let child = match actor {
                Actor::Chance => sample_child(nodes, n, &state, &mut rng, config.stratified),
                Actor::Player(_) => select_child(nodes, n, config),
            };
            events.clear();
            // The children are the generator's moves and outcomes of this
            // position (a reused tree's nodes are found by position key).
            state.apply_unchecked(nodes[child].mv, &mut events);
            path.push((child, actor));
            n = child;
            if nodes[n].visits == 0 {
                // A new node: remember its position, to find it again when
                // the tree is reused for a later decision.
                nodes[n].key = state.position_key();
                passing = config.whole_turns && !turn_start(&state);
                if !passing {
                    break;
                }
            }
        }
        let values = evaluator.evaluate(state, &mut rng);
        nodes[0].visits += 1;
        for &(i, mover) in &path {
            nodes[i].visits += 1;
            if let Actor::Player(p) = mover {
                nodes[i].total += values[p.index()];
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
