// How long the advisor takes in the page's worker (Chromium, this machine):
// the hint at the first decisions of seeded games, and the review of whole
// seeded bots' games. Prints every figure and the medians.
// Run: `node web/tests/browser/advice-timing.mjs` (after `bash web/build.sh`).

import { launchBrowser, openPage, startServer } from "./harness.mjs";

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const server = await startServer();
const browser = await launchBrowser();
const hints = [];
for (const seed of [1, 2, 3, 4, 5]) {
  const page = await openPage(browser.context, server.url, `seed=${seed}&seats=human,human&pace=0`);
  for (let i = 0; i < 4; i++) {
    await page.evaluate(() => globalThis.safari.controller.askHint());
    await page.waitForFunction(() => globalThis.safari.controller.advice?.hint, null, { timeout: 60_000 });
    const { ms, move } = await page.evaluate(() => ({ ms: globalThis.safari.controller.advice.ms, move: globalThis.safari.controller.advice.hint.move }));
    hints.push(ms);
    await page.evaluate((m) => globalThis.safari.controller.play(m), move);
  }
  await page.close();
}
const reviews = [];
for (const seed of [11, 12, 13]) {
  const page = await openPage(browser.context, server.url, `seed=${seed}&seats=greedy,random&pace=0`);
  await page.waitForSelector("body[data-phase='game_over']", { timeout: 120_000 });
  await page.evaluate(() => globalThis.safari.controller.startReview());
  await page.waitForSelector("body[data-review='done']", { timeout: 600_000 });
  reviews.push(await page.evaluate(() => ({ ms: globalThis.safari.controller.review.ms, decisions: globalThis.safari.controller.review.list.length })));
  await page.close();
}
console.log(`hints (ms): ${hints.map((x) => x.toFixed(0)).join(" ")}; median ${median(hints).toFixed(0)}`);
console.log(`reviews: ${reviews.map((r) => `${r.decisions} decisions in ${(r.ms / 1000).toFixed(1)} s`).join("; ")}; median ${(median(reviews.map((r) => r.ms)) / 1000).toFixed(1)} s`);
await browser.close();
await server.close();
