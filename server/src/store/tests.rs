//! The store on an in-memory SQLite database.

use super::*;
use crate::tokens::{GameId, TokenHash};

#[test]
fn notices_read_back() {
    let n = Notice::parse("ab12cd34 AAAAAAAAAAAAAAAAAAAAAA moves").unwrap();
    assert_eq!(n.instance, "ab12cd34");
    assert_eq!(n.game.as_str(), "AAAAAAAAAAAAAAAAAAAAAA");
    assert_eq!(n.kind, NoticeKind::Moves);
    assert_eq!(n.to_string(), "ab12cd34 AAAAAAAAAAAAAAAAAAAAAA moves");
    assert!(Notice::parse("ab12cd34 AAAAAAAAAAAAAAAAAAAAAA dinner").is_none());
    assert!(Notice::parse("ab12cd34 ../../x moves").is_none());
    assert!(Notice::parse("ab12cd34").is_none());
}

#[tokio::test]
async fn appends_expect_the_move_count_and_a_conflict_stores_nothing() {
    let store = Store::connect("sqlite::memory:", 1, "test".into()).await.unwrap();
    let id = GameId::random();
    let game = StoredGame {
        id: id.clone(),
        created_ms: 1,
        last_move_ms: 1,
        setup: "{}".into(),
        host_hash: TokenHash::of("host"),
        listed: false,
        idle_secs: 0,
        idle_bot: "greedy".into(),
        finished: false,
        seats: vec![],
        moves: vec!["token L".into()],
        rematch_game: None,
    };
    store.create(&game).await.unwrap();
    let append = |from: u64, moves: &[&str]| Append {
        game: id.clone(),
        from,
        moves: moves.iter().map(|m| m.to_string()).collect(),
        at_ms: 2,
        finished: false,
    };
    assert_eq!(
        store.append(append(1, &["token E", "token G"])).await.unwrap(),
        Appended::Stored
    );
    // Step 1 again (another server, or a move sent twice): refused.
    assert_eq!(
        store.append(append(1, &["token M"])).await.unwrap(),
        Appended::Conflict
    );
    assert_eq!(
        store.append(append(5, &["token M"])).await.unwrap(),
        Appended::Conflict
    );
    assert_eq!(
        store.moves_from(&id, 0).await.unwrap(),
        ["token L", "token E", "token G"]
    );
    assert_eq!(store.moves_from(&id, 2).await.unwrap(), ["token G"]);
    assert_eq!(store.unfinished().await.unwrap(), [(id.clone(), 3)]);
    assert!(store.load(&GameId::random()).await.unwrap().is_none());
}

#[tokio::test]
async fn a_game_reads_back_as_it_was_stored() {
    let store = Store::connect("sqlite::memory:", 1, "test".into()).await.unwrap();
    let game = StoredGame {
        id: GameId::random(),
        created_ms: 7,
        last_move_ms: 9,
        setup: "{\"players\":2}".into(),
        host_hash: TokenHash::of("host"),
        listed: true,
        idle_secs: 300,
        idle_bot: "greedy".into(),
        finished: false,
        seats: vec![
            StoredSeat {
                seat: 0,
                name: "Ann".into(),
                token_hash: Some(TokenHash::of("ann")),
                bot: Some("greedy".into()),
                handed: Some(Handed::Idle),
                claimed: true,
                rematch: false,
            },
            StoredSeat {
                seat: 1,
                name: "mcts".into(),
                token_hash: None,
                bot: Some("mcts:it=500".into()),
                handed: None,
                claimed: true,
                rematch: false,
            },
        ],
        moves: vec!["token L".into(), "token E".into()],
        rematch_game: None,
    };
    store.create(&game).await.unwrap();
    assert_eq!(store.load(&game.id).await.unwrap(), Some(game.clone()));
    assert_eq!(
        store.open_games(10).await.unwrap(),
        Vec::<GameId>::new(),
        "no free seat"
    );
    // Seat 0 back to its person, then handed by the host.
    assert!(store.set_bot(&game.id, 0, None).await.unwrap());
    assert!(
        !store.set_bot(&game.id, 0, None).await.unwrap(),
        "not idle any more"
    );
    assert!(store
        .set_bot(&game.id, 0, Some(("oneply", Handed::Host)))
        .await
        .unwrap());
    let seats = store.seats(&game.id).await.unwrap();
    assert_eq!(
        (seats[0].bot.as_deref(), seats[0].handed),
        (Some("oneply"), Some(Handed::Host))
    );
}

#[tokio::test]
async fn a_rematch_request_is_stored_and_a_game_has_one_rematch() {
    let store = Store::connect("sqlite::memory:", 1, "test".into()).await.unwrap();
    let seat = |seat: u8, person: bool| StoredSeat {
        seat,
        name: format!("Player {}", seat + 1),
        token_hash: person.then(|| TokenHash::of(&format!("seat {seat}"))),
        bot: (!person).then(|| "greedy".into()),
        handed: None,
        claimed: true,
        rematch: false,
    };
    let game = |finished: bool| StoredGame {
        id: GameId::random(),
        created_ms: 1,
        last_move_ms: 1,
        setup: "{}".into(),
        host_hash: TokenHash::of("host"),
        listed: false,
        idle_secs: 0,
        idle_bot: "greedy".into(),
        finished,
        seats: vec![seat(0, true), seat(1, false)],
        moves: vec![],
        rematch_game: None,
    };
    let over = game(true);
    store.create(&over).await.unwrap();
    assert!(store.ask_rematch(&over.id, 0).await.unwrap());
    assert!(!store.ask_rematch(&over.id, 0).await.unwrap(), "asked already");
    assert!(
        !store.ask_rematch(&over.id, 1).await.unwrap(),
        "a bot's seat has no person to ask"
    );
    let seats = store.seats(&over.id).await.unwrap();
    assert_eq!((seats[0].rematch, seats[1].rematch), (true, false));
    // One rematch: a second is refused and stores nothing.
    let (first, second) = (game(false), game(false));
    assert!(store.create_rematch(&over.id, &first).await.unwrap());
    assert!(!store.create_rematch(&over.id, &second).await.unwrap());
    assert!(store.load(&second.id).await.unwrap().is_none());
    assert_eq!(
        store.rematch_game(&over.id).await.unwrap(),
        Some(first.id.clone())
    );
    assert_eq!(
        store.load(&over.id).await.unwrap().unwrap().rematch_game,
        Some(first.id.clone())
    );
    // A game that is not over has none.
    let playing = game(false);
    store.create(&playing).await.unwrap();
    assert!(!store.create_rematch(&playing.id, &second).await.unwrap());
    assert_eq!(store.rematch_game(&playing.id).await.unwrap(), None);
}
