"""The Ray self-play example on a local Ray instance with 2 workers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ray")

from carcassonne_safari import GameRecord, ray_helpers  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "ray_selfplay.py"


def test_ray_selfplay_example_plays_games_as_ray_tasks(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", RAY_DISABLE_IMPORT_WARNING="1")
    cmd = [sys.executable, str(EXAMPLE), "--games", "6", "--bots", "greedy,random", "--seed", "3",
           "--num-cpus", "2", "--out", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert "games 6 bots greedy,random seeds 3..9" in lines
    assert any(line.startswith("wins greedy") for line in lines)
    assert any(line.endswith("s)") and "games/s on 2 CPUs" in line for line in lines), lines
    results = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["seed"] for r in results] == [3, 4, 5, 6, 7, 8]
    assert [r["bots"] for r in results[:2]] == [["greedy", "random"], ["random", "greedy"]]
    for r in results:
        state, _ = GameRecord.from_json(r["record"]).replay()
        assert state.is_over() and state.scores() == r["scores"]
    # Greedy beats the random player.
    assert ray_helpers.summarize(results)["wins"]["greedy"] >= 5


def test_seating_rotates_the_bots_and_summaries_split_ties() -> None:
    assert ray_helpers.seating(["a", "b", "c"], 4) == ["b", "c", "a"]
    summary = ray_helpers.summarize(
        [
            {"bots": ["a", "b"], "scores": [10, 10], "winners": [0, 1], "decisions": 5},
            {"bots": ["b", "a"], "scores": [3, 7], "winners": [1], "decisions": 7},
        ]
    )
    assert summary == {"games": 2, "wins": {"a": 1.5, "b": 0.5}, "mean_score": {"a": 8.5, "b": 6.5}, "decisions": 12}
