//! The search tree and one search.

use alloc::vec::Vec;

use carcassonne_safari::{Actor, Event, GameState, Move};

use super::{MctsConfig, RootMove, SearchStats};
use crate::budget::Meter;
use crate::random::pick_by_kind;
use crate::rng::{below, BotRng};

/// A node: the position after `mv`. Its children are a contiguous block of
/// the node vector, created all at once when the node is first expanded.
#[derive(Clone, Copy, Debug)]
struct Node {
    mv: Move,
    visits: u32,
    /// Sum of the rewards of the player who made `mv` (chance nodes: unused).
    total: f64,
    first: u32,
    count: u32,
    /// The outcome's weight, for children of a chance node.
    weight: u32,
}

/// A finished search: the nodes, the root first.
pub(crate) struct Tree {
    nodes: Vec<Node>,
    iterations: u32,
}

impl Tree {
    fn children(&self, n: usize) -> &[Node] {
        let node = &self.nodes[n];
        &self.nodes[node.first as usize..(node.first + node.count) as usize]
    }
}

/// Each player's reward for a finished game, in `0..=1`.
fn rewards(state: &GameState, scale: f64) -> [f64; 5] {
    let scores = state.scores();
    let mut out = [0.5; 5];
    for (p, &s) in scores.iter().enumerate() {
        let best_other = scores
            .iter()
            .enumerate()
            .filter(|&(q, _)| q != p)
            .map(|(_, &t)| t)
            .max()
            .unwrap_or(0);
        let margin = s as f64 - best_other as f64;
        out[p] = 0.5 + 0.5 * libm::tanh(margin / scale);
    }
    out
}

/// Plays `state` to the end: chance by its weights, players by the
/// kind-first random policy.
fn playout(state: &mut GameState, rng: &mut BotRng, events: &mut Vec<Event>) {
    while let Some(actor) = state.to_move() {
        let mv = match actor {
            Actor::Chance => match state.sample_chance(rng) {
                Some(m) => m,
                None => return,
            },
            Actor::Player(_) => {
                let moves = state.legal_moves();
                pick_by_kind(rng, &moves)
            }
        };
        events.clear();
        if state.apply_mut(mv, events).is_err() {
            return;
        }
    }
}

/// Expands node `n` at `state`: one child per legal move or chance outcome.
fn expand(nodes: &mut Vec<Node>, n: usize, state: &GameState) {
    let first = nodes.len() as u32;
    match state.to_move() {
        Some(Actor::Chance) => {
            for (mv, weight) in state.chance_outcomes() {
                nodes.push(Node {
                    mv,
                    visits: 0,
                    total: 0.0,
                    first: 0,
                    count: 0,
                    weight,
                });
            }
        }
        Some(Actor::Player(_)) => {
            for mv in state.legal_moves() {
                nodes.push(Node {
                    mv,
                    visits: 0,
                    total: 0.0,
                    first: 0,
                    count: 0,
                    weight: 1,
                });
            }
        }
        None => {}
    }
    nodes[n].first = first;
    nodes[n].count = nodes.len() as u32 - first;
}

/// The child of chance node `n` drawn with the outcomes' weights.
fn sample_child(nodes: &[Node], n: usize, rng: &mut BotRng) -> usize {
    let node = &nodes[n];
    let range = node.first as usize..(node.first + node.count) as usize;
    let total: u32 = nodes[range.clone()].iter().map(|c| c.weight).sum();
    let mut r = below(rng, total.max(1) as usize) as u32;
    for i in range.clone() {
        if r < nodes[i].weight {
            return i;
        }
        r -= nodes[i].weight;
    }
    range.end - 1
}

/// The UCT child of decision node `n`: an unvisited child (a random one)
/// first, else the best mean plus exploration bonus.
fn select_child(nodes: &[Node], n: usize, c: f64, rng: &mut BotRng) -> usize {
    let node = &nodes[n];
    let range = node.first as usize..(node.first + node.count) as usize;
    let unvisited = nodes[range.clone()].iter().filter(|x| x.visits == 0).count();
    if unvisited > 0 {
        let k = below(rng, unvisited);
        return range
            .clone()
            .filter(|&i| nodes[i].visits == 0)
            .nth(k)
            .expect("k < unvisited");
    }
    let log_n = libm::log(node.visits.max(1) as f64);
    let mut best = range.start;
    let mut best_value = f64::MIN;
    for i in range {
        let x = &nodes[i];
        let v = x.total / x.visits as f64 + c * libm::sqrt(log_n / x.visits as f64);
        if v > best_value {
            best_value = v;
            best = i;
        }
    }
    best
}

/// One search from `root` with `config`'s budget.
pub(crate) fn search(root: &GameState, config: &MctsConfig, mut rng: BotRng) -> Tree {
    let meter = Meter::start(config.budget);
    let mut nodes = alloc::vec![Node {
        mv: Move::Pass,
        visits: 0,
        total: 0.0,
        first: 0,
        count: 0,
        weight: 1,
    }];
    expand(&mut nodes, 0, root);
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut events = Vec::new();
    let mut iterations = 0;
    while meter.more(iterations) {
        iterations += 1;
        let mut state = root.clone();
        let mut n = 0;
        path.clear();
        while let Some(actor) = state.to_move() {
            if nodes[n].count == 0 {
                if nodes[n].visits > 0 || n == 0 {
                    expand(&mut nodes, n, &state);
                } else {
                    break;
                }
            }
            let (child, mover) = match actor {
                Actor::Chance => (sample_child(&nodes, n, &mut rng), usize::MAX),
                Actor::Player(p) => (select_child(&nodes, n, config.exploration, &mut rng), p.index()),
            };
            events.clear();
            if state.apply_mut(nodes[child].mv, &mut events).is_err() {
                break;
            }
            path.push((child, mover));
            n = child;
            if nodes[n].visits == 0 {
                break;
            }
        }
        playout(&mut state, &mut rng, &mut events);
        let r = rewards(&state, config.reward_scale);
        nodes[0].visits += 1;
        for &(i, mover) in &path {
            nodes[i].visits += 1;
            if mover != usize::MAX {
                nodes[i].total += r[mover];
            }
        }
    }
    Tree { nodes, iterations }
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
    let mut totals = alloc::vec![0.0; root.len()];
    for t in trees {
        for (i, c) in t.children(0).iter().enumerate() {
            if let Some(r) = root.get_mut(i) {
                r.visits += c.visits;
                totals[i] += c.total;
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
    // Most visited first; ties keep the legal-move order (stable sort).
    root.sort_by_key(|r| core::cmp::Reverse(r.visits));
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
    while n != 0 && first.nodes[n].count > 0 && pv.len() < 16 {
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
        root,
        principal_variation: pv,
    }
}
