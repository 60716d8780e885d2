// Shared pieces of the browser tests: a static server for web/www on a free
// loopback port, the game server's binary on a port and database of the
// test's choosing, Debian's Chromium driven by playwright-core, pages that
// collect every console error and page error, screenshots, and a seeded
// generator for the test player's choices.

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
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

/** Serves web/www (or the folder `root`) on 127.0.0.1 at a free port; resolves to {url, close}. */
export async function startServer(root = WWW) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, "http://localhost").pathname);
    const file = normalize(join(root, path.endsWith("/") ? path + "index.html" : path));
    if (!file.startsWith(root + sep) && file !== root) {
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

/** The game server's binary (built by `cargo build -p carcassonne-safari-server`); `$SAFARI_SERVER` overrides it. */
export const SERVER_BIN =
  process.env.SAFARI_SERVER ?? join(process.env.CARGO_TARGET_DIR ?? join(WEB, "..", "target"), "debug", "carcassonne-safari-server");

export const serverBuilt = () => existsSync(SERVER_BIN);

/**
 * Starts the game server's binary on `addr` (default a free loopback port)
 * with database `databaseUrl` (and more flags `args`), serving web/www; resolves to {url, addr,
 * kill(signal), stderr} once it prints where it listens.
 */
export async function startGameServer({ databaseUrl, addr = "127.0.0.1:0", args = [] }) {
  // No idle time (a seat never goes to a bot by itself) unless the test gives one.
  const idle = args.includes("--idle-secs") ? [] : ["--idle-secs", "0"];
  const child = spawn(SERVER_BIN, ["--addr", addr, "--database-url", databaseUrl, "--static-dir", WWW, ...idle, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, RUST_LOG: "warn" },
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const line = await new Promise((ok, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`the game server did not start in 60 s:\n${stderr}`)), 60_000);
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("\n")) {
        clearTimeout(timer);
        ok(out.split("\n")[0]);
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      fail(new Error(`the game server exited (${code}):\n${stderr}`));
    });
  });
  const url = `${line.trim().replace(/^listening on /, "")}/`;
  const exited = new Promise((ok) => child.once("exit", ok));
  return {
    url,
    addr: new URL(url).host,
    stderr: () => stderr,
    /** Stops it with `signal` (SIGKILL: as a crash) and waits until it is gone. */
    kill: async (signal = "SIGTERM") => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
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

/** The viewports the page is tested at: a phone (touch), a tablet and a desktop. */
export const VIEWPORTS = {
  phone: { viewport: { width: 412, height: 915 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 },
  tablet: { viewport: { width: 768, height: 1024 } },
  desktop: { viewport: { width: 1440, height: 900 } },
};

/**
 * Launches Chromium; resolves to {browser, context, newContext(kind), close}.
 * `context` is a desktop context; `newContext("phone")` makes a fresh one
 * (its own storage) for a viewport of VIEWPORTS.
 */
export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const newContext = (kind = "desktop") => browser.newContext({ ...VIEWPORTS[kind], acceptDownloads: true });
  const context = await newContext("desktop");
  return { browser, context, newContext, close: () => browser.close() };
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
  /** Console errors a test expects (the browser's own words for a refused WebSocket while a server is down). */
  page.expected = [];
  page.on("console", (msg) => {
    // The page asks /api/health whether the game server serves it; on static hosting that is a 404.
    const probe = msg.location()?.url?.endsWith("/api/health") && /status of 404/.test(msg.text());
    if (msg.type() === "error" && !probe && !page.expected.some((re) => re.test(msg.text()))) page.problems.push(`console error: ${msg.text()}`);
    if (msg.type() === "warning") page.warnings.push(msg.text());
  });
  page.on("pageerror", (err) => page.problems.push(`page error: ${err.message}`));
  page.on("crash", () => page.problems.push("the page crashed"));
  await page.goto(`${baseUrl}${query ? (query.startsWith("#") ? query : "?" + query) : ""}`);
  await page.waitForSelector("body[data-ready='true']", { timeout: 30_000 });
  page.touch = await page.evaluate(() => navigator.maxTouchPoints > 0);
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
      record: c.source.exportRecord(),
      tiles: document.querySelectorAll(".layer-ground .tile").length,
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
      document.body.dataset.phase === "game_over" ||
      (document.body.dataset.human === "true" && document.body.dataset.thinking !== "true" && document.body.dataset.mode === "play"),
    null,
    { timeout, polling: 20 },
  );
  return page.evaluate(() => document.body.dataset.phase);
}

/**
 * Presses the new-game dialog's start button and waits until the game it
 * sets up is shown (a new game replaces the source; playing on from a replay
 * keeps the source and leaves replay mode), then as `waitForHumanOrEnd`. The
 * dialog's close event reaches the page a task after the press, so until
 * then the old game is still shown, and may have a person to move.
 */
export async function startFromSetup(page, timeout = 60_000) {
  await page.evaluate(() => {
    const { controller } = globalThis.safari;
    globalThis.shownBeforeSetup = { source: controller.source, mode: controller.mode };
  });
  await press(page, "#setup-start");
  await page.waitForFunction(
    () => {
      const { controller } = globalThis.safari;
      const before = globalThis.shownBeforeSetup;
      return controller.source !== before.source || controller.mode !== before.mode;
    },
    null,
    { timeout, polling: 20 },
  );
  await page.evaluate(() => delete globalThis.shownBeforeSetup);
  return waitForHumanOrEnd(page, timeout);
}

export function readJson(path) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** Runs axe-core on the page; resolves to its serious and critical violations. */
export async function seriousViolations(page) {
  await page.addScriptTag({ path: join(WEB, "node_modules", "axe-core", "axe.min.js") });
  const result = await page.evaluate(() => globalThis.axe.run(document, { resultTypes: ["violations"] }));
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact}: ${v.id}: ${v.help} (${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * Clicks, or taps on a touch context. A target on the board that is out of
 * view is first brought into view as a player would: with ⤢ (show everything).
 */
export async function press(page, locator) {
  const target = typeof locator === "string" ? page.locator(locator).first() : locator;
  await reveal(page, target);
  if (page.touch) await target.tap({ timeout: 10_000 });
  else await target.click({ timeout: 10_000 });
}

const step = (page) => page.evaluate(() => globalThis.safari.controller.source.step);

/** Whether a board target can be pointed at: inside the board and not under its buttons. */
function reachable(target) {
  return target.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const board = document.getElementById("board").getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (x < board.left || y < board.top || x > board.right || y > board.bottom) return false;
    const hit = document.elementFromPoint(x, y);
    return Boolean(hit && (hit === node || node.contains(hit) || hit.closest?.("#board")));
  });
}

/** Drags the board by (dx, dy) pixels from (x, y): a mouse drag, or a finger on a touch screen. */
async function drag(page, x, y, dx, dy) {
  const steps = 8;
  if (page.touch) {
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
    await touch("touchStart", [{ x, y, id: 1 }]);
    for (let i = 1; i <= steps; i++) await touch("touchMove", [{ x: x + (dx * i) / steps, y: y + (dy * i) / steps, id: 1 }]);
    await touch("touchEnd", []);
    await cdp.detach();
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + dy, { steps });
    await page.mouse.up();
  }
}

/**
 * Brings a board target into reach as a player would: drags the board until
 * the target is in its middle (clear of the edges and the zoom buttons).
 */
export async function reveal(page, target) {
  const onBoard = await target.evaluate((node) => Boolean(node.closest?.("#board")));
  if (!onBoard) return;
  await page.locator("#board").scrollIntoViewIfNeeded();
  for (let i = 0; i < 3 && !(await reachable(target)); i++) {
    const [box, board] = [await target.boundingBox(), await page.locator("#board").boundingBox()];
    const [cx, cy] = [board.x + board.width / 2, board.y + board.height / 2];
    const [dx, dy] = [cx - (box.x + box.width / 2), cy - (box.y + box.height / 2)];
    // A "drag" of a few pixels is a tap to the board (it would choose what is under the finger): none.
    if (Math.hypot(dx, dy) < 10) break;
    // Start the drag on the board's middle, away from any button.
    await drag(page, cx, cy, dx, dy);
  }
  if (!(await reachable(target))) throw new Error("a board target stays out of reach");
}

/**
 * Makes the current person's decision by clicking (tapping on a touch
 * screen), choosing with the seeded `r`; returns the kind of move made.
 * Exercises the rotate buttons and keys, meeples, rangers, watering holes,
 * boosts, returns and pass. `hooks.beforeHoles(page)` runs when the
 * watering holes are shown, before one is chosen.
 */
export async function humanTurn(page, r, stats, hooks = {}) {
  const phase = await page.evaluate(() => document.body.dataset.phase);
  const before = await step(page);
  let kind;
  if (phase === "place") {
    const turns = r.below(4);
    for (let i = 0; i < turns; i++) {
      const how = page.touch ? 2 : r.below(3);
      if (how === 0) await page.keyboard.press("r");
      else if (how === 1) await page.keyboard.press("Shift+R");
      else await press(page, r.next() < 0.5 ? "#rot-right" : "#rot-left");
      stats.rotations++;
    }
    for (let i = 0; i < 4 && (await page.locator(".place-target").count()) === 0; i++) {
      await press(page, "#rot-right");
      stats.rotations++;
    }
    const n = await page.locator(".place-target").count();
    if (n === 0) throw new Error("no cell fits in any rotation");
    const target = page.locator(".place-target").nth(r.below(n));
    await reveal(page, target);
    if (!page.touch) await target.hover();
    stats.viewBoxBeforePlace = await page.getAttribute("#board", "viewBox");
    await press(page, target);
    kind = "place";
  } else if (phase === "action") {
    const meeples = await page.locator(".meeple-target").count();
    const rangers = await page.locator(".ranger-target").count();
    const holes = await page.locator("#btn-holes").count();
    const roll = r.next();
    if (meeples && roll < 0.45) {
      await press(page, page.locator(".meeple-target").nth(r.below(meeples)));
      kind = "meeple";
    } else if (holes && roll < 0.6) {
      await press(page, "#btn-holes");
      await hooks.beforeHoles?.(page);
      const spots = await page.locator(".hole-target").count();
      await press(page, page.locator(".hole-target").nth(r.below(spots)));
      const tokens = await page.locator("#token-chooser .token-button").count();
      await press(page, page.locator("#token-chooser .token-button").nth(r.below(tokens)));
      kind = "hole";
    } else if (rangers && roll < 0.72) {
      await press(page, page.locator(".ranger-target").nth(r.below(rangers)));
      const cells = await page.locator(".ranger-to").count();
      await press(page, page.locator(".ranger-to").nth(r.below(cells)));
      kind = "ranger";
    } else {
      await press(page, "#btn-pass");
      kind = "pass";
    }
  } else if (phase === "boost") {
    const boosts = await page.locator("#turn-body .token-button").count();
    if (boosts && r.next() < 0.6) {
      await press(page, page.locator("#turn-body .token-button").nth(r.below(boosts)));
      kind = "boost";
    } else {
      await press(page, "#btn-noboost");
      kind = "noboost";
    }
  } else if (phase === "return") {
    const cells = await page.locator(".return-target").count();
    await press(page, page.locator(".return-target").nth(r.below(cells)));
    kind = "return";
  } else {
    throw new Error(`unexpected phase ${phase}`);
  }
  // With move confirmation (on by default on touch screens) a board tap proposes the move: confirm it.
  if ((await step(page)) <= before && (await page.locator("#btn-confirm").count())) {
    stats.confirmed = (stats.confirmed ?? 0) + 1;
    await press(page, "#btn-confirm");
  }
  // Online, a move counts once the server's update has come back.
  if (hooks.online) await page.waitForFunction((b) => globalThis.safari.controller.source.step > b, before, { timeout: 30_000, polling: 20 });
  if ((await step(page)) <= before) throw new Error(`the ${kind} ${page.touch ? "tap" : "click"} made no move`);
  stats[kind] = (stats[kind] ?? 0) + 1;
  return kind;
}
