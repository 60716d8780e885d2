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
use carcassonne_safari::rules::MAX_PLAYERS;
use carcassonne_safari::{Actor, GameState, Move};

use super::evaluator::{kind_prior, Evaluator, Values};
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
    /// Whether the children's priors are still the cheap ones of
    /// [`kind_prior`] (see [`MctsConfig::prior_after`]).
    pub(crate) cheap: bool,
    /// The values of a leaf the evaluator stops at ([`Evaluator::is_leaf`]),
    /// once evaluated: later visits take them again.
    pub(crate) leaf: Option<Values>,
    /// With [`MctsConfig::max_backup`]: every seat's value of the node,
    /// backed up from its visited children (the best child for the player
    /// to move, the visit-weighted mean at a chance node), or the mean of
    /// the values the node was given as a leaf while it had none.
    pub(crate) best: Values,
    /// With [`MctsConfig::max_backup`]: the sum of the values the node was
    /// given as a leaf, and how many.
    own: Values,
    own_visits: u32,
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
            cheap: false,
            leaf: None,
            best: [0.0; MAX_PLAYERS],
            own: [0.0; MAX_PLAYERS],
            own_visits: 0,
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

/// Expands node `n` at `state`: one child per legal move (sorted by the
/// evaluator's prior, its root prior for the root, list order among equals;
/// with `cheap`, by [`kind_prior`], each child's prior value then the
/// neutral 0.5 until [`refine`]) or chance outcome (in the order of
/// [`GameState::chance_outcomes`]).
fn expand<E: Evaluator>(
    nodes: &mut Vec<Node>,
    n: usize,
    state: &GameState,
    evaluator: &mut E,
    buf: &mut Buffers,
    root: bool,
    cheap: bool,
) {
    let first = nodes.len() as u32;
    let fixed = if root { None } else { evaluator.fixed_move(state) };
    match state.to_move() {
        Some(Actor::Player(_)) if fixed.is_some() => {
            nodes.extend(fixed.map(|mv| Node::new(mv, 1.0, 0)));
        }
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
            buf.priors.resize(buf.moves.len(), 0.0);
            if root {
                evaluator.root_prior(state, &buf.moves, &mut buf.priors);
            } else if cheap {
                for (p, &mv) in buf.priors.iter_mut().zip(&buf.moves) {
                    *p = kind_prior(state, mv);
                }
            } else {
                evaluator.prior(state, &buf.moves, &mut buf.priors);
            }
            let start = nodes.len();
            for (&mv, &prior) in buf.moves.iter().zip(&buf.priors) {
                nodes.push(Node::new(mv, prior, 0));
            }
            // Stable: list order among equal priors.
            nodes[start..].sort_by(|a, b| b.prior.total_cmp(&a.prior));
            if cheap && !root {
                for c in &mut nodes[start..] {
                    c.prior = 0.5;
                }
                nodes[n].cheap = true;
            }
        }
        None => return,
    }
    nodes[n].first = first;
    nodes[n].count = nodes.len() as u32 - first;
}

/// Sorts the children of a root kept from an earlier search by the
/// evaluator's root prior ([`Evaluator::root_prior`]), stable.
fn order_root<E: Evaluator>(nodes: &mut [Node], root: &GameState, evaluator: &mut E, buf: &mut Buffers) {
    if !matches!(root.to_move(), Some(Actor::Player(_))) || nodes[0].first == LEAF {
        return;
    }
    let range = nodes[0].first as usize..(nodes[0].first + nodes[0].count) as usize;
    buf.moves.clear();
    buf.moves.extend(nodes[range.clone()].iter().map(|c| c.mv));
    buf.priors.clear();
    buf.priors.resize(buf.moves.len(), 0.0);
    evaluator.root_prior(root, &buf.moves, &mut buf.priors);
    for (node, &prior) in nodes[range.clone()].iter_mut().zip(&buf.priors) {
        node.prior = prior;
    }
    nodes[range].sort_by(|a, b| b.prior.total_cmp(&a.prior));
}

/// Gives the children of decision node `n` at `state` the evaluator's
/// priors ([`Evaluator::prior`]) in place of the cheap ones, and sorts them
/// by it (stable); their visits and subtrees stay.
fn refine<E: Evaluator>(
    nodes: &mut [Node],
    n: usize,
    state: &GameState,
    evaluator: &mut E,
    buf: &mut Buffers,
) {
    let range = nodes[n].first as usize..(nodes[n].first + nodes[n].count) as usize;
    buf.moves.clear();
    buf.moves.extend(nodes[range.clone()].iter().map(|c| c.mv));
    buf.priors.clear();
    buf.priors.resize(buf.moves.len(), 0.0);
    evaluator.prior(state, &buf.moves, &mut buf.priors);
    for (node, &prior) in nodes[range.clone()].iter_mut().zip(&buf.priors) {
        node.prior = prior;
    }
    nodes[range].sort_by(|a, b| b.prior.total_cmp(&a.prior));
    nodes[n].cheap = false;
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
fn select_child(nodes: &[Node], n: usize, config: &MctsConfig, mover: usize) -> usize {
    let node = &nodes[n];
    // A child's value for the mover: its mean, or with max backups its
    // backed-up value.
    let value = |x: &Node| {
        if config.max_backup {
            x.best[mover] * x.visits as f32
        } else {
            x.total
        }
    };
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
        if config.relative_prior {
            let all = node.first as usize..(node.first + node.count) as usize;
            let (total, visits) = nodes[all.clone()]
                .iter()
                .fold((0.0f32, 0u32), |(t, v), c| (t + value(c), v + c.visits));
            let best_prior = nodes[all].iter().map(|c| c.prior).fold(f32::MIN, f32::max);
            if visits > 0 {
                offset = total / visits as f32 - best_prior;
            }
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

/// Runs iterations on `tree` from `root` within `config`'s budget, leaves
/// valued and moves ordered by `evaluator`.
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
    evaluator.set_root(root);
    if tree.nodes[0].first == LEAF {
        expand(&mut tree.nodes, 0, root, evaluator, &mut buf, true, false);
    } else {
        order_root(&mut tree.nodes, root, evaluator, &mut buf);
    }
    // `deepen` applies to an evaluator with leaves only.
    let deepen = config.deepen > 0 && evaluator.has_leaves();
    while meter.more(iterations) {
        iterations += 1;
        let nodes = &mut tree.nodes;
        let mut state = root.clone();
        let mut n = 0;
        path.clear();
        let mut stop = false;
        // Whether the descent is below a node it created (see `deepen`).
        let mut passing = false;
        while let Some(actor) = state.to_move() {
            // A leaf the evaluator stops at is searched past once it has
            // been visited `deepen` times (never with 0).
            if n != 0 && evaluator.is_leaf(&state) && (!deepen || nodes[n].visits < config.deepen) {
                stop = true;
                break;
            }
            if nodes[n].first == LEAF {
                if nodes[n].visits > 0 || passing {
                    let cheap = config.prior_after > 1;
                    expand(nodes, n, &state, evaluator, &mut buf, false, cheap);
                } else {
                    break;
                }
            }
            if nodes[n].cheap && nodes[n].visits >= config.prior_after {
                refine(nodes, n, &state, evaluator, &mut buf);
            }
            if nodes[n].count == 0 {
                break;
            }
            let child = match actor {
                Actor::Chance => sample_child(nodes, n, &state, &mut rng, config.stratified),
                Actor::Player(p) => select_child(nodes, n, config, p.index()),
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
                stop = evaluator.is_leaf(&state);
                // With `deepen`, the tree is valued at the evaluator's
                // leaves only: a new node that is not one is searched
                // through at once.
                passing = deepen && !stop;
                if !passing {
                    break;
                }
            }
        }
        let values = match nodes[n].leaf {
            Some(v) if stop => v,
            _ => {
                let v = evaluator.evaluate(state, &mut rng);
                if stop {
                    nodes[n].leaf = Some(v);
                }
                v
            }
        };
        nodes[0].visits += 1;
        for &(i, mover) in &path {
            nodes[i].visits += 1;
            if let Actor::Player(p) = mover {
                nodes[i].total += values[p.index()];
            }
        }
        if config.max_backup {
            back_up(nodes, &path, n, &values);
        }
    }
    tree.iterations += iterations;
}

/// Max backups ([`MctsConfig::max_backup`]) after an iteration that ended
/// at node `end` with `values`: the end node's own values, then every node
/// of the path from the bottom up (the root last) takes the best visited
/// child for the player to move there, or at a chance node the visits'
/// mean of its visited children.
fn back_up(nodes: &mut [Node], path: &[(usize, Actor)], end: usize, values: &Values) {
    let node = &mut nodes[end];
    for (o, v) in node.own.iter_mut().zip(values) {
        *o += v;
    }
    node.own_visits += 1;
    // The nodes from the bottom up (the root is node 0, path[k - 1] the k-th
    // below it), each with the actor to move there: the one who moved into
    // the node below it.
    for k in (0..=path.len()).rev() {
        let n = if k == 0 { 0 } else { path[k - 1].0 };
        let actor = path.get(k).map(|&(_, actor)| actor);
        let node = nodes[n];
        let children = if node.first == LEAF {
            &[][..]
        } else {
            &nodes[node.first as usize..(node.first + node.count) as usize]
        };
        let mut best = None::<Values>;
        match actor {
            Some(Actor::Chance) => {
                let mut sum = [0.0; MAX_PLAYERS];
                let mut visits = 0.0;
                for c in children.iter().filter(|c| c.visits > 0) {
                    let w = c.visits as f32;
                    for (s, v) in sum.iter_mut().zip(&c.best) {
                        *s += w * v;
                    }
                    visits += w;
                }
                if visits > 0.0 {
                    best = Some(sum.map(|s| s / visits));
                }
            }
            Some(Actor::Player(p)) => {
                let q = p.index();
                for c in children.iter().filter(|c| c.visits > 0) {
                    if best.is_none_or(|b| c.best[q] > b[q]) {
                        best = Some(c.best);
                    }
                }
            }
            None => {}
        }
        nodes[n].best = best.unwrap_or_else(|| {
            let k = node.own_visits.max(1) as f32;
            node.own.map(|o| o / k)
        });
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_safari::PlayerId;

    fn node(visits: u32, best: [f32; 2]) -> Node {
        let mut n = Node::new(Move::Pass, 0.0, 0);
        n.visits = visits;
        n.best[..2].copy_from_slice(&best);
        n
    }

    /// Max backups: a chance node is the visits' mean of its outcomes, a
    /// decision the best child for the player to move there.
    #[test]
    fn max_backups_take_the_best_move_and_the_mean_of_the_draws() {
        // 0: seat 0 decides between 1 (a tile draw: outcomes 3 and 4) and
        // 2 (valued 0.6 for seat 0). The iteration ends at outcome 3.
        let mut nodes = alloc::vec![
            node(6, [0.0, 0.0]),
            node(4, [0.0, 0.0]),
            node(2, [0.6, 0.4]),
            node(3, [0.0, 0.0]),
            node(1, [0.1, 0.9]),
        ];
        nodes[0].first = 1;
        nodes[0].count = 2;
        nodes[1].first = 3;
        nodes[1].count = 2;
        nodes[3].own = [1.8, 0.2, 0.0, 0.0, 0.0];
        nodes[3].own_visits = 2;
        let path = [(1, Actor::Player(PlayerId(0))), (3, Actor::Chance)];
        back_up(&mut nodes, &path, 3, &[0.9, 0.1, 0.0, 0.0, 0.0]);
        // Outcome 3: the mean of its three leaf values, 0.9.
        assert!((nodes[3].best[0] - 0.9).abs() < 1e-6);
        // The draw: (3 * 0.9 + 1 * 0.1) / 4 visits.
        assert!((nodes[1].best[0] - 0.7).abs() < 1e-6);
        assert!((nodes[1].best[1] - 0.3).abs() < 1e-6);
        // Seat 0 takes the draw (0.7 against 0.6), whatever 2's visits.
        assert_eq!(nodes[0].best[..2], nodes[1].best[..2]);
        // With the other move better for seat 0, the root takes it.
        nodes[2].best[0] = 0.8;
        back_up(&mut nodes, &path, 3, &[0.9, 0.1, 0.0, 0.0, 0.0]);
        assert_eq!(nodes[0].best[..2], [0.8, 0.4]);
    }
}
