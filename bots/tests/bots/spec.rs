//! The parsed bot specification (`BotSpec`): what it reads, what it writes
//! back, that it refuses exactly what `from_spec` refuses, and that every
//! specification written before builds.

use carcassonne_safari_bots::{from_spec, BotSpec, Budget, BOT_NAMES};

#[test]
fn every_bot_shows_its_default_budget() {
    for name in BOT_NAMES {
        let spec: BotSpec = name.parse().expect("a known name");
        assert_eq!(spec.name, name);
        let search = name.starts_with("mcts");
        assert_eq!(spec.budget.is_some(), search, "{name}");
        if search {
            assert_eq!(spec.budget, Some(Budget::Iterations(2_000)), "{name}");
            assert_eq!(spec.to_string(), format!("{name}:it=2000"));
        } else {
            assert_eq!(spec.to_string(), name);
        }
    }
}

#[test]
fn budget_threads_and_width_are_read_and_written_back() {
    let spec: BotSpec = "mcts:threads=2,ms=100".parse().unwrap();
    assert_eq!(spec.budget, Some(Budget::millis(100)));
    assert_eq!(spec.threads, 2);
    assert_eq!(spec.to_string(), "mcts:ms=100,threads=2");
    let again: BotSpec = spec.to_string().parse().unwrap();
    assert_eq!(again, spec);
    assert_eq!("mcts:it=500".parse::<BotSpec>().unwrap().iterations(), Some(500));
    let twoply: BotSpec = "twoply:k=3".parse().unwrap();
    assert_eq!(
        (twoply.width, twoply.to_string().as_str()),
        (Some(3), "twoply:k=3")
    );
    assert_eq!(
        "kindrandom".parse::<BotSpec>().unwrap().to_string(),
        "kindfirstrandom"
    );
}

#[test]
fn refuses_what_from_spec_refuses() {
    for text in [
        "deep-blue",
        "greedy:it=5",
        "oneply:threads=2",
        "mcts:it=many",
        "mcts:bogus=1",
        "mcts:c",
        "random:x=1",
        "twoply:k=0",
        "twoply:k=two",
        "twoply:it=100",
        "mcts:it=9000,ms=200",
        "mcts:ms=200,it=9000",
    ] {
        assert!(from_spec(text, 1).is_err(), "{text}");
        assert!(text.parse::<BotSpec>().is_err(), "{text} parsed");
    }
    let unknown = "deep-blue".parse::<BotSpec>().unwrap_err().to_string();
    for name in BOT_NAMES {
        assert!(unknown.contains(name), "the error lists {name}: {unknown}");
    }
}

/// Every specification the crate's README and examples, the browser game's
/// levels and the server's tests wrote before the search's options were
/// retired (0.3.0), with the bot of today it builds.
const WRITTEN_BEFORE: [(&str, &str); 24] = [
    // The browser game's levels (web/src/players.rs, 0.2.0 to 0.3.0).
    ("random", "random"),
    ("greedy", "greedy"),
    ("mcts:it=400,turns=0,draws=0,deepen=0,lazy=16", "mcts:it=50"),
    ("net", "net"),
    ("oneply", "oneply"),
    ("twoply", "twoply"),
    ("mcts:it=2000", "mcts:it=2000"),
    // The server's tests and defaults.
    ("mcts:ms=500", "mcts:ms=500"),
    ("mcts:it=5000,c=0.5", "mcts:it=5000"),
    ("mcts:c=0.5", "mcts:it=2000"),
    ("mcts:threads=1", "mcts:it=2000"),
    // The crate's README, tests and ladder.
    ("kindrandom", "kindfirstrandom"),
    ("mcts-0.1:it=400", "mcts-0.1:it=400"),
    ("mcts:it=500,leaf=playout", "mcts-0.1:it=500"),
    ("mcts:it=2000,turns=1,draws=1,deepen=1,lazy=1", "mcts:it=2000"),
    (
        "mcts:it=40,centre=1,horizon=1,own=1,lazy=4,strata=1,prel=1",
        "mcts:it=40",
    ),
    ("mcts:it=1000,max=1", "mcts:it=1000"),
    ("mcts:it=1000,pv=30,prior=kind,reuse=0", "mcts:it=1000"),
    ("mcts:it=300,plies=4,root=prior,settle=0,scale=0", "mcts:it=300"),
    (
        "mcts:it=300,pw=1,playout=uniform,weights=fit,without=tokens,rangers=0",
        "mcts:it=300",
    ),
    ("oneply:weights=fit,without=turns,rangers=0", "oneply"),
    ("oneply:rangers=1", "oneply"),
    ("twoply:k=4,rangers=0.5", "twoply:k=4"),
    ("mcts-0.1:it=200,strata=1,pv=0", "mcts-0.1:it=200"),
];

#[test]
fn every_spec_written_before_builds_the_nearest_bot_of_today() {
    for (old, today) in WRITTEN_BEFORE {
        let spec: BotSpec = old.parse().unwrap_or_else(|e| panic!("{old}: {e}"));
        assert_eq!(spec.to_string(), today, "{old}");
        assert_eq!(
            spec.build(1).name(),
            today.split(':').next().unwrap().trim_end_matches("-0.1")
        );
    }
}

#[test]
fn builds_the_bot_it_names() {
    let spec: BotSpec = "mcts:it=20".parse().unwrap();
    assert_eq!(spec.build(3).name(), "mcts");
    assert_eq!("oneply".parse::<BotSpec>().unwrap().build(3).name(), "oneply");
}

#[test]
fn every_spec_in_the_history_before_0_3_builds() {
    let written = include_str!("../data/specs-before-0.3.txt");
    let mut n = 0;
    for old in written.lines().filter(|l| !l.starts_with('#')) {
        let spec: BotSpec = old.parse().unwrap_or_else(|e| panic!("{old}: {e}"));
        // Today's form reads back as the same bot.
        assert_eq!(spec.to_string().parse::<BotSpec>().as_ref(), Ok(&spec), "{old}");
        let _bot = spec.build(1);
        n += 1;
    }
    assert!(n > 100, "{n} specs");
}
