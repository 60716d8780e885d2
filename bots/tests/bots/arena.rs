//! The arena's tournament: paired deals, rotated seats, each bot's
//! standing, and the lineups it refuses.

use carcassonne_safari_bots::arena::{play, tournament, wilson, ArenaError};

/// Two bots at two players: deal `seed + d` is played once from each
/// seating, and each bot's figures are those of the games played one by one.
#[test]
fn a_tournament_plays_every_deal_from_both_seatings() {
    let t = tournament(&["greedy", "random"], 2, 3, 7, 2, |_, _| {}).unwrap();
    // Three games round up to two deals of two seatings.
    assert_eq!((t.players, t.games, t.seed), (2, 4, 7));
    let mut greedy_scores = Vec::new();
    let mut greedy_shares = Vec::new();
    for deal in [7, 8] {
        let first = play(&["greedy", "random"], deal).unwrap();
        let second = play(&["random", "greedy"], deal).unwrap();
        for (scores, seat) in [(first.scores, 0), (second.scores, 1)] {
            greedy_scores.push(f64::from(scores[seat]));
            let other = scores[1 - seat];
            greedy_shares.push(match scores[seat].cmp(&other) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            });
        }
    }
    let greedy = &t.standings[0];
    assert_eq!(greedy.bot, "greedy");
    assert_eq!(greedy.seats, 4);
    assert_eq!(greedy.mean_score, greedy_scores.iter().sum::<f64>() / 4.0);
    assert_eq!(greedy.win_rate, wilson(&greedy_shares));
    assert_eq!(greedy.wins, greedy_shares.iter().sum::<f64>());
    let random = &t.standings[1];
    assert_eq!((random.bot.as_str(), random.seats), ("random", 4));
    assert!(
        (random.wins + greedy.wins - 4.0).abs() < 1e-9,
        "one win shared out per game"
    );
    assert_eq!(random.mean_margin, -greedy.mean_margin);
    let elo = t.elo().expect("two bots at two players");
    assert!(elo.low <= elo.mean && elo.mean <= elo.high);
}

/// A bot in every seat of a 3-player game wins every game: its mean win
/// share per seat is one third (R-END-5 shares a tie among the leaders).
#[test]
fn one_bot_in_every_seat_wins_a_third_per_seat() {
    let t = tournament(&["greedy"], 3, 3, 11, 1, |_, _| {}).unwrap();
    assert_eq!(t.standings.len(), 1);
    assert_eq!((t.games, t.standings[0].seats), (3, 9));
    assert!((t.standings[0].wins - 3.0).abs() < 1e-9);
    assert!((t.standings[0].win_rate.mean - 1.0 / 3.0).abs() < 1e-9);
    assert_eq!(t.elo(), None);
}

/// Lineups that cannot be played are refused before any game, with the
/// reason.
#[test]
fn bad_lineups_are_refused() {
    let none: [&str; 0] = [];
    for (bots, players, games) in [
        (&none[..], 2, 2),
        (&["greedy", "random", "oneply"][..], 2, 2),
        (&["greedy"][..], 2, 0),
    ] {
        let e = tournament(bots, players, games, 1, 1, |_, _| {}).unwrap_err();
        assert!(matches!(e, ArenaError::Lineup { .. }), "{e}");
        assert!(e.to_string().contains("bots for"), "{e}");
    }
    let e = tournament(&["greedy"], 6, 2, 1, 1, |_, _| {}).unwrap_err();
    assert!(matches!(e, ArenaError::Setup(_)), "{e}");
    let e = tournament(&["greedy", "deep-blue"], 2, 2, 1, 1, |_, _| {}).unwrap_err();
    assert!(matches!(e, ArenaError::Spec(_)), "{e}");
}
