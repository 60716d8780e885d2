// Complete games on a phone (412×915, touch), a tablet (768×1024) and a
// desktop (1440×900): the board's size, no sideways scroll, the last turn of
// every player marked, the log pointing at tiles, the points shown before a
// choice, a board that stays put after a placement, the game resumed after a
// reload, and an accessibility check (axe-core: no serious or critical
// violation). Screenshots of each viewport at the start, mid-game (placement,
// meeple choice, watering holes) and the end. Seeded and deterministic.

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import { OUTPUT, VIEWPORTS, assertNoProblems, humanTurn, launchBrowser, openPage, press, reveal, rng, screenshot, seriousViolations, snapshot, startServer, waitForHumanOrEnd } from "./harness.mjs";

let server;
let browser;
const loadTimes = {};

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  mkdirSync(OUTPUT, { recursive: true });
});

after(async () => {
  writeFileSync(join(OUTPUT, "load-times.json"), JSON.stringify(loadTimes, null, 2));
  await browser?.close();
  await server?.close();
});

/** The page's layout as the issue measures it. */
function layout(page) {
  return page.evaluate(() => {
    const board = document.getElementById("board").getBoundingClientRect();
    return {
      boardWidth: board.width,
      boardHeight: board.height,
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
      viewBox: document.getElementById("board").getAttribute("viewBox"),
    };
  });
}

async function assertLayout(page, kind) {
  const { width, height } = VIEWPORTS[kind].viewport;
  const l = await layout(page);
  assert.ok(l.scrollWidth <= l.clientWidth, `${kind}: no sideways scroll (${l.scrollWidth} > ${l.clientWidth})`);
  assert.ok(l.boardWidth >= Math.min(width * 0.5, 700) && l.boardWidth >= 0.45 * width, `${kind}: the board is ${l.boardWidth} px wide`);
  assert.ok(l.boardHeight >= Math.min(height * 0.5, 600), `${kind}: the board is ${l.boardHeight} px high`);
}

async function assertAccessible(page, what) {
  const violations = await seriousViolations(page);
  assert.deepEqual(violations, [], `axe-core, ${what}:\n${violations.join("\n")}`);
}

/** Checks the last-turn marks against the game: one per player who has placed, on their last tile. */
async function assertLastTurnMarks(page) {
  const { marks, expected } = await page.evaluate(() => {
    const source = globalThis.safari.controller.source;
    const expected = [];
    source.lastTurns().forEach((range, seat) => {
      if (!range) return;
      const placed = source.entries(range[0], range[1]).flatMap((e) => e.events).find((e) => e.type === "tile_placed");
      if (placed) expected.push(`${seat}:${placed.pos.x},${placed.pos.y}`);
    });
    const marks = [...document.querySelectorAll(".layer-marks .last-turn")].map((g) => `${g.dataset.seat}:${g.dataset.x},${g.dataset.y}`);
    return { marks, expected };
  });
  assert.deepEqual(marks.sort(), expected.sort(), "a mark on every player's last tile");
  return marks.length;
}

for (const kind of ["phone", "tablet", "desktop"]) {
  describe(`a whole game on a ${kind}`, () => {
    test(`${VIEWPORTS[kind].viewport.width}×${VIEWPORTS[kind].viewport.height}`, { timeout: 900_000 }, async () => {
      const context = await browser.newContext(kind);
      const seed = { phone: 31, tablet: 32, desktop: 33 }[kind];
      const page = await openPage(context, server.url, `seed=${seed}&seats=human,greedy,random&pace=0`);
      loadTimes[kind] = Number(await page.evaluate(() => document.body.dataset.readyMs));
      assert.equal(await page.evaluate(() => location.search), "?pace=0", "the address forgets the game it started, so that a reload resumes");
      await waitForHumanOrEnd(page);
      await assertLayout(page, kind);
      await screenshot(page, `${kind}-1-start`);
      await assertAccessible(page, `${kind} at the start`);

      const r = rng(seed);
      const stats = { rotations: 0 };
      const shots = { place: false, meeple: false, holes: false, log: false, reload: false };
      let places = 0;
      let maxMarks = 0;
      for (;;) {
        const phase = await waitForHumanOrEnd(page);
        if (phase === "game_over") break;
        if (phase === "place") {
          maxMarks = Math.max(maxMarks, await assertLastTurnMarks(page));
          // Points before the choice: a cell on a ranger says +3.
          const ranger = await page.evaluate(() => globalThis.safari.controller.current.legal.placements.filter((p) => p.points > 0).length);
          assert.equal(await page.locator(".layer-targets .points-label").count(), ranger, "every placement on a ranger shows its points");
          if (!shots.reload && places === 8) {
            // The game survives a reload.
            shots.reload = true;
            const before = await snapshot(page);
            await page.reload();
            await page.waitForSelector("body[data-ready='true']");
            await waitForHumanOrEnd(page);
            const after = await snapshot(page);
            assert.equal(after.record, before.record, "the game resumed after a reload");
            assert.equal(after.step, before.step);
            assert.deepEqual(after.scores, before.scores);
          }
          if (!shots.place && places >= 12 && (await page.locator(".place-target").count()) > 0) {
            shots.place = true;
            if (!page.touch) await page.locator(".place-target").first().hover();
            await screenshot(page, `${kind}-2-mid-game-placement`);
            await assertAccessible(page, `${kind} placing a tile`);
          }
          if (!shots.log && places >= 6) {
            // A log line shows its tile on the board.
            const line = page.locator("#log li.log-move[data-cells]").last();
            if (page.touch) await line.tap();
            else await line.hover();
            assert.ok((await page.locator(".log-highlight").count()) > 0, "a log line outlines its tile");
            shots.log = true;
          }
          // The board stays put after the placement.
          await humanTurn(page, r, stats);
          const viewBox = stats.viewBoxBeforePlace;
          places++;
          await waitForHumanOrEnd(page);
          if ((await page.evaluate(() => document.body.dataset.phase)) === "action") {
            assert.equal((await layout(page)).viewBox, viewBox, "the board did not move after the placement");
          }
          continue;
        }
        if (phase === "action") maxMarks = Math.max(maxMarks, await assertLastTurnMarks(page));
        if (phase === "action" && !shots.meeple && places >= 6 && (await page.locator(".meeple-target").count()) > 0) {
          shots.meeple = true;
          const spot = page.locator(".meeple-target").first();
          await reveal(page, spot);
          if (!page.touch) await spot.hover();
          else await spot.focus();
          await screenshot(page, `${kind}-3-mid-game-meeple`);
          await assertAccessible(page, `${kind} choosing a meeple spot`);
        }
        const beforeHoles = async (p) => {
          const targets = await p.locator(".hole-target").count();
          assert.ok(targets > 0, "watering-hole targets are shown");
          assert.equal(await p.locator(".hole-points").count(), await p.locator(".hole-target.expand").count(), "every expansion shows its points");
          assert.ok((await p.locator("#turn-body").innerText()).includes("3 points"), "the panel gives a dig's points");
          if (!shots.holes && places >= 10) {
            shots.holes = true;
            await screenshot(p, `${kind}-4-mid-game-watering-holes`);
          }
        };
        // Mid-game, look at the watering holes once even when the turn does something else.
        if (phase === "action" && !shots.holes && places >= 14 && (await page.locator("#btn-holes").count())) {
          await press(page, "#btn-holes");
          await beforeHoles(page);
          await press(page, "#btn-holes");
        }
        await humanTurn(page, r, stats, { beforeHoles });
      }
      assert.ok(maxMarks >= 3, `every player's last tile was marked at once (${maxMarks})`);
      for (const [what, done] of Object.entries(shots)) assert.ok(done, `${what} checked`);
      for (const move of ["place", "meeple", "pass"]) assert.ok(stats[move] > 0, `the game made ${move} moves`);

      await page.waitForSelector("#summary[open]");
      await screenshot(page, `${kind}-5-end-scores`);
      await assertAccessible(page, `${kind} final scores`);
      const totals = (await page.locator("#summary-table td.total").allTextContents()).map(Number);
      await press(page, "#summary-close");
      await assertLayout(page, kind);
      await screenshot(page, `${kind}-6-end-board`);
      const shown = await snapshot(page);
      assert.deepEqual(totals, shown.scores, "the summary's totals are the scores shown");
      const replayed = await page.evaluate((json) => Array.from(globalThis.safari.wasm.recordScores(json)), shown.record);
      assert.deepEqual(shown.scores, replayed, "the scores shown are the engine's replay of the record");
      console.log(`${kind}: ${JSON.stringify(stats)}, load ${loadTimes[kind]} ms`);
      assertNoProblems(page, assert);
      await context.close();
    });
  });
}

describe("small phones", () => {
  for (const [width, height] of [[360, 740], [740, 360]]) {
    test(`${width}×${height}: no sideways scroll, a usable board, the turn in reach`, async () => {
      const context = await browser.browser.newContext({ viewport: { width, height }, hasTouch: true, isMobile: true });
      const page = await openPage(context, server.url, "seed=9&seats=human,greedy&pace=0");
      await waitForHumanOrEnd(page);
      const l = await layout(page);
      assert.ok(l.scrollWidth <= l.clientWidth, `no sideways scroll (${l.scrollWidth} > ${l.clientWidth})`);
      // Upright: the board across the screen; sideways: the board on the left, as high as the screen allows.
      const landscape = width > height;
      assert.ok(l.boardWidth >= width * (landscape ? 0.5 : 0.9), `the board is ${l.boardWidth} px wide`);
      assert.ok(l.boardHeight >= (landscape ? height * 0.6 : 250), `the board is ${l.boardHeight} px high`);
      if (landscape) {
        const turn = await page.locator("#turn").boundingBox();
        assert.ok(turn.y < height && turn.x > l.boardWidth * 0.9, "the turn is beside the board, on screen");
      }
      // The highlights are drawn under the badges: a feature outline never hides an animal.
      const order = await page.evaluate(() => [...document.querySelectorAll("#board > g")].map((g) => g.getAttribute("class")));
      assert.ok(order.indexOf("layer-highlight") < order.indexOf("layer-items"), order.join(" "));
      await press(page, "#rot-right");
      await screenshot(page, `phone-${width}x${height}`);
      assertNoProblems(page, assert);
      await context.close();
    });
  }
});

describe("touch", () => {
  test("drag pans and pinch zooms the board on a phone", async () => {
    const context = await browser.newContext("phone");
    const page = await openPage(context, server.url, "seed=8&seats=human,greedy&pace=0");
    await waitForHumanOrEnd(page);
    const box = await page.locator("#board").boundingBox();
    const cdp = await context.newCDPSession(page);
    const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
    const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
    const zoom = () => page.evaluate(() => Number(document.getElementById("board").dataset.zoom));
    const viewBox = () => page.getAttribute("#board", "viewBox");
    // Drag with one finger: the board moves, nothing is played.
    const step = (await snapshot(page)).step;
    const before = await viewBox();
    await touch("touchStart", [[cx, cy]]);
    for (let i = 1; i <= 5; i++) await touch("touchMove", [[cx + i * 12, cy + i * 8]]);
    await touch("touchEnd", []);
    assert.notEqual(await viewBox(), before, "a drag pans");
    assert.equal((await snapshot(page)).step, step, "a drag plays nothing");
    // Pinch out with two fingers: the board zooms in.
    const z0 = await zoom();
    await touch("touchStart", [[cx - 30, cy], [cx + 30, cy]]);
    for (let i = 1; i <= 6; i++) await touch("touchMove", [[cx - 30 - i * 15, cy], [cx + 30 + i * 15, cy]]);
    await touch("touchEnd", []);
    assert.ok((await zoom()) > z0 * 1.5, `a pinch zooms in (${z0} → ${await zoom()})`);
    assertNoProblems(page, assert);
    await context.close();
  });
});
