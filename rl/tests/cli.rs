//! The `rl` binaries refuse a bad argument with exit code 2 and a message
//! naming it, before playing anything; good arguments run.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(bin: &str, args: &[&str]) -> Output {
    Command::new(bin).args(args).output().expect("the binary runs")
}

/// Asserts that `out` is a refusal (exit code 2) whose message names `name`.
fn refused(out: &Output, name: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "exit code; stderr: {stderr}");
    assert!(stderr.contains(name), "the message names {name}: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "nothing printed: {}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// A scratch directory of this test process.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rl-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

const ARENA: &str = env!("CARGO_BIN_EXE_policy-arena");
const DATA: &str = env!("CARGO_BIN_EXE_imitation-data");

#[test]
fn policy_arena_refuses_each_bad_value_by_its_name() {
    let dir = scratch("arena-refusals");
    let model = dir.join("net.txt");
    std::fs::write(&model, carcassonne_safari_bots::learned::MODEL).unwrap();
    let model = model.to_str().unwrap();
    let base = ["--model", model, "--opponent", "greedy"];
    for (extra, name) in [
        (&["--deals", "abc"][..], "--deals"),
        (&["--deals", "0"][..], "--deals"),
        (&["--deals", "-3"][..], "--deals"),
        (&["--seed", "-1"][..], "--seed"),
        (&["--seed", "x"][..], "--seed"),
        (&["--threads", "0"][..], "--threads"),
        (&["--threads", "two"][..], "--threads"),
        (&["--frobnicate", "1"][..], "--frobnicate"),
    ] {
        refused(&run(ARENA, &[&base[..], extra].concat()), name);
    }
    refused(
        &run(ARENA, &["--model", model, "--opponent", "deep-blue"]),
        "--opponent",
    );
    refused(&run(ARENA, &["--model", model]), "--opponent");
    let missing = dir.join("missing.txt");
    refused(
        &run(
            ARENA,
            &["--model", missing.to_str().unwrap(), "--opponent", "greedy"],
        ),
        "--model",
    );
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "not a model").unwrap();
    refused(
        &run(ARENA, &["--model", bad.to_str().unwrap(), "--opponent", "greedy"]),
        "--model",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn imitation_data_refuses_each_bad_value_by_its_name() {
    let dir = scratch("data-refusals");
    let out = dir.join("out");
    let out = out.to_str().unwrap();
    for (args, name) in [
        (&["--out", out, "--games", "abc"][..], "--games"),
        (&["--out", out, "--games", "0"][..], "--games"),
        (&["--out", out][..], "--games"),
        (&["--games", "1"][..], "--out"),
        (
            &["--out", out, "--games", "1", "--epsilon", "1.5"][..],
            "--epsilon",
        ),
        (
            &["--out", out, "--games", "1", "--epsilon", "often"][..],
            "--epsilon",
        ),
        (
            &["--out", out, "--games", "1", "--teacher", "threeply"][..],
            "--teacher",
        ),
        (
            &["--out", out, "--games", "1", "--teacher", "twoply:0"][..],
            "--teacher",
        ),
        (
            &[
                "--out",
                out,
                "--games",
                "1",
                "--seats",
                "teacher,no/such/model.txt",
            ][..],
            "--seats",
        ),
        (
            &["--out", out, "--games", "1", "--seats", "greedy"][..],
            "--seats",
        ),
        (
            &[
                "--out",
                out,
                "--games",
                "1",
                "--seats",
                "greedy,greedy,greedy,greedy,greedy,greedy",
            ][..],
            "--seats",
        ),
        (&["--out", out, "--games", "1", "--threads", "0"][..], "--threads"),
    ] {
        refused(&run(DATA, args), name);
    }
    assert!(!dir.join("out").exists(), "nothing written");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn good_arguments_record_and_rate() {
    let dir = scratch("good");
    let out = dir.join("data");
    let data = run(
        DATA,
        &[
            "--out",
            out.to_str().unwrap(),
            "--games",
            "1",
            "--seats",
            "greedy,greedy",
            "--teacher",
            "oneply",
        ],
    );
    assert!(data.status.success(), "{}", String::from_utf8_lossy(&data.stderr));
    let moves = std::fs::read(out.join("moves.bin")).unwrap();
    assert!(
        moves.len() >= 4 * 72,
        "a decision per tile at least: {} bytes",
        moves.len()
    );
    let model = dir.join("net.txt");
    std::fs::write(&model, carcassonne_safari_bots::learned::MODEL).unwrap();
    let arena = run(
        ARENA,
        &[
            "--model",
            model.to_str().unwrap(),
            "--opponent",
            "random",
            "--deals",
            "1",
            "--seed",
            "3",
        ],
    );
    assert!(
        arena.status.success(),
        "{}",
        String::from_utf8_lossy(&arena.stderr)
    );
    let line = String::from_utf8(arena.stdout).unwrap();
    assert!(line.contains("\"games\":2,"), "one deal from both seats: {line}");
    std::fs::remove_dir_all(&dir).unwrap();
}
