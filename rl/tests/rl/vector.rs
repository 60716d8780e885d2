//! The vector env's games: every seat's rewards over a game sum to its final
//! reward as the engine scores the game, the final observation of every seat
//! is that seat's view of the ended game, a slot's own seed gives the same
//! games in any slot, and the paired deals of a seed are the bots' arena's.

use carcassonne_safari::chance::{ChanceSource, Deal};
use carcassonne_safari::rand_core::SeedableRng;
use carcassonne_safari::{Actor, GameState, Move, Setup};
use carcassonne_safari_bots::BotRng;
use carcassonne_safari_rl::compact::num_actions;
use carcassonne_safari_rl::observation::{num_scalars, observe_into, Layout, NUM_PLANES};
use carcassonne_safari_rl::rewards::{reward, Mode};
use carcassonne_safari_rl::vector::{Config, Rows, Slot, StepOut, SEATS};
use carcassonne_safari_rl::window::Window;

const SIDE: u32 = 32;

/// The output rows of one slot.
struct Buffers {
    board: Vec<u8>,
    scalars: Vec<i16>,
    mask: Vec<bool>,
    final_board: Vec<u8>,
    final_scalars: Vec<i16>,
    final_seat_board: Vec<u8>,
    final_seat_scalars: Vec<i16>,
    shares: Vec<f32>,
    scores: Vec<i32>,
}

fn plane_len() -> usize {
    NUM_PLANES * (SIDE * SIDE) as usize
}

impl Buffers {
    fn new(players: usize) -> Buffers {
        Buffers {
            board: vec![0; plane_len()],
            scalars: vec![0; num_scalars()],
            mask: vec![false; num_actions(SIDE) as usize],
            final_board: vec![0; plane_len()],
            final_scalars: vec![0; num_scalars()],
            final_seat_board: vec![0; players * plane_len()],
            final_seat_scalars: vec![0; players * num_scalars()],
            shares: vec![0.0; SEATS],
            scores: vec![0; SEATS],
        }
    }

    fn rows(&mut self) -> Rows<'_> {
        Rows {
            board: &mut self.board,
            scalars: &mut self.scalars,
            mask: &mut self.mask,
            final_board: &mut self.final_board,
            final_scalars: &mut self.final_scalars,
            final_seat_board: &mut self.final_seat_board,
            final_seat_scalars: &mut self.final_seat_scalars,
            shares: &mut self.shares,
            scores: &mut self.scores,
        }
    }
}

fn config(players: usize, opponents: Option<&[&str]>, reward: Mode) -> Config {
    Config {
        players,
        opponents: opponents.map(|o| o.iter().map(|s| s.to_string()).collect()),
        side: SIDE,
        reward,
        paired: false,
        slots: 8,
    }
}

/// Plays `steps` uniformly random agent decisions in `slot`; calls `each`
/// with every step's output and rows.
fn play(
    slot: &mut Slot,
    config: &Config,
    buffers: &mut Buffers,
    steps: usize,
    seed: u64,
    mut each: impl FnMut(&Slot, &StepOut, &Buffers),
) {
    let mut rng = BotRng::seed_from_u64(seed);
    for _ in 0..steps {
        let id = slot.sample(&mut rng).unwrap();
        let mv = slot.check(i64::from(id)).unwrap();
        let out = slot.step(config, mv, &mut buffers.rows()).unwrap();
        each(slot, &out, buffers);
    }
}

#[test]
fn every_seats_rewards_sum_to_its_final_reward() {
    let cases: [(usize, Option<&[&str]>, Mode); 6] = [
        (2, None, Mode::ScoreDiff),
        (3, None, Mode::Win),
        (2, Some(&["greedy"]), Mode::ScoreDiff),
        (3, Some(&["random"]), Mode::Score),
        (4, Some(&["random", "greedy"]), Mode::Win),
        (3, None, Mode::Score),
    ];
    for (k, (players, opponents, mode)) in cases.into_iter().enumerate() {
        let config = config(players, opponents, mode);
        let mut buffers = Buffers::new(players);
        let mut slot = Slot::new(&config, 1, 40 + k as u64).unwrap();
        let mut totals = [0f64; SEATS];
        let mut games = 0;
        play(
            &mut slot,
            &config,
            &mut buffers,
            1_500,
            k as u64,
            |slot, out, b| {
                for (t, r) in totals.iter_mut().zip(out.rewards) {
                    *t += f64::from(r);
                }
                assert!(
                    out.rewards[players..].iter().all(|&r| r == 0.0),
                    "a reward past the players"
                );
                if mode != Mode::Score {
                    let sum: f32 = out.rewards.iter().sum();
                    assert!(sum.abs() < 1e-3, "{mode:?} rewards of a step sum to {sum}");
                }
                if !out.terminated {
                    assert!(mode != Mode::Win || out.rewards.iter().all(|&r| r == 0.0));
                    return;
                }
                // The engine's final scores of the game that ended.
                let ended = slot.ended().unwrap();
                assert!(ended.is_over());
                let scores = ended.scores();
                for (s, &score) in scores.iter().enumerate() {
                    assert_eq!(b.scores[s], score as i32);
                    let want = reward(scores, s, mode);
                    assert!(
                        (totals[s] - want).abs() < 1e-3,
                        "seat {s}: rewards sum to {}, the game gives {want}",
                        totals[s]
                    );
                }
                totals = [0.0; SEATS];
                games += 1;
            },
        );
        assert!(games >= 1, "case {k}: no game ended");
    }
}

/// The observation of `state` by `seat` over `window`, as the vector env's rows.
fn view(state: &GameState, seat: usize, window: &Window) -> (Vec<u8>, Vec<i16>) {
    let mut board = vec![0; plane_len()];
    let mut floats = vec![0f32; num_scalars()];
    observe_into(
        state,
        seat,
        window,
        Layout::ChannelsLast,
        &[],
        &mut board,
        &mut floats,
    );
    (
        board,
        floats
            .iter()
            .map(|&f| f.clamp(-32768.0, 32767.0) as i16)
            .collect(),
    )
}

#[test]
fn every_seat_sees_the_end_of_its_game() {
    for (players, opponents) in [(2, None), (3, Some(&["greedy"][..]))] {
        let config = config(players, opponents, Mode::Win);
        let mut buffers = Buffers::new(players);
        let mut slot = Slot::new(&config, 0, 3).unwrap();
        let mut games = 0;
        play(&mut slot, &config, &mut buffers, 1_000, 5, |slot, out, b| {
            if !out.terminated {
                return;
            }
            games += 1;
            let ended = slot.ended().unwrap();
            let window = Window::follow(ended, SIDE).unwrap();
            let (n, m) = (plane_len(), num_scalars());
            let mut seen = Vec::new();
            for seat in 0..players {
                let (board, scalars) = view(ended, seat, &window);
                assert!(
                    b.final_seat_board[seat * n..(seat + 1) * n] == board[..],
                    "seat {seat}'s planes"
                );
                assert_eq!(
                    b.final_seat_scalars[seat * m..(seat + 1) * m],
                    scalars[..],
                    "seat {seat}'s scalars"
                );
                seen.push(scalars);
            }
            // The agent's block is the single final observation, and the
            // seats see the game each from their own side.
            let agent = out.agent_seat as usize;
            assert!(b.final_seat_board[agent * n..(agent + 1) * n] == b.final_board[..]);
            assert_eq!(
                b.final_seat_scalars[agent * m..(agent + 1) * m],
                b.final_scalars[..]
            );
            assert_ne!(seen[0], seen[1]);
        });
        assert!(games >= 1);
    }
}

/// The moves of the games of a slot over `steps` decisions, each the
/// lowest legal compact id (the same in every slot); a game that ended, up to
/// the agent's last decision in it.
fn trajectory(slot: &mut Slot, config: &Config, buffers: &mut Buffers, steps: usize) -> Vec<Vec<Move>> {
    let mut games = vec![slot.record().moves];
    for _ in 0..steps {
        let id = buffers.mask.iter().position(|&m| m).unwrap();
        let mv = slot.check(id as i64).unwrap();
        let out = slot.step(config, mv, &mut buffers.rows()).unwrap();
        if out.terminated || out.truncated {
            games.push(Vec::new());
        }
        *games.last_mut().unwrap() = slot.record().moves;
    }
    games
}

#[test]
fn a_slots_own_seed_gives_the_same_games_in_any_slot() {
    let config = config(2, Some(&["random"]), Mode::Win);
    let run = |index: u64, seed: Option<u64>| {
        let mut buffers = Buffers::new(2);
        let mut slot = Slot::new(&config, index, 99).unwrap();
        match seed {
            Some(seed) => slot.reset_own(&config, seed, &mut buffers.rows()).unwrap(),
            None => slot.reset(&config, 99, &mut buffers.rows()).unwrap(),
        };
        trajectory(&mut slot, &config, &mut buffers, 300)
    };
    let a = run(0, Some(7));
    assert!(a.len() >= 3, "at least two games end");
    assert_eq!(a, run(5, Some(7)), "the same seed in another slot");
    assert_ne!(a, run(0, Some(8)), "another seed");
    // The environment's seed: each slot its own games, and a reset to the
    // same seed repeats them.
    let fresh = |index: u64| {
        let mut buffers = Buffers::new(2);
        let mut slot = Slot::new(&config, index, 99).unwrap();
        let mut out = StepOut::default();
        slot.observe(&config, &mut buffers.rows(), &mut out).unwrap();
        trajectory(&mut slot, &config, &mut buffers, 300)
    };
    assert_eq!(run(2, None), fresh(2));
    assert_ne!(fresh(2), fresh(3));
}

/// Replays `moves` (a game of `players` from its start), checking that each
/// chance outcome is `deal`'s; the number of chance outcomes checked.
fn draws_from(deal: &mut Deal, players: usize, moves: &[Move]) -> usize {
    let mut state = GameState::new(&Setup::new(players)).unwrap();
    let mut draws = 0;
    for (step, &mv) in moves.iter().enumerate() {
        if state.to_move() == Some(Actor::Chance) {
            assert_eq!(deal.draw(&state).unwrap(), mv, "draw at step {step}");
            draws += 1;
        }
        state = state.play(mv).unwrap();
    }
    draws
}

#[test]
fn paired_deals_are_the_arenas_deals_of_the_seed() {
    // The bots' arena (`bots/examples/arena.rs`) plays its deal `k` with
    // `--seed s` from `Deal::new(s + k)`, once from each seat in turn. A
    // paired environment of `SLOTS` slots seeded with `s` numbers its deals
    // the same way: slot `i` plays deals `i`, `i + SLOTS`, ...
    const SLOTS: u64 = 3;
    let seed = 1_000;
    let mut config = config(2, Some(&["random"]), Mode::Win);
    config.paired = true;
    config.slots = SLOTS as usize;
    for i in 0..SLOTS {
        let mut buffers = Buffers::new(2);
        let mut slot = Slot::new(&config, i, seed).unwrap();
        let mut out = StepOut::default();
        slot.observe(&config, &mut buffers.rows(), &mut out).unwrap();
        assert_eq!(out.seat, 0, "a deal is first played from seat 0");
        let games = trajectory(&mut slot, &config, &mut buffers, 500);
        assert!(games.len() >= 4, "slot {i}: two deals, each from both seats");
        for (game, moves) in games.iter().enumerate() {
            let k = i + SLOTS * (game as u64 / 2);
            let mut deal = Deal::new(seed + k);
            let draws = draws_from(&mut deal, 2, moves);
            assert!(draws > 5, "slot {i}, game {game}: {draws} draws");
        }
        // The two seatings of a deal draw the same tiles in the same order.
        let tiles = |moves: &[Move]| -> Vec<Move> {
            moves
                .iter()
                .copied()
                .filter(|m| matches!(m, Move::Draw(_)))
                .collect()
        };
        let (a, b) = (tiles(&games[0]), tiles(&games[1]));
        let n = a.len().min(b.len());
        assert!(
            n > 10 && a[..n] == b[..n],
            "slot {i}: the same tiles from both seats"
        );
        assert_ne!(tiles(&games[1])[..n.min(5)], tiles(&games[2])[..n.min(5)]);
    }
}
