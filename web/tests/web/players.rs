//! Seats: people and bots by level or specification, through records.

use carcassonne_safari::record;
use carcassonne_safari_web::{BotChoice, LocalGame, Seat, SeatBots, WebError, BOT_LEVELS, DEFAULT_BOT};

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
        Some("mcts:it=50")
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
    // A game saved with 0.2.0's Good bot resumes with the level that took
    // its place, under the name it was saved with.
    let saved = record::Seat {
        name: "Good bot".into(),
        bot: Some("mcts:it=400,turns=0,draws=0,deepen=0,lazy=16".into()),
    };
    assert_eq!(
        Seat::from_record(Some(&saved), 1),
        Seat::parse("mcts-quick", "Good bot", 1).unwrap()
    );
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

/// Plays a game of `kinds` at a `LocalGame` whose bots are `SeatBots` fed
/// the moves as the page's worker is fed them (the moves since the bots'
/// last decision), until `decisions` bot decisions or the end; returns the
/// game and every choice.
fn play_with_seat_bots(kinds: &[&str], decisions: usize) -> (LocalGame, SeatBots, Vec<BotChoice>) {
    let mut game = LocalGame::new(9, crate::support::seats(kinds)).unwrap();
    let mut bots = SeatBots::from_record_json(&game.record_json()).unwrap();
    let mut choices = Vec::new();
    while choices.len() < decisions {
        game.advance();
        if game.log().current().is_over() {
            break;
        }
        let since: Vec<String> = game.log().moves()[bots.step()..]
            .iter()
            .map(|m| m.to_string())
            .collect();
        bots.play(&since).unwrap();
        let spec = game.bot_to_move().unwrap().to_owned();
        let choice = bots.choose(&spec, game.bot_seed()).unwrap();
        game.play_bot(&choice.mv, game.step()).unwrap();
        choices.push(choice);
    }
    (game, bots, choices)
}

#[test]
fn seat_bots_fed_the_moves_stand_where_the_record_replays_to() {
    let (game, mut bots, choices) = play_with_seat_bots(&["greedy", "random", "oneply"], 60);
    assert_eq!(choices.len(), 60);
    let since: Vec<String> = game.log().moves()[bots.step()..]
        .iter()
        .map(|m| m.to_string())
        .collect();
    bots.play(&since).unwrap();
    assert_eq!(bots.step(), game.step());
    // The position the moves were fed to is the one a replay of the record
    // reaches, and the one the game is at.
    let replayed = SeatBots::from_record_json(&game.record_json()).unwrap();
    assert_eq!(bots.state(), replayed.state());
    assert_eq!(bots.state(), game.log().current());
}

#[test]
fn a_kept_search_reuses_its_tree() {
    // Each seat's search is kept: a search whose tree has a node for every
    // decision (0.1.0's) goes on in its turn's next decision from the tree
    // it grew for the one before, its root starting with those visits (a
    // new bot at every decision, as the page's worker had, starts from
    // none). The tree of whole turns plays a turn's later decisions by its
    // look-ahead, so its next decision is seldom in its tree.
    let (_, _, choices) = play_with_seat_bots(&["mcts-0.1:it=200", "mcts-0.1:it=200"], 12);
    let searched: Vec<&BotChoice> = choices.iter().filter(|c| c.iterations > 0).collect();
    assert!(searched.len() >= 6, "{choices:?}");
    assert_eq!(searched[0].reused, 0, "a new bot has no tree");
    let reused = searched.iter().filter(|c| c.reused > 0).count();
    assert!(
        reused * 2 >= searched.len(),
        "most decisions go on from a kept tree: {choices:?}"
    );
}

#[test]
fn seat_bots_refuse_without_changing() {
    let (game, mut bots, _) = play_with_seat_bots(&["greedy", "greedy"], 3);
    let step = bots.step();
    let before = bots.state().clone();
    // A move that is not notation, after one that is legal: none is played.
    let next = game.log().moves().get(step).map(|m| m.to_string());
    let mut moves: Vec<String> = next.into_iter().collect();
    moves.push("place the tile".into());
    assert!(matches!(bots.play(&moves), Err(WebError::Notation { .. })));
    assert_eq!((bots.step(), bots.state()), (step, &before));
    // A legal-looking move that the rules refuse here.
    assert!(matches!(
        bots.play(&["pass".into(), "pass".into()]),
        Err(WebError::Illegal(_))
    ));
    assert_eq!((bots.step(), bots.state()), (step, &before));
    // A time budget: no clock in a browser.
    if matches!(bots.state().to_move(), Some(carcassonne_safari::Actor::Player(_))) {
        assert!(matches!(bots.choose("mcts:ms=5", 1), Err(WebError::Bot(_))));
    }
    // Chance to move: no bot decides.
    let fresh = SeatBots::from_record_json(
        &LocalGame::new(1, crate::support::seats(&["greedy", "greedy"]))
            .unwrap()
            .record_json(),
    );
    assert!(matches!(
        fresh.unwrap().choose("greedy", 1),
        Err(WebError::NotYourTurn(_))
    ));
    // Not a record.
    assert!(matches!(
        SeatBots::from_record_json("{}"),
        Err(WebError::Record(_))
    ));
}
