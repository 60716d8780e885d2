// Finding the way through a review (issue 46, finding 6), at a phone and a
// desktop: the mistakes by turn with the player, the kind of decision and the
// tile, filtered by player; a row (or the graph) goes to its decision, the
// board showing the tile in hand and the move played beside the better one in
// two colours with a legend, and staying on a phone's screen; the replay's
// first position says what it is. Screenshots in
// web/test-output/screenshots/60-*.png.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { assertNoProblems, launchBrowser, openPage, press, screenshot, seriousViolations, startServer } from "./harness.mjs";

let server;
let browser;
/** A game of the Greedy bot against a person (the Random bot's moves), cut after 120 moves: a review of some 80 decisions. */
let record;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const page = await openPage(browser.context, server.url, "seed=12&seats=greedy,random&pace=0");
  await page.waitForSelector("body[data-phase='game_over']", { timeout: 120_000 });
  const whole = JSON.parse(await page.evaluate(() => globalThis.safari.controller.source.exportRecord()));
  await page.close();
  record = JSON.stringify({ ...whole, moves: whole.moves.slice(0, 120), seats: [whole.seats[0], { name: "Ann", bot: null }] });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** What a player reads in `selector`, its white space as one space. */
const read = async (page, selector) => (await page.locator(selector).innerText()).replace(/\s+/g, " ").trim();
const shownStep = (page) => page.evaluate(() => Number(document.body.dataset.step));

/** Opens the record (its first `moves` moves) from a file, in the replay. */
async function openAndReview(page, moves = Infinity) {
  const text = JSON.stringify({ ...JSON.parse(record), moves: JSON.parse(record).moves.slice(0, moves) });
  await page.setInputFiles("#file-load", { name: "ann.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await page.waitForFunction(() => globalThis.safari.controller.mode === "replay");
}

/** Whether the box `inner` lies within `outer` (1 px of slack). */
const within = (inner, outer) =>
  inner.x >= outer.x - 1 && inner.y >= outer.y - 1 && inner.x + inner.width <= outer.x + outer.width + 1 && inner.y + inner.height <= outer.y + outer.height + 1;

describe("finding the way through a review (issue 46, finding 6)", () => {
  for (const kind of ["phone", "desktop"]) {
    test(`${kind}: mistakes by turn and player, a row or the graph goes to the decision, played and better drawn together`, async () => {
      const context = await browser.newContext(kind);
      const page = await openPage(context, server.url, "seed=40&seats=human,greedy&pace=0");
      await openAndReview(page);
      // Position 1 says what it is, not "Next: plays".
      await press(page, "#rp-first");
      assert.equal(await page.locator("#rp-label").textContent(), "Position 1 of " + (await page.evaluate(() => globalThis.safari.controller.replay.positions.length)));
      const start = await page.locator("#turn-body").innerText();
      assert.doesNotMatch(start, /Next: plays/);
      assert.match(start, /The start of the game/);
      // Position 2: the first turn, who decides, the tile in hand.
      await press(page, "#rp-next");
      assert.match(await read(page, "#replay-now"), /^Turn 1 · Greedy bot · placing the tile$/);
      assert.ok(await page.locator("#replay-tile svg[role='img']").isVisible(), "the tile in hand is shown");
      assert.match(await read(page, "#replay-next"), /^Next, Greedy bot chose to place the tile (the middle of the start tile|\d+ squares? (right|left|up|down)( and \d+ (up|down))? from the middle of the start tile), turned \d+°\.$/);
      await screenshot(page, `60-replay-start-${kind}`);

      await press(page, "#rp-review");
      await page.waitForSelector("body[data-review='done']", { timeout: 300_000 });
      // The one person of the game is shown first; the filter says so.
      assert.equal(await page.getAttribute("#review-filter button[data-seat='1']", "aria-pressed"), "true");
      const rows = page.locator("#review-mistakes button");
      assert.ok((await rows.count()) > 0, "Ann's mistakes are listed");
      const listed = () =>
        rows.evaluateAll((bs) => bs.map((b) => ({ step: Number(b.dataset.step), seat: Number(b.dataset.seat), turn: Number(b.dataset.turn), text: [...b.childNodes].filter((n) => n.nodeName !== "svg").map((n) => n.textContent).join(" ").replace(/\s+/g, " ").trim(), tile: b.querySelector("svg[role='img']")?.getAttribute("aria-label") })));
      const ann = await listed();
      for (const r of ann) {
        assert.equal(r.seat, 1, "only Ann's mistakes");
        assert.match(r.text, /^Turn \d+ · Ann · (placing the tile|action: (a meeple|a ranger|a watering hole|pass)|action|boost|boost: none|putting the ranger back) ?\u2212\d+(\.\d)?$/, r.text);
        assert.doesNotMatch(r.text, /position/i);
        assert.match(r.tile, /^tile in hand: /, "the row shows the tile");
      }
      assert.deepEqual(ann.map((r) => r.step), [...ann.map((r) => r.step)].sort((a, b) => a - b), "by turn");
      assert.deepEqual(ann.map((r) => r.turn), [...ann.map((r) => r.turn)].sort((a, b) => a - b));
      // Everyone's, then the other player's only.
      await press(page, "#review-filter button[data-seat='all']");
      const everyone = await listed();
      assert.ok(everyone.length >= ann.length);
      await press(page, "#review-filter button[data-seat='0']");
      const greedy = await listed();
      assert.ok(greedy.every((r) => r.seat === 0));
      assert.equal(greedy.length + ann.length, everyone.length, "the two players' mistakes make everyone's");
      await press(page, "#review-filter button[data-seat='1']");

      // A placement that the advisor would have made elsewhere.
      const target = await page.evaluate(() => {
        const { review } = globalThis.safari.controller;
        const rows = [...document.querySelectorAll("#review-mistakes button")].map((b) => Number(b.dataset.step));
        return rows.find((s) => {
          const j = review.judgements.get(s);
          return j.played.startsWith("place") && j.best.startsWith("place") && j.played.split(" ")[1] !== j.best.split(" ")[1];
        });
      });
      assert.ok(target !== undefined, "a misplaced tile among Ann's mistakes");
      if (kind === "phone") await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await press(page, `#review-mistakes button[data-step='${target}']`);
      assert.equal(await shownStep(page), target, "the row goes to its decision");
      assert.match(await read(page, "#replay-now"), /^Turn \d+ · Ann · placing the tile$/);
      assert.ok(await page.locator("#replay-tile").isVisible(), "the tile in hand is shown");
      // The move played and the better move, in two colours, with a legend.
      const played = page.locator(".layer-advice .advice.played");
      const better = page.locator(".layer-advice .advice.better");
      assert.equal(await played.count(), 1, "the move played is drawn");
      assert.equal(await better.count(), 1, "the better move is drawn");
      const colour = (l) => l.locator(".advice-frame").evaluate((n) => getComputedStyle(n).stroke);
      assert.notEqual(await colour(played), await colour(better), "two colours");
      assert.deepEqual(await page.locator(".layer-advice .advice-label text").allTextContents(), ["Played", "Better"]);
      assert.match(await read(page, "#review-legend"), /On the board: the move played .*the move Expert bot prefers/);
      const legendColours = await page.locator("#review-legend .swatch").evaluateAll((ns) => ns.map((n) => getComputedStyle(n).borderTopColor));
      assert.deepEqual(legendColours, [await colour(played), await colour(better)], "the legend's colours are the board's");
      // Both on the board, and the board on the screen.
      const board = await page.locator("#board").boundingBox();
      for (const l of [played, better]) assert.ok(within(await l.locator(".advice-frame").boundingBox(), board), "the mark is in the board's view");
      const tile = (await played.locator(".advice-frame").boundingBox()).width;
      assert.ok(tile >= 55, `tiles a player can see at a mistake: ${Math.round(tile)} px`);
      const wrap = await page.locator(".board-wrap").boundingBox();
      const height = page.viewportSize().height;
      assert.ok(wrap.y >= -1 && wrap.y + wrap.height <= height + 1, `the board is on the screen (${Math.round(wrap.y)} to ${Math.round(wrap.y + wrap.height)} of ${height})`);
      assert.match(await read(page, "#review-graph-caption"), /^Chance to win at this decision: Greedy bot \d+% · Ann \d+%$/);
      await screenshot(page, `60-review-mistake-${kind}`);
      // The board stays in view while stepping on.
      await press(page, "#rp-next");
      const still = await page.locator(".board-wrap").boundingBox();
      assert.ok(still.y >= -1 && still.y + still.height <= height + 1, "the board stays on the screen while stepping");

      // The graph goes to the decision tapped: its left end is the first decision, its right end the last.
      const graph = page.locator("#review-graph");
      await graph.scrollIntoViewIfNeeded();
      const steps = await page.evaluate(() => globalThis.safari.controller.review.list.map((j) => j.step));
      let g = await graph.boundingBox();
      const tapAt = async (fx) => {
        g = await graph.boundingBox();
        const [x, y] = [g.x + g.width * fx, g.y + g.height * 0.5];
        if (page.touch) await page.touchscreen.tap(x, y);
        else await page.mouse.click(x, y);
      };
      await tapAt(30 / 280);
      assert.equal(await shownStep(page), steps[0], "the graph's left end is the first decision");
      await graph.scrollIntoViewIfNeeded();
      await tapAt(0.6);
      const middle = await shownStep(page);
      assert.ok(steps.includes(middle) && middle > steps[0] && middle < steps.at(-1), `the graph's middle is a decision in the middle (${middle})`);
      await screenshot(page, `60-review-graph-${kind}`);
      // At the end of the review, the caption gives the end's numbers (finding 9).
      await press(page, "#rp-last");
      assert.match(await read(page, "#review-graph-caption"), /^Chance to win at the end: Greedy bot (0|100)% · Ann (0|100)%$/);
      assert.deepEqual(await seriousViolations(page), []);
      assertNoProblems(page, assert);
      await context.close();
    });
  }
});

describe("learn from your mistakes (issue 46, item 3)", () => {
  for (const kind of ["phone", "desktop"]) {
    test(`${kind}: the player's worst decisions, tried again and judged against the game's`, async () => {
      const context = await browser.newContext(kind);
      const page = await openPage(context, server.url, "seed=41&seats=human,greedy&pace=0");
      // The first 70 moves: a shorter review, with more than five mistakes of Ann's.
      await openAndReview(page, 70);
      await press(page, "#rp-review");
      await page.waitForSelector("body[data-review='done']", { timeout: 300_000 });
      // Ann's five worst decisions, in the order of the game.
      const lesson = await page.evaluate(() =>
        globalThis.safari.controller.review.list
          .filter((j) => j.seat === 1 && !j.agrees)
          .sort((a, b) => b.loss - a.loss)
          .slice(0, 5)
          .sort((a, b) => a.step - b.step),
      );
      assert.equal(lesson.length, 5);
      assert.equal(await read(page, "#review-learn"), "Learn from Ann's mistakes (the 5 worst)");
      await press(page, "#review-learn");
      await page.waitForSelector("#lesson");
      assert.match(await read(page, "#lesson"), /^Mistake 1 of 5 · Turn \d+ · Ann · .+ In the game, Ann gave away \d+\.\d expected points here: .+\. Find a better move\./);
      assert.equal(await shownStep(page), lesson[0].step);
      // The answer is not on the board; the decision is the player's to make.
      assert.equal(await page.locator(".layer-advice .advice").count(), 0, "nothing drawn before a move is tried");
      assert.equal(await page.evaluate(() => document.body.dataset.human), "true");
      assert.ok(await page.locator("#review").isHidden());
      // The game's own move again: judged as the review judged it.
      await page.evaluate((m) => globalThis.safari.controller.play(m), lesson[0].played);
      await page.waitForSelector("#lesson-result.review-now");
      const again = (await read(page, "#lesson-result")).match(/^Not better: it gives away (\d+\.\d) expected points \(the game's move (\d+\.\d)\)\.$/);
      assert.ok(again, await read(page, "#lesson-result"));
      assert.equal(again[1], lesson[0].loss.toFixed(1));
      assert.equal(again[2], lesson[0].loss.toFixed(1));
      assert.equal(await page.locator(".layer-advice .advice.played").count(), 1, "the move tried is drawn");
      // Try again: the advisor's own move is well found.
      await press(page, "#lesson-retry");
      assert.equal(await page.locator("#lesson-result").count(), 0);
      await page.evaluate((m) => globalThis.safari.controller.play(m), lesson[0].best);
      await page.waitForSelector("#lesson-result.review-now");
      assert.match(await read(page, "#lesson-result"), /^Well found: Expert bot plays it too\.$/);
      await page.locator("#lesson").scrollIntoViewIfNeeded();
      await screenshot(page, `63-lesson-${kind}`);
      // The next one, tried on the board itself where it is a placement.
      await press(page, "#lesson-next");
      assert.match(await read(page, "#lesson"), /^Mistake 2 of 5 /);
      assert.equal(await shownStep(page), lesson[1].step);
      const placements = await page.locator(".place-target").count();
      if (placements) {
        await press(page, page.locator(".place-target").first());
        if (await page.locator("#btn-confirm").count()) await press(page, "#btn-confirm");
      } else {
        await page.evaluate((m) => globalThis.safari.controller.play(m), lesson[1].played);
      }
      await page.waitForSelector("#lesson-result.review-now");
      assert.match(await read(page, "#lesson-result"), /^(Well found|Better than the game's move|Not better)/);
      await screenshot(page, `63-lesson-tried-${kind}`);
      // Back to the review, where the lesson left it.
      await press(page, "#lesson-end");
      assert.equal(await page.locator("#lesson").count(), 0);
      assert.ok(await page.locator("#review").isVisible());
      assert.deepEqual(await seriousViolations(page), []);
      assertNoProblems(page, assert);
      await context.close();
    });
  }
});
