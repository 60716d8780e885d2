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
      const hintLabel = await page.locator(".layer-advice .advice-labels:not(.proposal) .advice-label").boundingBox();
      // Both labels above both tiles: drawn after every mark's tile.
      const order = await page.locator(".layer-advice > g").evaluateAll((gs) => gs.map((g) => [...g.classList].join(" ")));
      assert.deepEqual(order, ["advice", "advice proposal", "advice-labels", "advice-labels proposal"], "the labels over the tiles");
      assert.ok(!overlap(here, hintLabel), "Here? is not drawn over Hint");
      assert.ok(within(here, square), "Here? is inside the square");
      await page.locator("#board").scrollIntoViewIfNeeded();
      await screenshot(page, `62-hint-labels-${kind}`);
      assertNoProblems(page, assert);
      await context.close();
    });
  }
});
