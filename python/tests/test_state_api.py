"""The engine's API through Python: setups, immutable states, events, chance,
queries, records, pictures."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import carcassonne_safari as cs
from carcassonne_safari import CHANCE, GameRecord, GameState, Setup
from conftest import final_state, play_states


def test_setup_defaults_and_options_round_trip_through_json() -> None:
    setup = Setup(3, rangers=[(-1, -1), (2, 0)], hands=["LZ", [], ["M"]], tile_order=["CS26:E,G"])
    assert setup.players == 3
    assert setup.rangers == [(-1, -1), (2, 0)]
    assert setup.hands == ["LZ", "", "M"]
    assert setup.tile_order == ["CS26:E,G"]
    assert setup.baobab_tokens_boost is True
    assert Setup.from_json(setup.to_json()) == setup
    assert pickle.loads(pickle.dumps(setup)) == setup
    assert hash(Setup(2)) == hash(Setup(2)) and Setup(2) != Setup(3)
    assert "players=3" in repr(setup)
    state = GameState(setup)
    assert state.rangers() == [(-1, -1), (2, 0)]
    assert state.hand(0) == {"M": 0, "E": 0, "G": 0, "L": 1, "Z": 1}
    assert state.legal_moves() == ["draw CS26:E,G"]


def test_a_new_game_deals_tokens_first_then_draws_a_tile() -> None:
    state = GameState(2)
    assert state.players() == 2
    assert state.to_move() == CHANCE == "chance"
    assert state.turn_player() is None and state.turn() == 0
    assert not hasattr(state, "current_player") and not hasattr(state, "active_player")
    assert state.phase() == {"type": "draw_token", "player": 0}
    assert state.legal_moves() == ["token M", "token E", "token G", "token L", "token Z"]
    assert state.tiles_left() == 72 and state.scores() == [0, 0]
    assert len(state.tiles()) == 3
    middle = state.tile_at(0, 0)
    assert middle is not None and middle["kind"] == "START-M"
    assert middle["pos"] == {"x": 0, "y": 0} and middle["rotation"] == 0 and middle["start"] is True
    assert state.tile_at(5, 5) is None and state.tile_at(10**6, 0) is None
    assert sorted(state.frontier()) == sorted(
        [(-2, 0), (2, 0), (-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)]
    )


def test_apply_returns_a_new_state_and_events_and_leaves_the_old_one_unchanged() -> None:
    state = GameState(2)
    before = state.to_json()
    nxt, events = state.apply("token L")
    assert state.to_json() == before and state.hand(0)["L"] == 0
    assert nxt.hand(0)["L"] == 1
    assert events == [{"type": "token_drawn", "player": 0, "animal": "L"}]
    assert cs.event_text(events[0]) == "p0 draws a L token"
    assert nxt.moves() == ["token L"] and nxt.move_number() == 1
    assert nxt != state and nxt == state.play("token L")
    assert hash(nxt) == hash(state.play("token L"))


def test_moves_can_be_given_as_notation_or_action_ids() -> None:
    state = GameState(2)
    i = state.action_id("token G")
    assert state.play(i) == state.play("token G")
    assert state.action_move(i) == "token G"


def test_events_of_a_whole_game_are_in_the_wire_format_and_carry_every_point() -> None:
    state = GameState(4)
    seen = set()
    import random

    rng = random.Random(9)
    points = [0] * 4
    while not state.is_over():
        if state.is_chance_node():
            outcome = state.sample_chance(rng.getrandbits(63))
            assert outcome is not None
            move = outcome
        else:
            move = rng.choice(state.legal_moves())
        state, events = state.apply(move)
        for e in events:
            assert cs.event_text(e)
            seen.add(e["type"])
            if e["type"] == "scored":
                points[e["player"]] += e["points"]
                assert e["reason"]["type"] in {
                    "ranger", "dig", "expand", "hole_completed", "feature", "final_feature", "final_tokens", "baobab",
                }
            if e["type"] == "tile_placed":
                assert set(e["pos"]) == {"x", "y"} and e["rotation"] in (0, 90, 180, 270)
    assert points == state.scores()
    assert {"token_drawn", "tile_drawn", "tile_placed", "scored", "game_over"} <= seen
    assert state.to_move() is None and state.turn_player() is None
    assert state.phase() == {"type": "game_over"}
    with pytest.raises(ValueError, match="not an event"):
        cs.event_text({"type": "no_such_event"})
    assert state.leaders() == [i for i, s in enumerate(points) if s == max(points)]


def test_chance_outcomes_carry_probabilities_and_weights() -> None:
    state = GameState(2).play("token L").play("token L").play("token Z").play("token Z")
    assert state.phase() == {"type": "draw_tile"} and state.turn_player() == 0
    outcomes = state.chance_outcomes()
    weights = dict(state.chance_weights())
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    assert sum(weights.values()) == 72
    for move, p in outcomes:
        assert p == pytest.approx(weights[move] / 72)
    ids = state.chance_action_outcomes()
    assert [i for i, _ in ids] == sorted(i for i, _ in ids)
    assert {state.action_move(i): p for i, p in ids} == dict(outcomes)
    assert state.sample_chance(5) == state.sample_chance(5)
    drawn_id = state.sample_chance_id(5)
    assert drawn_id is not None and state.action_move(drawn_id) == state.sample_chance(5)
    assert state.sample_chance(5) in weights
    drawn = state.sample_chance(5)
    assert drawn is not None
    after = state.play(drawn)
    assert after.phase() == {"type": "place", "design": drawn.split()[1]} and after.sample_chance(1) is None
    assert after.chance_outcomes() == [] and after.chance_action_outcomes() == []


def test_queries_describe_a_finished_game() -> None:
    state = final_state(4, 3)
    assert state.is_over() and state.tiles_left() == 0
    assert len(state.tiles()) == 3 + 72 - state.tiles_removed()
    assert state.pile() == []
    assert all(isinstance(m["player"], int) and m["spot"]["type"] in {"segment", "baobab", "hole"} for m in state.meeples())
    for token in state.water_tokens():
        assert token["corner"] in {"ne", "se", "sw", "nw"} and token["animal"] in list("MEGLZ")
        assert state.tile_at(token["pos"]["x"], token["pos"]["y"]) is not None
    holes = state.water_holes()
    assert sum(len(h["tokens"]) for h in holes) == len(state.water_tokens())
    features = state.features()
    assert features and all(f["kind"] in {"trail", "bush"} for f in features)
    f = features[0]
    first = f["segments"][0]
    assert state.feature(first["pos"]["x"], first["pos"]["y"], first["seg"]) == f
    assert state.feature(0, 0, 99) is None and state.feature(1000, 0, 0) is None
    assert f["complete"] == (f["open_ends"] == 0) and len(f["meeples"]) == 3
    total = sum(state.hand(p)[a] for p in range(3) for a in "MEGLZ")
    total += sum(state.token_supply().values()) + sum(state.token_discard().values())
    total += len(state.water_tokens())
    assert total == 50
    view = state.view()
    assert view["format"] == 1 and view["phase"] == {"type": "game_over"} and view["to_move"] is None
    assert [p["score"] for p in view["players"]] == state.scores()
    assert view["tiles"] == state.tiles() and view["features"] == features
    assert view["legal"]["placements"] == [] and view["legal"]["pass"] is False
    assert all(0 <= state.meeples_in_supply(p) <= 6 for p in range(3))
    assert state.meeples_in_supply(7) == 0 and state.hand(-1) == dict.fromkeys("MEGLZ", 0)


def test_phase_reports_the_tile_to_place_and_the_placed_tile() -> None:
    states = list(play_states(12, 2))
    place = next(s for s in states if s.phase()["type"] == "place")
    assert place.phase()["design"] == place.tile_to_place()
    assert all(m.startswith("place ") for m in place.legal_moves())
    grouped = place.legal()["placements"]
    assert sum(len(p["rotations"]) for p in grouped) == len(place.legal_moves())
    for choice in grouped:
        for rotation in choice["rotations"]:
            assert place.is_legal(f"place {choice['pos']['x']},{choice['pos']['y']} {rotation}")
    action = next(s for s in states if s.phase()["type"] == "action")
    assert action.placed_tile() is not None and action.tile_to_place() is None
    assert action.turn_player() == action.to_move()
    boost = [s for s in states if s.phase()["type"] == "boost"]
    for s in boost:
        assert s.scoring_feature() is not None and s.to_move() == s.phase()["player"]


def test_records_save_load_and_replay_to_the_same_state() -> None:
    state = final_state(6, 2)
    record = state.record()
    assert isinstance(record, GameRecord) and len(record) == state.move_number()
    text = record.to_json()
    data = json.loads(text)
    assert set(data) == {"setup", "moves"} and data["moves"] == state.moves()
    assert record.seats == []
    named = record.with_seats(["Ada", {"name": "greedy", "bot": "greedy"}])
    assert named.seats == [{"name": "Ada", "bot": None}, {"name": "greedy", "bot": "greedy"}]
    assert GameRecord.from_json(named.to_json()) == named and named != record
    entries = record.entries()
    assert [e["move"] for e in entries] == state.moves()
    assert entries[0] == {"step": 0, "actor": "chance", "move": state.moves()[0], "events": entries[0]["events"]}
    summary = record.score_summary()
    assert [p["total"] for p in summary["players"]] == state.scores()
    assert all(sum(p["by_category"].values()) == p["total"] for p in summary["players"])
    loaded = GameRecord.from_json(text)
    assert loaded == record and loaded.setup == Setup(2)
    replayed, events = loaded.replay()
    assert replayed == state and replayed.moves() == state.moves()
    assert events[-1]["type"] == "game_over"
    assert GameState.from_json(state.to_json()) == state
    assert json.loads(record.to_json(indent=2)) == data
    assert GameRecord(Setup(2), ["token L"]).replay()[0] == GameState(2).play("token L")
    assert pickle.loads(pickle.dumps(record)) == record


def test_states_are_immutable_values_that_pickle_and_copy() -> None:
    state = list(play_states(3, 2))[100]
    assert copy.copy(state) is state and copy.deepcopy(state) is state
    clone = pickle.loads(pickle.dumps(state))
    assert clone == state and clone.moves() == state.moves() and clone is not state
    assert {state: 1}[clone] == 1
    with pytest.raises(AttributeError):
        setattr(state, "scores", [1, 2])


def test_pictures_as_svg_and_text() -> None:
    state = final_state(7, 2)
    svg = state.render_svg()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and "START-M" in svg
    text = state.board_text()
    assert "p0: score" in text and "board:" in text and str(state) == text
    assert "GameState" in repr(state)


def test_bots_of_the_bots_crate_choose_legal_moves() -> None:
    state = next(s for s in play_states(4, 2) if not s.is_chance_node())
    for spec in ["random", "kindfirstrandom", "greedy", "mcts:it=50"]:
        bot = cs.Bot(spec, seed=3)
        move = bot.choose(state)
        assert state.is_legal(move), (spec, move)
        assert bot.spec == spec and bot.name in spec
    assert cs.Bot("mcts:it=50", seed=3).choose(state) == cs.Bot("mcts:it=50", seed=3).choose(state)
    with pytest.raises(ValueError, match="no player is to move"):
        cs.Bot("greedy").choose(GameState(2))
    with pytest.raises(ValueError, match="unknown bot"):
        cs.Bot("deep-blue")


def test_play_game_returns_a_record_that_replays_to_its_result() -> None:
    result = cs.play_game(["greedy", "random", "kindfirstrandom"], seed=5)
    state, _ = result["record"].replay()
    assert state.is_over() and state.scores() == result["scores"]
    assert result["winners"] == state.leaders()
    assert result["bots"] == ["greedy", "random", "kindfirstrandom"]
    assert result["decisions"] == len(result["record"])
    assert result["record"].seats == [
        {"name": "greedy", "bot": "greedy"},
        {"name": "random", "bot": "random"},
        {"name": "kindfirstrandom", "bot": "kindfirstrandom"},
    ]
    again = cs.play_game(["greedy", "random", "kindfirstrandom"], seed=5)
    assert again["record"] == result["record"]
    with pytest.raises(ValueError, match="2 bots for a 3-player setup"):
        cs.play_game(["greedy", "random"], setup=Setup(3))
    with pytest.raises(cs.SetupError):
        cs.play_game(["greedy"])


def test_arena_plays_paired_deals_and_reports_each_bots_standing() -> None:
    result = cs.arena(["greedy", "random"], players=2, games=3, seed=7)
    # Three games round up to two deals, each from both seatings.
    assert (result["players"], result["games"], result["seed"]) == (2, 4, 7)
    greedy, random = result["standings"]
    assert (greedy["bot"], random["bot"]) == ("greedy", "random")
    assert greedy["seats"] == random["seats"] == 4
    # One first place shared out per game (R-END-5).
    assert greedy["wins"] + random["wins"] == pytest.approx(4.0)
    assert greedy["win_rate"] == pytest.approx(greedy["wins"] / 4)
    low, high = greedy["ci95"]
    assert 0.0 <= low <= greedy["win_rate"] <= high <= 1.0
    assert greedy["mean_margin"] == pytest.approx(-random["mean_margin"])
    assert random["iterations_per_decision"] == 0.0
    elo = result["elo"]
    assert (elo["bot"], elo["over"]) == ("greedy", "random")
    assert elo["ci95"][0] <= elo["diff"] <= elo["ci95"][1]
    again = cs.arena(["greedy", "random"], players=2, games=3, seed=7, threads=2)
    assert [s["mean_score"] for s in again["standings"]] == [s["mean_score"] for s in result["standings"]]
    # One bot in every seat of a 3-player game: a third of a win per seat.
    alone = cs.arena(["greedy"], players=3, games=3, seed=1)
    assert alone["standings"][0]["seats"] == 9 and alone["elo"] is None
    assert alone["standings"][0]["win_rate"] == pytest.approx(1 / 3)
    with pytest.raises(ValueError, match="3 bots for 2 seats"):
        cs.arena(["greedy", "random", "oneply"], players=2, games=2)
    with pytest.raises(ValueError, match="0 games"):
        cs.arena(["greedy"], players=2, games=0)
    with pytest.raises(ValueError, match="deep-blue"):
        cs.arena(["greedy", "deep-blue"], players=2, games=2)
    with pytest.raises(cs.SetupError):
        cs.arena(["greedy"], players=6, games=2)


def test_play_random_games_is_seeded_and_plays_the_reference_policy() -> None:
    a = cs.play_random_games(30, seed=7, players=4)
    b = cs.play_random_games(30, seed=7, players=4)
    assert a["scores"] == b["scores"] and a["games"] == 30 and a["players"] == 4
    assert len(a["scores"]) == 30 and all(len(s) == 4 for s in a["scores"])
    assert sum(a["wins"]) >= 30
    assert a["mean_scores"] == pytest.approx([sum(s[i] for s in a["scores"]) / 30 for i in range(4)])
    assert a["decisions"] > 30 * 200 and a["seconds"] >= 0
    with pytest.raises(cs.SetupError):
        cs.play_random_games(1, 0, 6)
    assert cs.play_random_games(0)["mean_scores"] == [0.0, 0.0]


def test_the_games_numbers_are_the_rulebooks() -> None:
    # docs/rules.md: 2 to 5 players (R-COMP-3), 72 land tiles (R-COMP-1), 2 tokens
    # dealt to each player (R-SETUP-3), 2 drawn for a baobab's meeple and at
    # its completion by the 8 tiles round it (R-BAOBAB-1, R-BAOBAB-2); the
    # tile table's most segments on a tile is 4 (docs/tiles.md); tiles lie
    # within 72 steps of the start tile, their empty neighbours within 73.
    from carcassonne_safari import _engine

    assert (_engine.MIN_PLAYERS, _engine.MAX_PLAYERS) == (2, 5)
    assert _engine.LAND_TILES == 72
    assert (_engine.STARTING_TOKENS, _engine.BAOBAB_TOKENS) == (2, 2)
    assert _engine.MAX_SEGMENTS == 4
    assert _engine.BAOBAB_RING == 8
    assert _engine.FRONTIER_RADIUS == 73


def test_review_and_hint_are_the_bots_crates_analysis() -> None:
    game = cs.play_game(["oneply", "random"], seed=7)["record"]
    record = GameRecord(game.setup, game.moves[:50])
    result = cs.review(record)
    steps = result["steps"]
    assert [s["step"] for s in steps] == list(range(50))
    decisions = [s for s in steps if s["kind"] == "decision"]
    draws = [s for s in steps if s["kind"] == "draw"]
    assert decisions and draws
    for s in decisions:
        assert s["played"] == record.moves[s["step"]] and s["error"] >= 0.0
        if s["played"] == s["best"]:
            assert s["error"] == 0.0 and s["agrees"]
    for s in draws:
        assert s["drawn"] == record.moves[s["step"]] and len(s["luck"]) == 2
    errors = [sum(s["error"] for s in decisions if s["player"] == p) for p in (0, 1)]
    luck = [sum(s["luck"][p] for s in draws) for p in (0, 1)]
    assert result["errors"] == pytest.approx(errors, abs=1e-3)
    assert result["luck"] == pytest.approx(luck, abs=1e-3)
    # Two players: what a draw gives one margin it takes from the other.
    assert luck[0] == pytest.approx(-luck[1], abs=1e-3)
    # The random seat's decisions cost more than the one-ply seat's.
    assert errors[1] > errors[0] + 5.0, errors

    # The hint's best move is the review's: one judge.
    step = next(s for s in decisions if len(GameRecord(game.setup, game.moves[: s["step"]]).replay()[0].legal_moves()) > 1)
    state, _ = GameRecord(game.setup, game.moves[: step["step"]]).replay()
    hints = cs.hint(state, 3)
    assert 1 <= len(hints) <= 3 and hints[0]["move"] == step["best"]
    assert [h["value"] for h in hints] == sorted((h["value"] for h in hints), reverse=True)
    for h in hints:
        assert h["move"] in state.legal_moves()
        assert sum(h["win"]) == pytest.approx(1.0, abs=1e-4) and len(h["expected"]) == 2
        assert sum(h["points"]) == sum(e["points"] for e in h["events"] if e["type"] == "scored")
        # A meeple the turn leaves on the board claims its spot with a chance below 1.
        placed = [e["spot"] for e in h["events"] if e["type"] == "meeple_placed"]
        home = [e["spot"] for e in h["events"] if e["type"] == "meeple_returned"]
        claims = [r for r in h["reasons"] if r["type"] == "claim"]
        assert [r["spot"] for r in claims] == [s for s in placed if s not in home]
        assert all(0.0 <= r["chance"] < 1.0 for r in claims)

    with pytest.raises(ValueError, match="no player decides"):
        cs.hint(GameState(2))
    fifth, _ = GameRecord(game.setup, game.moves[:5]).replay()
    wrong = next(m for m in game.moves if not fifth.is_legal(m))
    bad = GameRecord(game.setup, [*game.moves[:5], wrong])
    with pytest.raises(cs.RecordError) as caught:
        cs.review(bad)
    assert caught.value.step == 5
