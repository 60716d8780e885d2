// How long a bot takes per decision in the page's worker (Chromium, this
// machine): the Master bot (`mcts-deep`) against itself in seeded games, the
// first decisions of each. Given several builds of the page (folders like
// web/www), it interleaves them game by game, so that their figures share
// the machine's load (in turn first and last); prints every figure, the
// medians and their ratios, and how many searches went on from a kept tree.
// Run: `node web/tests/browser/bot-timing.mjs [www-folder ...]`
//   (after `bash web/build.sh`; default folder web/www). Options (environment):
//   BOT=mcts-deep, GAMES=3, DECISIONS=30.

import { resolve } from "node:path";
import { WWW, launchBrowser, openPage, startServer } from "./harness.mjs";

const bot = process.env.BOT ?? "mcts-deep";
const games = Number(process.env.GAMES ?? 3);
const decisions = Number(process.env.DECISIONS ?? 30);
const roots = process.argv.length > 2 ? process.argv.slice(2).map((p) => resolve(p)) : [WWW];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const servers = await Promise.all(roots.map((root) => startServer(root)));
const browser = await launchBrowser();
/** Per build: every decision's compute time (ms) and iterations, and per game its median. */
const results = roots.map(() => ({ ms: [], iterations: [], gameMedians: [], reused: 0 }));
for (let g = 0; g < games; g++) {
  const seed = 100 + g;
  const order = roots.map((_, b) => b);
  if (g % 2 === 1) order.reverse();
  for (const b of order) {
    const page = await openPage(browser.context, servers[b].url, `seed=${seed}&seats=${bot},${bot}&pace=0`);
    await page.waitForFunction(
      (n) => globalThis.safari.controller.source.timings.length >= n || document.body.dataset.phase === "game_over",
      decisions,
      { timeout: 900_000, polling: 200 },
    );
    const timings = (await page.evaluate(() => globalThis.safari.controller.source.timings)).slice(0, decisions);
    // Decisions with a single legal move are answered without a search (a
    // bot that never searches, such as the Learned bot: every decision).
    const searches = timings.filter((t) => t.iterations > 0);
    const searched = searches.length > 0 ? searches : timings;
    results[b].ms.push(...searched.map((t) => t.compute));
    results[b].iterations.push(...searched.map((t) => t.iterations));
    results[b].gameMedians.push(median(searched.map((t) => t.compute)));
    results[b].reused += searched.filter((t) => t.reused > 0).length;
    console.log(`${roots[b]} seed ${seed}: ${searched.map((t) => t.compute.toFixed(1)).join(" ")} ms`);
    await page.close();
  }
}
for (let b = 0; b < roots.length; b++) {
  const r = results[b];
  console.log(
    `${roots[b]}: ${bot}, ${r.ms.length} decisions: median ${median(r.ms).toFixed(1)} ms` +
      ` (games' medians ${r.gameMedians.map((m) => m.toFixed(1)).join(", ")}), median iterations ${median(r.iterations)},` +
      ` ${r.reused} from a kept tree`,
  );
}
if (roots.length > 1) {
  for (let b = 1; b < roots.length; b++) {
    console.log(`ratio of medians ${roots[b]} / ${roots[0]}: ${(median(results[b].ms) / median(results[0].ms)).toFixed(2)}`);
  }
}
await browser.close();
await Promise.all(servers.map((s) => s.close()));
