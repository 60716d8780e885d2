// @ts-check
// A Node.js program that uses the npm package as a user would (installed
// from its packed tarball by web/ci.sh): plays a whole game of a person
// (choosing from the engine's grouped legal moves) against two bots, through
// the view API, and checks it against the engine's replay of the record.

import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { LocalGame, botMove, initSync, palette, recordScores, tileArt, tileDesigns } from "carcassonne-safari-web";

const wasm = await readFile(new URL(import.meta.resolve("carcassonne-safari-web/carcassonne_safari_web_bg.wasm")));
initSync({ module: wasm });

const game = new LocalGame({ seed: 12, seats: [{ kind: "human", name: "Node" }, "greedy", { kind: "random", name: "Dice" }] });

/**
 * The person's move, read off the grouped legal moves.
 * @param {import("carcassonne-safari-web").GameView} view
 * @returns {string}
 */
function choose(view) {
  const legal = view.legal;
  switch (view.phase.type) {
    case "place": {
      const best = legal.placements.find((p) => p.points > 0) ?? legal.placements[0];
      return `place ${best.pos.x},${best.pos.y} ${best.rotations[0]}`;
    }
    case "action": {
      const hole = legal.holes.find((h) => h.kind === "expand");
      if (hole) return `expand ${hole.pos.x},${hole.pos.y} ${hole.corner} ${hole.animals[0]}`;
      if (legal.meeples.length) return `meeple ${legal.meeples[0].target}`;
      return "pass";
    }
    case "boost":
      return legal.boosts.length ? `boost ${legal.boosts[0].animal}` : "noboost";
    case "return":
      return `return ${legal.returns[0].x},${legal.returns[0].y}`;
    default:
      throw new Error(`no decision for a person in phase ${view.phase.type}`);
  }
}

let decisions = 0;
for (;;) {
  game.advance();
  const view = game.view();
  assert.equal(view.format, 1);
  if (view.phase.type === "game_over") break;
  if (game.humanToMove) {
    game.play(choose(view));
  } else {
    const spec = game.botToMove;
    assert.ok(spec, "a bot decides when no person does");
    const choice = botMove(game.exportRecord(), spec, game.botSeed);
    game.playBot(choice.move, game.step);
  }
  decisions++;
}

const view = game.view();
const record = game.exportRecord();
const scores = view.players.map((p) => p.score);
assert.deepEqual(Array.from(recordScores(record)), scores, "the engine's replay of the record gives the scores");
const summary = game.summary();
assert.deepEqual(summary.players.map((p) => p.total), scores, "the summary adds up to the scores");
assert.ok(summary.final_scoring.length > 0, "the game ended with a final scoring");
assert.equal(game.entries(0).length, game.step, "one log entry per move");
assert.deepEqual(JSON.parse(record).seats.map((/** @type {{name: string}} */ s) => s.name), ["Node", "Greedy bot", "Dice"]);
const art = tileArt(view.tiles[3].design, view.tiles[3].rotation);
assert.ok(art.ground.includes("<rect") && art.spots.length === view.tiles[3].segments.length + (view.tiles[3].baobab ? 1 : 0));
assert.equal(tileDesigns().length > 20, true);
// The package's TypeScript types describe the objects it hands out: every
// object type's fields are exactly the keys of a real value (the wire format).
const types = (await readFile(new URL(import.meta.resolve("carcassonne-safari-web/carcassonne_safari_web.d.ts")), "utf8"))
  .replace(/\/\*\*[\s\S]*?\*\//g, "");
/** @param {string} name */
function fields(name) {
  const body = types.match(new RegExp(`export type ${name} = \\{([^{}]*)\\};`))?.[1];
  assert.ok(body, `type ${name} in the .d.ts`);
  return [...body.matchAll(/(\w+)\??:/g)].map((m) => m[1]).sort();
}
/** @param {string} name @param {object} value */
const same = (name, value) => assert.deepEqual(Object.keys(value).sort(), fields(name), `${name} in the .d.ts is the wire format`);
const mid = new LocalGame({ seed: 5, seats: ["human", "greedy"] });
mid.advance();
const start = mid.view();
same("GameView", start);
same("LegalMoves", start.legal);
same("PlacementChoice", start.legal.placements[0]);
same("TileView", start.tiles[0]);
same("SegmentView", start.tiles[0].segments[0]);
same("PlayerView", start.players[0]);
same("Feature", start.features[0]);
same("LogEntry", mid.entries(0)[0]);
same("ScoreSummary", summary);
same("PlayerPoints", summary.players[0]);
same("FinalLine", summary.final_scoring[0]);
same("Seat", mid.seats[0]);
same("TileArt", art);
same("WaterHole", view.water_holes[0]);
same("HoleToken", view.water_holes[0].tokens[0]);
same("MeepleView", view.meeples[0]);
same("Palette", palette());
same("PlayerStyle", palette().players[0]);
same("AnimalStyle", palette().animals[0]);

console.log(`node consumer: a whole 3-player game, ${decisions} decisions, ${game.step} moves, scores ${scores.join(" / ")}, winners ${view.leaders.join(", ")}`);
