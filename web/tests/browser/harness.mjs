// Shared pieces of the browser tests: a static server for web/www on a free
// loopback port, Debian's Chromium driven by playwright-core, pages that
// collect every console error and page error, screenshots, and a seeded
// generator for the test player's choices.

import { createServer } from "node:http";
import { mkdtempSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const WEB = resolve(here, "..", "..");
export const WWW = join(WEB, "www");
export const SCREENSHOTS = join(WEB, "test-output", "screenshots");
export const OUTPUT = join(WEB, "test-output");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ts": "text/plain; charset=utf-8",
};

/** Serves web/www on 127.0.0.1 at a free port; resolves to {url, close}. */
export async function startServer() {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    const file = normalize(join(WWW, path.endsWith("/") ? path + "index.html" : path));
    if (!file.startsWith(WWW + sep) && file !== WWW) {
      res.writeHead(403).end();
      return;
    }
    try {
      if (!statSync(file).isFile()) throw new Error("not a file");
      res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(ok)) };
}

export const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Launches Chromium with a fresh profile; resolves to {context, close}. */
export async function launchBrowser() {
  const profile = mkdtempSync(join(tmpdir(), "safari-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1440, height: 900 },
    acceptDownloads: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens the page with `query` (e.g. "seed=3&seats=human,greedy&pace=0") and
 * waits until it has started. `page.problems` collects console errors and page
 * errors (and console warnings, kept apart).
 */
export async function openPage(context, baseUrl, query = "") {
  const page = await context.newPage();
  page.problems = [];
  page.warnings = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") page.problems.push(`console error: ${msg.text()}`);
    if (msg.type() === "warning") page.warnings.push(msg.text());
  });
  page.on("pageerror", (err) => page.problems.push(`page error: ${err.message}`));
  page.on("crash", () => page.problems.push("the page crashed"));
  await page.goto(`${baseUrl}${query ? "?" + query : ""}`);
  await page.waitForSelector("body[data-ready='true']", { timeout: 30_000 });
  return page;
}

/** Fails with every console error and page error the page has had. */
export function assertNoProblems(page, assert) {
  assert.deepEqual(page.problems, [], `the page reported errors:\n${page.problems.join("\n")}`);
  const panic = page.__panicShown;
  assert.ok(!panic, "a panic was shown");
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** A small seeded generator (mulberry32) for the test player's choices. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    below: (n) => Math.floor(next() * n),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** The page's game state as the tests read it. */
export function snapshot(page) {
  return page.evaluate(() => {
    const c = globalThis.safari.controller;
    return {
      step: Number(document.body.dataset.step),
      mode: c.mode,
      record: c.game.exportRecord(),
      tiles: document.querySelectorAll(".layer-tiles .tile").length,
      phase: document.body.dataset.phase,
      scores: [...document.querySelectorAll("#scores td.score")].map((td) => Number(td.textContent)),
      log: document.querySelectorAll("#log li").length,
    };
  });
}

/** Waits until a person decides (no bot thinking) or the game is over. */
export async function waitForHumanOrEnd(page, timeout = 60_000) {
  await page.waitForFunction(
    () =>
      document.body.dataset.phase === "over" ||
      (document.body.dataset.human === "true" && document.body.dataset.thinking !== "true" && document.body.dataset.mode === "play"),
    null,
    { timeout, polling: 20 },
  );
  return page.evaluate(() => document.body.dataset.phase);
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}
