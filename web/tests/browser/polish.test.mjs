// The review's and the hint's rough edges (issue 46, findings 8 and 9):
// "Play on from here…" keeps the bot levels of the game reviewed; the
// loaded file's message counts what the replay steps through; the help does
// not call the Expert bot the strongest; "1 kind of animal", "1 point"; the
// "Hint" label stays inside its square (over no neighbour's animals) and
// "Here?" is not drawn over it. Screenshots in
// web/test-output/screenshots/62-*.png.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { assertNoProblems, launchBrowser, openPage, press, screenshot, startServer, waitForHumanOrEnd } from "./harness.mjs";

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Whether the box `inner` lies within `outer` (1 px of slack). */
const within = (inner, outer) =>
  inner.x >= outer.x - 1 && inner.y >= outer.y - 1 && inner.x + inner.width <= outer.x + outer.width + 1 && inner.y + inner.height <= outer.y + outer.height + 1;
const overlap = (a, b) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe("the rough edges of the hint and the review (issue 46, findings 8 and 9)", () => {
  test("desktop: play on from a Master bot's game keeps the Master bot; the loaded file's message counts positions; the help names the levels right", async () => {
    const page = await openPage(browser.context, server.url, "seed=21&seats=human,greedy&pace=0");
    await waitForHumanOrEnd(page);
    const master = (await page.evaluate(() => globalThis.safari.wasm.botLevels())).find((l) => l.id === "mcts-deep");
    assert.ok(master?.spec, "the Master bot's level");
    const whole = JSON.parse(await page.evaluate(() => globalThis.safari.controller.source.exportRecord()));
    // A person against the Master bot, saved after the deal: the record of that game.
    const record = JSON.stringify({ ...whole, seats: [{ name: "Player 1", bot: null }, { name: "Master bot", bot: master.spec }] });
    await page.setInputFiles("#file-load", { name: "master.json", mimeType: "application/json", buffer: Buffer.from(record) });
    await page.waitForFunction(() => globalThis.safari.controller.mode === "replay");
    const positions = await page.evaluate(() => globalThis.safari.controller.replay.positions.length);
    assert.match(await page.locator("#message-text").textContent(), new RegExp(`^Loaded “master\\.json”: ${positions} positions\\.`));
    assert.equal(await page.locator("#rp-label").textContent(), `Position ${positions} of ${positions}`);
    await press(page, "#rp-play");
    await page.waitForSelector("#setup[open]");
    assert.equal(await page.locator("#seat-0").inputValue(), "human");
    assert.equal(await page.locator("#seat-1").inputValue(), "mcts-deep", "the Master bot, as in the game reviewed");
    await screenshot(page, "62-play-on-desktop");
    await page.locator("#setup-cancel").click();
    // The help: the hint is the Expert bot's, and the Master bot is the strongest.
    await press(page, "#btn-help");
    await page.waitForSelector("#help[open]");
    const help = await page.locator("#help").textContent();
    assert.doesNotMatch(help, /strongest bot would make/);
    assert.match(help, /Hint shows the move the Expert bot would make \(one level below the Master bot, the strongest/);
    await press(page, "#help-close");
    // One kind, one point.
    const words = await page.evaluate(async () => {
      const w = await import("./js/words.js");
      return [
        w.reasonInWords({ type: "feature", kind: "trail", species: 1, birds: 0, boost: null }),
        w.reasonInWords({ type: "feature", kind: "bush", species: 2, birds: 1, boost: null }),
        w.kindsInWords(1),
        w.kindsInWords(3),
        w.pointsInWords(1),
        w.pointsInWords(6),
      ];
    });
    assert.deepEqual(words, [
      "a completed trail with one kind of animal",
      "a completed bush with two kinds of animals and one bird",
      "1 kind of animal",
      "3 kinds of animals",
      "1 point",
      "6 points",
    ]);
    // The hint's reasons and moves in words (finding 2): what the turn
    // scores, what the rest of it does, what a meeple left out, a pass and
    // a ranger's move stand for, and squares named as the board shows them.
    const hint = await page.evaluate(async () => {
      const w = await import("./js/words.js");
      const name = (s) => ["Ann", "Bob"][s];
      const feature = { type: "feature", kind: "bush", species: 2, birds: 0, boost: "Z" };
      const scored = { type: "scored", player: 0, points: 6, reason: feature };
      const placed = { type: "meeple_placed", player: 0, spot: { type: "segment", pos: { x: 1, y: 1 }, seg: 0 } };
      const outcome = (events, reasons, win = [0.62, 0.38]) => ({ points: [0, 0], expected: [50, 40], win, margin: 10, events, reasons });
      return [
        w.outcomeInWords(outcome([scored], []), 0, "place 1,1 90", name),
        w.outcomeInWords(outcome([scored], []), 0, "meeple 0", name),
        w.outcomeInWords(outcome([placed], [{ type: "claim", spot: placed.spot, kind: "trail", chance: 0.2 }]), 0, "place 1,1 90", name),
        w.outcomeInWords(outcome([], [{ type: "keep", meeples: 3, spot: placed.spot, kind: "bush", chance: 0.1 }]), 0, "pass", name),
        w.outcomeInWords(outcome([], [{ type: "ranger", seat: 1, before: 1.84, after: 0.4 }], [0.5, 0.5]), 0, "ranger 0,-1 3,2", name),
        w.outcomeInWords(outcome([], []), 1, "place 0,1 0", name),
        [0.97, 0.5, 0.06, 0.01].map(w.chanceInWords),
        ["place 2,-1 90", "place 0,1 0", "ranger 0,-1 -3,0", "return 1,1", "dig 2,1 ne L"].map((m) => w.moveInWords(m)),
        ["place 2,-1 90", "ranger 0,-1 -3,0", "dig 2,1 ne L"].map((m) => w.moveInWords(m, undefined, null, "Hint")),
      ];
    });
    assert.deepEqual(hint, [
      ["By the end of the turn: Ann scores 6 points for a completed bush with three kinds of animals, boosted with a zebra.", "Ann's chance to win after it: 62%."],
      ["By the end of the turn, with the tile as placed: Ann scores 6 points for a completed bush with three kinds of animals, boosted with a zebra.", "Ann's chance to win after it: 62%."],
      ["Then put a meeple on the tile.", "The meeple stays on the trail: the trail is completed about 2 times in 10 before the game ends, and the meeple comes home with its reward.", "Ann's chance to win after it: 62%."],
      ["Keeps three meeples for later: on the likeliest free spot, the bush is completed about 1 time in 10 before the game ends.", "Ann's chance to win after it: 62%."],
      ["Bob, next to place a tile, can expect 0.4 points from the rangers, against 1.8 before.", "Ann's chance to win after it: 50%."],
      ["It scores nothing this turn; it leaves the best position for the turns to come.", "Bob's chance to win after it: 38%."],
      ["almost surely", "about 5 times in 10", "about 1 time in 17", "hardly ever"],
      [
        "place the tile 2 squares right and 1 up from the middle of the start tile, turned 90°",
        "place the tile 1 square down from the middle of the start tile, turned 0°",
        "move a ranger to 3 squares left from the middle of the start tile (it was 1 square up from the middle of the start tile)",
        "put the ranger back 1 square right and 1 down from the middle of the start tile",
        "dig a watering hole at the north-east corner of the tile 2 squares right and 1 down from the middle of the start tile with a lion token",
      ],
      ["place the tile on the square marked “Hint”, turned 90°", "move the ringed ranger to the square marked “Hint”", "dig a watering hole at the corner marked “Hint” with a lion token"],
    ]);
    assertNoProblems(page, assert);
    await page.close();
  });

  test("desktop: opening a file keeps the game in progress, and Back to game N returns to it (finding 8)", async () => {
    const page = await openPage(browser.context, server.url, "seed=31&seats=human,greedy&pace=0");
    await waitForHumanOrEnd(page);
    await press(page, ".place-target");
    await waitForHumanOrEnd(page);
    const before = await page.evaluate(() => ({ step: globalThis.safari.controller.source.step, record: globalThis.safari.controller.source.exportRecord() }));
    const other = await openPage(browser.context, server.url, "seed=32&seats=greedy,greedy&pace=0");
    await other.waitForFunction(() => globalThis.safari.controller.source.step > 40);
    const record = await other.evaluate(() => globalThis.safari.controller.source.exportRecord());
    await other.close();
    await page.setInputFiles("#file-load", { name: "other.json", mimeType: "application/json", buffer: Buffer.from(record) });
    await page.waitForFunction(() => globalThis.safari.controller.mode === "replay");
    assert.match(await page.locator("#message-text").textContent(), /Your game 31 is kept: “Back to game 31” returns to it\./);
    assert.ok(await page.locator("#rp-back").isVisible());
    assert.equal(await page.locator("#rp-back").textContent(), "Back to game 31");
    await screenshot(page, "62-back-to-game-desktop");
    await press(page, "#rp-back");
    await page.waitForFunction(() => globalThis.safari.controller.mode === "play");
    const after = await page.evaluate(() => ({ step: globalThis.safari.controller.source.step, seed: globalThis.safari.controller.source.seed, record: globalThis.safari.controller.source.exportRecord() }));
    assert.equal(after.seed, 31);
    assert.equal(after.step, before.step, "the game where it was");
    assert.deepEqual(JSON.parse(after.record).moves, JSON.parse(before.record).moves);
    assert.ok(await page.locator("#replay").isHidden());
    assertNoProblems(page, assert);
    await page.close();
  });

  test("desktop: a review of the game so far, then back to the game (finding 8)", async () => {
    const page = await openPage(browser.context, server.url, "seed=33&seats=human,greedy&pace=0");
    await waitForHumanOrEnd(page);
    for (let turn = 0; turn < 4; turn++) {
      await press(page, ".place-target");
      await waitForHumanOrEnd(page);
      if ((await page.evaluate(() => document.body.dataset.phase)) === "action") {
        await press(page, "#btn-pass");
        await waitForHumanOrEnd(page);
      }
    }
    const before = await page.evaluate(() => ({ step: globalThis.safari.controller.source.step, record: globalThis.safari.controller.source.exportRecord() }));
    await press(page, "#turn-review-so-far");
    await page.waitForSelector("body[data-review='done']", { timeout: 300_000 });
    const judged = await page.evaluate(() => globalThis.safari.controller.review.list.map((j) => j.step));
    const decisions = await page.evaluate(() => globalThis.safari.controller.replay.positions.length - 2);
    assert.ok(judged.length >= 8, `the decisions so far: ${judged.length}`);
    assert.equal(judged.length, decisions, "every decision so far judged");
    assert.ok(judged.every((s) => s < before.step));
    assert.equal(await page.locator("#rp-back").textContent(), "Back to game 33");
    await page.locator("#review").scrollIntoViewIfNeeded();
    await screenshot(page, "64-review-so-far-desktop");
    await press(page, "#rp-back");
    await page.waitForFunction(() => globalThis.safari.controller.mode === "play");
    const after = await page.evaluate(() => ({ step: globalThis.safari.controller.source.step, record: globalThis.safari.controller.source.exportRecord() }));
    assert.equal(after.step, before.step, "the game where it was");
    assert.deepEqual(JSON.parse(after.record).moves, JSON.parse(before.record).moves);
    assertNoProblems(page, assert);
    await page.close();
  });

  for (const kind of ["phone", "desktop"]) {
    test(`${kind}: the Hint label stays inside its square, and Here? is not drawn over it`, async () => {
      const context = await browser.newContext(kind);
      const page = await openPage(context, server.url, "seed=5&seats=human,greedy&pace=0");
      assert.equal(await waitForHumanOrEnd(page), "place");
      await press(page, "#btn-hint");
      await page.waitForSelector("#hint-text[data-move]", { timeout: 60_000 });
      const move = await page.getAttribute("#hint-text", "data-move");
      const hint = page.locator(`.layer-advice .advice[data-move="${move}"]`);
      const square = await hint.locator(".advice-frame").boundingBox();
      const label = await page.locator(`.layer-advice .advice-labels[data-move="${move}"] .advice-label`).boundingBox();
      assert.ok(within(label, square), "the Hint label is inside the hinted square, over no neighbour");
      // The neighbours' animal badges are not under it.
      const badges = await page.locator(".layer-items g, .layer-items circle").evaluateAll((ns) => ns.map((n) => n.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })));
      const outside = badges.filter((b) => b.width > 0 && !within(b, square));
      assert.ok(outside.every((b) => !overlap(b, label)), "no neighbour's picture under the Hint label");
      // The same move proposed: "Here?" and "Hint" both readable.
      await page.evaluate((m) => {
        const c = globalThis.safari.controller;
        c.confirmMoves = true;
        c.propose(m);
      }, move);
      await page.waitForSelector("#btn-confirm");
      const here = await page.locator(".layer-advice .advice-labels.proposal .advice-label").boundingBox();
      const hintLabel = await page.locator(".layer-advice .advice-labels:not(.proposal):not(.alternative) .advice-label").boundingBox();
      // Both labels above both tiles: drawn after every mark's tile (the
      // hint's alternatives, "2nd" and "3rd", are drawn in the same order).
      const order = await page.locator(".layer-advice > g:not(.alternative)").evaluateAll((gs) => gs.map((g) => [...g.classList].join(" ")));
      assert.deepEqual(order, ["advice", "advice proposal", "advice-labels", "advice-labels proposal"], "the labels over the tiles");
      assert.ok(!overlap(here, hintLabel), "Here? is not drawn over Hint");
      for (const other of await page.locator(".layer-advice .advice-labels.alternative .advice-label").all()) assert.ok(!overlap(await other.boundingBox(), hintLabel), "an alternative's label is not drawn over Hint");
      assert.ok(within(here, square), "Here? is inside the square");
      await page.locator("#board").scrollIntoViewIfNeeded();
      await screenshot(page, `62-hint-labels-${kind}`);
      assertNoProblems(page, assert);
      await context.close();
    });
  }
});
