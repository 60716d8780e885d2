// The hint in reach and in view (issue 46, finding 7): during a placement
// the Hint button is on the screen without scrolling, on a phone too, and
// once the hint is shown the board brings its square into view (clear of the
// zoom buttons) even when the player had moved the board away, and the board
// is on the screen. Screenshots in web/test-output/screenshots/61-*.png.

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

describe("the hint in reach and in view (issue 46, finding 7)", () => {
  for (const kind of ["phone", "desktop"]) {
    test(`${kind}: the Hint button is on screen during a placement, and the hinted square is brought into view`, async () => {
      const context = await browser.newContext(kind);
      const screen = { x: 0, y: 0, ...(kind === "phone" ? { width: 412, height: 915 } : { width: 1440, height: 900 }) };
      for (const seed of [5, 7, 9]) {
        const page = await openPage(context, server.url, `seed=${seed}&seats=human,greedy&pace=0`);
        assert.equal(await waitForHumanOrEnd(page), "place");
        assert.equal(await page.evaluate(() => window.scrollY), 0);
        const button = await page.locator("#btn-hint").boundingBox();
        assert.ok(within(button, screen), `seed ${seed}: the Hint button is on the screen (${Math.round(button.y)} to ${Math.round(button.y + button.height)} of ${screen.height})`);
        // The player has zoomed in on a square the hint will not choose: the
        // advisor's move asked for beforehand, as the Hint button asks it.
        const away = await page.evaluate(async () => {
          const { controller } = globalThis.safari;
          const { source, board } = controller;
          const r = await controller.advisor.hint(source.exportRecord(), String(source.step + 1));
          const [x, y] = r.hint.move.split(" ")[1].split(",").map(Number);
          const far = source.view().legal.placements.map((p) => p.pos).sort((a, b) => Math.hypot(b.x - x, b.y - y) - Math.hypot(a.x - x, a.y - y))[0];
          const rect = board.svg.getBoundingClientRect();
          const w = 260;
          board.view = { x: far.x * 100 + 50 - w / 2, y: far.y * 100 + 50 - (w * rect.height) / rect.width / 2, w, h: (w * rect.height) / rect.width };
          board.applyView();
          controller.refresh();
          return { hinted: { x, y }, far };
        });
        assert.ok(Math.hypot(away.far.x - away.hinted.x, away.far.y - away.hinted.y) >= 2, `seed ${seed}: a square away from the hint`);
        await press(page, "#btn-hint");
        await page.waitForSelector("#hint-text[data-move]", { timeout: 60_000 });
        const frame = await page.locator(".layer-advice .advice:not(.alternative) .advice-frame").boundingBox();
        const board = await page.locator("#board").boundingBox();
        assert.ok(within(frame, board), `seed ${seed}: the hinted square is in the board's view`);
        for (const z of await page.locator(".zoom button").all()) assert.ok(!overlap(frame, await z.boundingBox()), `seed ${seed}: the hinted square is clear of the zoom buttons`);
        assert.ok(within(frame, screen), `seed ${seed}: the hinted square is on the screen`);
        assert.ok(await page.locator("#hint-text").isVisible());
        if (seed === 5) await screenshot(page, `61-hint-in-view-${kind}`);
        assertNoProblems(page, assert);
        await page.close();
      }
      await context.close();
    });
  }
});
