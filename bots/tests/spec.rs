//! The parsed bot specification (`BotSpec`): what it reads, what it writes
//! back, and that it refuses exactly what `from_spec` refuses.

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
fn budget_threads_and_options_are_read_and_written_back() {
    let spec: BotSpec = "mcts:c=0.5,threads=2,ms=100,pw=1".parse().unwrap();
    assert_eq!(spec.budget, Some(Budget::millis(100)));
    assert_eq!(spec.threads, 2);
    assert_eq!(
        spec.options,
        vec![
            ("c".to_string(), "0.5".to_string()),
            ("pw".to_string(), "1".to_string())
        ]
    );
    assert_eq!(spec.to_string(), "mcts:ms=100,threads=2,c=0.5,pw=1");
    let again: BotSpec = spec.to_string().parse().unwrap();
    assert_eq!(again, spec);
    assert_eq!("mcts:it=500".parse::<BotSpec>().unwrap().iterations(), Some(500));
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
        "mcts:c=-1",
        "mcts:bogus=1",
        "mcts:c",
        "random:x=1",
        "twoply:k=0",
        "twoply:k=two",
        "twoply:it=100",
        "twoply:weights=fit",
    ] {
        assert!(from_spec(text, 1).is_err(), "{text}");
        assert!(text.parse::<BotSpec>().is_err(), "{text} parsed");
    }
    let unknown = "deep-blue".parse::<BotSpec>().unwrap_err().to_string();
    for name in BOT_NAMES {
        assert!(unknown.contains(name), "the error lists {name}: {unknown}");
    }
}

#[test]
fn builds_the_bot_it_names() {
    let spec: BotSpec = "mcts:it=20".parse().unwrap();
    assert_eq!(spec.build(3).unwrap().name(), "mcts");
    assert_eq!(
        "oneply".parse::<BotSpec>().unwrap().build(3).unwrap().name(),
        "oneply"
    );
}
