//! Seats: people and bots by level or specification, through records.

use carcassonne_safari::record;
use carcassonne_safari_web::{Seat, BOT_LEVELS, DEFAULT_BOT};
#[test]
fn seats_parse() {
    let human = Seat::parse("human", " Ann ", 0).unwrap();
    assert_eq!((human.name.as_str(), human.bot), ("Ann", None));
    assert_eq!(Seat::parse("human", "", 2).unwrap().name, "Player 3");
    let greedy = Seat::parse("greedy", "", 1).unwrap();
    assert_eq!(
        (greedy.name.as_str(), greedy.bot.as_deref()),
        ("Greedy bot", Some("greedy"))
    );
    assert_eq!(
        Seat::parse("mcts-quick", "", 1).unwrap().bot.as_deref(),
        Some("mcts:it=400,turns=0,draws=0,deepen=0,lazy=16")
    );
    assert_eq!(
        Seat::parse("mcts:it=50", "", 1).unwrap().bot.as_deref(),
        Some("mcts:it=50")
    );
    assert!(Seat::parse("mcts:ms=50", "", 1).is_err());
    assert!(Seat::parse("mcts:it=5,threads=2", "", 1).is_err());
    assert!(Seat::parse("deep-blue", "", 1).is_err());
    assert!(Seat::parse("", "", 1).is_err());
}

#[test]
fn seats_go_through_records() {
    let bot = Seat::parse("mcts-quick", "Zed", 1).unwrap();
    assert_eq!(Seat::from_record(Some(&bot.to_record()), 1), bot);
    let foreign = record::Seat {
        name: "Old".into(),
        bot: Some("mcts:ms=50".into()),
    };
    assert_eq!(
        Seat::from_record(Some(&foreign), 0),
        Seat::parse("human", "Old", 0).unwrap()
    );
    assert_eq!(Seat::from_record(None, 3).name, "Player 4");
}

#[test]
fn levels_are_valid_specs() {
    for (i, level) in BOT_LEVELS.iter().enumerate() {
        assert_eq!(
            Seat::parse(level.id, "", i).unwrap().bot.as_deref(),
            Some(level.spec)
        );
    }
    // A new bot seat gets the level one step below the strongest.
    assert_eq!(BOT_LEVELS[BOT_LEVELS.len() - 2].id, DEFAULT_BOT);
    // Weakest first, by their ratings in the bots crate's ladder.
    assert!(BOT_LEVELS.windows(2).all(|w| w[0].rating < w[1].rating));
}
