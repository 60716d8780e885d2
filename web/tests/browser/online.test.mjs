// The online mode against the real game server (its binary, a free loopback
// port, a SQLite file in a temporary folder): a game created in one browser
// context, its invite links opened in others (two people and a spectator,
// each with its own storage), played to the end by clicking and through the
// controller; a reload resumes the seat; the server killed with SIGKILL and
// started again on the same port and database, the pages reconnect by
// themselves; stale, illegal and spectators' moves refused with a message;
// who is connected shown per seat; at the end a rematch agreed by both
// people, which every page follows to the new game; a take-back asked for
// and accepted.
// Chance is drawn by the server, so the tiles differ from run to run; the
// test's own choices are seeded, and every wait waits for a condition.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";

import { assertNoProblems, humanTurn, launchBrowser, openPage, rng, screenshot, seriousViolations, serverBuilt, SERVER_BIN, startGameServer, startServer } from "./harness.mjs";

const skip = serverBuilt() ? false : `the game server is not built (${SERVER_BIN}): cargo build -p carcassonne-safari-server`;
/** The browser's own console words for a WebSocket refused while the server is down. */
const REFUSED_SOCKET = /WebSocket connection to .* failed/;

let browser;
let dir;

before(async () => {
  if (skip) return;
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), "safari-online-"));
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const body = (page, key) => page.evaluate((k) => document.body.dataset[k], key);
const source = (page, expr) => page.evaluate(`(() => { const s = globalThis.safari.controller.source; return ${expr}; })()`);
const until = (page, fn, arg, timeout = 30_000) => page.waitForFunction(fn, arg, { timeout, polling: 25 });
const connected = (page) => until(page, () => document.body.dataset.connection === "open" && globalThis.safari.controller.source.ready, null, 60_000);

/** Chooses a legal move of the view (the server's `view.legal`) with `r`, in the engine's notation. */
function chooseMove(view, r) {
  const legal = view.legal;
  switch (view.phase.type) {
    case "place": {
      const p = r.pick(legal.placements);
      return `place ${p.pos.x},${p.pos.y} ${r.pick(p.rotations)}`;
    }
    case "action":
      if (legal.meeples.length && r.next() < 0.3) return `meeple ${r.pick(legal.meeples).target}`;
      if (legal.holes.length && r.next() < 0.2) {
        const hole = r.pick(legal.holes);
        return `${hole.kind} ${hole.pos.x},${hole.pos.y} ${hole.corner} ${r.pick([...hole.animals])}`;
      }
      return "pass";
    case "boost":
      return legal.boosts.length && r.next() < 0.5 ? `boost ${r.pick(legal.boosts).animal}` : "noboost";
    case "return": {
      const c = r.pick(legal.returns);
      return `return ${c.x},${c.y}`;
    }
    default:
      throw new Error(`no move in phase ${view.phase.type}`);
  }
}

/** Plays one decision of the seat of `page` through its controller (as a click would) and waits for the server's update. */
async function hookTurn(page, r) {
  const view = await source(page, "s.view()");
  const before = await source(page, "s.step");
  const move = chooseMove(view, r);
  await page.evaluate((m) => globalThis.safari.controller.play(m), move);
  await until(page, (b) => globalThis.safari.controller.source.step > b, before);
  return move;
}

/** Waits until `page` decides (its seat is to move and connected) or the game is over; resolves to the phase. */
async function waitTurnOrEnd(page) {
  await until(page, () => document.body.dataset.phase === "game_over" || (document.body.dataset.human === "true" && globalThis.safari.controller.source.humanToMove), null, 60_000);
  return body(page, "phase");
}

describe("the online mode", { skip }, () => {
  test("with no game server (static hosting) the Online entry is hidden and a game link explains why", async () => {
    const stat = await startServer();
    try {
      const context = await browser.newContext("desktop");
      const page = await openPage(context, stat.url, "#game=AAAAAAAAAAAAAAAAAAAAAA&seat=0&token=x");
      await until(page, () => document.body.dataset.server === "false");
      assert.equal(await page.locator("#btn-online").isHidden(), true, "no Online entry without the server");
      assert.match(await page.locator("#message-text").textContent(), /does not come from the game server/);
      assert.equal(await body(page, "online"), "", "a game at this browser instead");
      assert.equal(await page.evaluate(() => location.hash), "", "the link is left out of the address");
      assertNoProblems(page, assert);
      await context.close();
    } finally {
      await stat.close();
    }
  });

  test("with an idle time, the person to move sees how long before a bot plays their seat (issue 25, problem 4)", async () => {
    const server = await startGameServer({ databaseUrl: `sqlite:${join(dir, "idle.db")}`, args: ["--idle-secs", "600"] });
    const context = await browser.newContext("phone");
    try {
      const host = await openPage(context, server.url);
      await until(host, () => document.body.dataset.server === "true");
      await host.locator("#btn-online").click();
      await host.selectOption("#online-players", "2");
      await host.selectOption("#online-seat-1", "greedy");
      await host.locator("#online-create").click();
      await host.waitForSelector("#invites[open]");
      await host.locator("#invites-close").click();
      await connected(host);
      await waitTurnOrEnd(host);
      await until(host, () => /^Move within (10|9) minutes, or a bot plays your seat\.$/.test(document.getElementById("idle-warning")?.textContent ?? ""));
      await host.locator("#idle-warning").scrollIntoViewIfNeeded();
      await screenshot(host, "online-10-idle-warning-412x915");
      assertNoProblems(host, assert);
    } finally {
      await context.close();
      await server.kill("SIGTERM");
    }
  });

  test("who is connected: each person's seat says online or offline in the score panel, as the server tells (issue 25)", async () => {
    const server = await startGameServer({ databaseUrl: `sqlite:${join(dir, "presence.db")}` });
    const contexts = [await browser.newContext("desktop"), await browser.newContext("phone")];
    const presenceOf = (page, seat) => page.evaluate((s) => document.querySelector(`#scores tr[data-seat='${s}'] .presence`)?.textContent ?? null, seat);
    const presenceIs = (page, seat, word) => until(page, ([s, w]) => (document.querySelector(`#scores tr[data-seat='${s}'] .presence`)?.textContent ?? null) === w, [seat, word]);
    try {
      const host = await openPage(contexts[0], server.url);
      await until(host, () => document.body.dataset.server === "true");
      await host.locator("#btn-online").click();
      await host.selectOption("#online-players", "3");
      await host.fill("#online-seat-name-0", "Ann");
      await host.fill("#online-seat-name-1", "Ben");
      await host.selectOption("#online-seat-1", "human");
      await host.selectOption("#online-seat-2", "greedy");
      await host.locator("#online-create").click();
      await host.waitForSelector("#invites[open]");
      const links = await host.locator("#invites-list input").evaluateAll((inputs) => inputs.map((i) => i.value));
      await host.locator("#invites-close").click();
      await connected(host);
      // Ann is connected; Ben has not come yet and a bot is never said to be.
      await presenceIs(host, 0, "online");
      assert.match(await host.locator("#scores tr[data-seat='1'] .seat-label").textContent(), /not joined yet/);
      assert.equal(await presenceOf(host, 1), null, "a seat nobody took: no presence");
      assert.equal(await presenceOf(host, 2), null, "a bot's seat: no presence");

      // Ben opens his link on a phone: both pages show both people online.
      const guest = await openPage(contexts[1], links[1]);
      await connected(guest);
      for (const page of [host, guest]) {
        await presenceIs(page, 0, "online");
        await presenceIs(page, 1, "online");
      }
      assert.equal(await presenceOf(guest, 2), null);
      await guest.locator("#scores").scrollIntoViewIfNeeded();
      await screenshot(guest, "online-12-presence-412x915");
      assert.deepEqual(await seriousViolations(host), [], "axe-core: the score panel with presence");

      // Ben closes his page: Ann's page says he is offline (the server's presence message).
      await guest.close();
      await presenceIs(host, 1, "offline");
      await presenceIs(host, 0, "online");
      await screenshot(host, "online-12-presence-offline-1440x900");
      assert.deepEqual(await seriousViolations(host), [], "axe-core: an offline seat");
      assertNoProblems(host, assert);
    } finally {
      for (const c of contexts) await c.close();
      await server.kill("SIGTERM");
    }
  });

  test("a take-back: Ann asks to take back her placement, Ben accepts, every page shows the position before it (online-13)", async () => {
    const server = await startGameServer({ databaseUrl: `sqlite:${join(dir, "takeback.db")}` });
    const contexts = [await browser.newContext("desktop"), await browser.newContext("phone"), await browser.newContext("tablet")];
    try {
      const a = await openPage(contexts[0], server.url);
      await until(a, () => document.body.dataset.server === "true");
      await a.locator("#btn-online").click();
      await a.fill("#online-seat-name-0", "Ann");
      await a.fill("#online-seat-name-1", "Ben");
      await a.locator("#online-create").click();
      await a.waitForSelector("#invites[open]");
      const links = await a.locator("#invites-list input").evaluateAll((inputs) => inputs.map((i) => i.value));
      await a.locator("#invites-close").click();
      const b = await openPage(contexts[1], links[1]);
      const e = await openPage(contexts[2], links[2]);
      await Promise.all([a, b, e].map(connected));
      assert.equal(await waitTurnOrEnd(a), "place", "Ann places the first tile");
      // Nothing of Ann's to take back yet: the last moves are the draws.
      assert.equal(await a.locator("#btn-undo").textContent(), "Take back");
      assert.equal(await a.locator("#btn-undo").isDisabled(), true, "no move of hers yet");
      const before = await source(a, "s.step");
      const moves = await source(a, "s.moves()");
      const seq = await source(a, "s.seq");
      // Ann places a tile (the first placement listed, turned as listed first).
      const placement = await source(a, "(() => { const p = s.current.legal.placements[0]; return `place ${p.pos.x},${p.pos.y} ${p.rotations[0]}`; })()");
      await a.evaluate((m) => globalThis.safari.controller.play(m), placement);
      await Promise.all([a, b, e].map((p) => until(p, (n) => globalThis.safari.controller.source.step === n, before + 1)));
      assert.equal(await b.locator("#btn-undo").isDisabled(), true, "Ben has no move to take back");
      assert.equal(await e.locator("#btn-undo").isDisabled(), true, "nor has the spectator");
      await until(a, () => !document.getElementById("btn-undo").disabled);

      // Ann asks; Ben's page asks him, the spectator's says so.
      await a.locator("#btn-undo").click();
      await until(b, () => Boolean(document.getElementById("takeback-accept")));
      assert.match(await b.locator("#takeback-box").textContent(), /^Ann asks to take back their move: /);
      await until(a, () => /You asked to take back your move: waiting for Ben to answer\./.test(document.getElementById("takeback-note")?.textContent ?? ""));
      await until(e, () => /Ann asks to take back their move: waiting for Ben/.test(document.getElementById("takeback-note")?.textContent ?? ""));
      assert.equal(await a.locator("#btn-undo").isDisabled(), true, "asked once: the button waits for the answer");
      assert.equal(await e.locator("#takeback-accept").count(), 0, "a spectator has no say");
      await b.locator("#takeback-box").scrollIntoViewIfNeeded();
      await screenshot(b, "online-13-takeback-asked-412x915");
      await screenshot(a, "online-13-takeback-waiting-1440x900");
      await screenshot(e, "online-13-takeback-spectator-768x1024");
      assert.deepEqual(await seriousViolations(b), [], "axe-core: the take-back prompt");
      assert.deepEqual(await seriousViolations(a), [], "axe-core: waiting for the answer");

      // Ben accepts: every page is back at the position before the placement, the same tile in Ann's hand.
      await b.locator("#takeback-accept").click();
      await Promise.all([a, b, e].map((p) => until(p, ([n, q]) => {
        const s = globalThis.safari.controller.source;
        return s.step === n && s.seq === q;
      }, [before, seq + 2])));
      for (const p of [a, b, e]) assert.deepEqual(await source(p, "s.moves()"), moves, "the record as it was before the placement");
      await until(a, () => globalThis.safari.controller.source.humanToMove && document.body.dataset.phase === "place");
      assert.match(await a.locator("#takeback-note").textContent(), /^Your move was taken back: decide again\.$/);
      await until(b, () => /^Ann's move was taken back\.$/.test(document.getElementById("takeback-note")?.textContent ?? ""));
      await until(e, () => /^Ann's move was taken back\.$/.test(document.getElementById("takeback-note")?.textContent ?? ""));
      const record = await (await fetch(`${server.url}api/games/${await source(a, "s.gameId")}/record`)).json();
      assert.deepEqual(record.moves, moves, "the stored record lost the placement too");
      const legalAgain = await a.evaluate((m) => globalThis.safari.controller.source.current.legal.placements.some((p) => p.rotations.some((r) => `place ${p.pos.x},${p.pos.y} ${r}` === m)), placement);
      assert.ok(legalAgain, "the same placement is legal again: the same tile is in hand");
      await screenshot(a, "online-13-takeback-accepted-1440x900");
      await screenshot(b, "online-13-takeback-accepted-412x915");
      assert.deepEqual(await seriousViolations(a), [], "axe-core: the outcome");
      // The game goes on: Ann places again, and the note goes with the move.
      await a.evaluate((m) => globalThis.safari.controller.play(m), placement);
      await Promise.all([a, b, e].map((p) => until(p, (n) => globalThis.safari.controller.source.step === n, before + 1)));
      assert.equal(await a.locator("#takeback-note").count(), 0);
      for (const p of [a, b, e]) assertNoProblems(p, assert);
    } finally {
      for (const c of contexts) await c.close();
      await server.kill("SIGTERM");
    }
  });

  test("a listed game with a bot: its free seat is taken from the open games, then handed to a bot by the host; heartbeats", async () => {
    // Heartbeats every second, so that the page's pings are answered within the test.
    const server = await startGameServer({ databaseUrl: `sqlite:${join(dir, "lobby.db")}`, args: ["--heartbeat-secs", "1"] });
    const contexts = [await browser.newContext("desktop"), await browser.newContext("desktop"), await browser.newContext("phone")];
    try {
      const host = await openPage(contexts[0], server.url);
      await until(host, () => document.body.dataset.server === "true");
      await host.locator("#btn-online").click();
      await host.selectOption("#online-players", "3");
      await host.fill("#online-seat-name-0", "Cleo");
      await host.selectOption("#online-seat-1", "human");
      await host.selectOption("#online-seat-2", "greedy");
      await host.check("#online-listed");
      await host.locator("#online-create").click();
      await host.waitForSelector("#invites[open]");
      const links = await host.locator("#invites-list input").evaluateAll((inputs) => inputs.map((i) => i.value));
      assert.equal(links.length, 3, "two people's seats and the spectator link: none for the bot");
      assert.deepEqual(await seriousViolations(host), [], "axe-core: the invite links");
      await host.locator("#invites-close").click();
      await connected(host);
      assert.match(await host.locator("#scores tr[data-seat='2'] .seat-label").textContent(), /bot/);

      const guest = await openPage(contexts[1], server.url);
      await until(guest, () => document.body.dataset.server === "true");
      await guest.locator("#btn-online").click();
      await guest.fill("#online-join-name", "Dan");
      await guest.waitForSelector("#online-games .take-seat");
      assert.match(await guest.locator("#online-games li").first().textContent(), /3 players · Cleo, free seat, Greedy bot · 1 free/);
      await screenshot(guest, "online-1b-open-games");
      assert.deepEqual(await seriousViolations(guest), [], "axe-core: the Online dialog");
      await guest.locator("#online-games .take-seat").first().click();
      await connected(guest);
      assert.equal(await source(guest, "s.seat"), 1);
      assert.equal(await guest.evaluate(() => document.querySelector("#scores tr[data-seat='1'] .player-name").textContent), "Dan");
      await until(host, () => document.querySelector("#scores tr[data-seat='1'] .player-name")?.textContent === "Dan");
      // The list no longer offers the game: its people's seats are all taken.
      await guest.locator("#btn-online").click();
      await until(guest, () => /No open game/.test(document.getElementById("online-games").textContent));
      await guest.locator("#online-close").click();
      // The page pings every heartbeat_secs and hears the answers.
      await until(guest, () => globalThis.safari.controller.source.pongs >= 2, null, 30_000);

      // The host hands Dan's seat to a bot: both pages say so, and Dan has no moves any more.
      await host.locator("#btn-invites").click();
      await host.waitForSelector("#invites[open]");
      assert.equal(await host.locator(".hand-to-bot").count(), 1, "a button for the other person's seat, none for the host's own");
      await host.locator(".hand-to-bot[data-seat='1']").click();
      await until(host, () => /bot plays this seat now/.test(document.getElementById("invites-list").textContent));
      await screenshot(host, "online-2b-handed-to-bot");
      await host.locator("#invites-close").click();
      for (const p of [host, guest]) await until(p, () => /handed to a bot/.test(document.querySelector("#scores tr[data-seat='1'] .seat-label")?.textContent ?? ""));
      assert.equal(await source(guest, "s.humanToMove"), false);

      // The seat's first invite link stopped working when Dan took the seat from the list: it watches, and says why.
      const late = await openPage(contexts[2], links[1]);
      await until(late, () => document.body.dataset.online === "spectator" && /does not open a seat/.test(document.getElementById("message-text").textContent));
      assert.match(await late.locator("#online-info").textContent(), /Watching/);
      // A game the server does not know: said once, no endless reconnecting.
      late.expected.push(/WebSocket connection to .* failed/, /status of 404/);
      await late.goto(`${server.url}#game=AAAAAAAAAAAAAAAAAAAAAA`);
      await late.waitForSelector("body[data-ready='true']");
      await until(late, () => document.body.dataset.online === "missing" && /no such game/.test(document.getElementById("message-text").textContent));
      assert.equal(await late.locator("#connection").isHidden(), true);
      await screenshot(late, "online-8-no-such-game-412x915");
      for (const p of [host, guest, late]) assertNoProblems(p, assert);
    } finally {
      for (const c of contexts) await c.close();
      await server.kill("SIGTERM");
    }
  });

  test("two people and a spectator play a complete game; a reload, a server crash and refused moves on the way", async () => {
    const databaseUrl = `sqlite:${join(dir, "online.db")}`;
    let server = await startGameServer({ databaseUrl });
    const contexts = [];
    try {
      const ann = await browser.newContext("desktop");
      const ben = await browser.newContext("phone");
      const eve = await browser.newContext("desktop");
      contexts.push(ann, ben, eve);

      // Ann creates the game from the lobby.
      const a = await openPage(ann, server.url);
      await until(a, () => document.body.dataset.server === "true");
      await a.locator("#btn-online").click();
      await a.waitForSelector("#online[open]");
      await a.fill("#online-seat-name-0", "Ann");
      await a.fill("#online-seat-name-1", "Ben");
      await until(a, () => document.querySelector("#online-games li")?.textContent.includes("No open game"));
      await screenshot(a, "online-1-lobby");
      await a.locator("#online-create").click();
      await a.waitForSelector("#invites[open]");
      const links = await a.locator("#invites-list input").evaluateAll((inputs) => inputs.map((i) => i.value));
      assert.equal(links.length, 3, "two seats' invite links and the spectator link");
      assert.match(links[0], /#game=[\w-]{22}&seat=0&token=[\w-]{43}$/);
      assert.match(links[1], /#game=[\w-]{22}&seat=1&token=[\w-]{43}$/);
      assert.match(links[2], /#game=[\w-]{22}$/);
      assert.equal(await a.locator("#invites-list button.copy").count(), 3, "a copy button per link");
      await screenshot(a, "online-2-invite-links");
      await a.locator("#invites-close").click();
      await connected(a);
      const game = await source(a, "s.gameId");
      assert.equal(await a.evaluate(() => location.hash), `#game=${game}`, "no token in the address bar");
      assert.equal(await body(a, "online"), "player");

      assert.match(await a.locator("#scores tr[data-seat='1'] .seat-label").textContent(), /not joined yet/);
      assert.match(await a.locator("#scores tr[data-seat='0'] .seat-label").textContent(), /you/);

      // Ben opens his invite link on a phone; Eve watches from the spectator link.
      const b = await openPage(ben, links[1]);
      const e = await openPage(eve, links[2]);
      await Promise.all([connected(b), connected(e)]);
      // The seat is taken: every page hears of it.
      await until(a, () => !/not joined/.test(document.querySelector("#scores tr[data-seat='1']").textContent));
      assert.deepEqual([await source(a, "s.seat"), await source(b, "s.seat"), await source(e, "s.seat")], [0, 1, null]);
      assert.equal(await body(e, "online"), "spectator");
      assert.match(await e.locator("#online-info").textContent(), /Watching/);
      const names = await e.locator("#scores .player-name").allTextContents();
      assert.deepEqual(names, ["Ann", "Ben"]);

      // Your games (issue 25): the Online dialog lists the games this browser holds a seat in, with whose turn it is.
      await b.locator("#btn-online").click();
      await until(b, () => Boolean(document.querySelector("#online-yours li[data-turn]")));
      assert.match(await b.locator("#online-yours li").first().textContent(), /you are Ben, with Ann/);
      await screenshot(b, "online-9-your-games-412x915");
      await b.locator("#online-close").click();

      const players = [a, b];
      const r = rng(2024);
      const stats = {};
      let decisions = 0;
      let reloaded = false;
      let crashed = false;
      let refused = false;
      for (;;) {
        // Both players have the latest position before the next decision is looked up.
        const latest = Math.max(await source(a, "s.step"), await source(b, "s.step"));
        await Promise.all(players.map((p) => until(p, (n) => globalThis.safari.controller.source.step >= n, latest)));
        const to = await source(a, "s.current.to_move");
        if (typeof to !== "number") {
          if ((await body(a, "phase")) === "game_over") break;
          await until(a, () => document.body.dataset.phase === "game_over" || typeof globalThis.safari.controller.source.current.to_move === "number");
          continue;
        }
        const page = players[to];
        const phase = await waitTurnOrEnd(page);
        if (phase === "game_over") break;
        // The other player and the spectator cannot move now.
        assert.equal(await source(players[1 - to], "s.humanToMove"), false);
        assert.equal(await e.locator(".place-target, .meeple-target, #btn-pass").count(), 0, "the spectator has nothing to click");

        if (!refused && decisions >= 6 && to === 0 && phase === "place") {
          refused = true;
          await refusals(a, b, e);
        }
        if (decisions < 16) await humanTurn(page, r, stats, { online: true });
        else await hookTurn(page, r);
        decisions++;

        if (decisions === 12) {
          await Promise.all(players.map((p) => waitSameStep(p, e)));
          await screenshot(a, "online-3-mid-game-1440x900");
          await screenshot(b, "online-3-mid-game-412x915");
          await screenshot(e, "online-4-spectator");
          assert.deepEqual(await seriousViolations(e), [], "axe-core: the spectator's page");
          assert.deepEqual(await seriousViolations(b), [], "axe-core: a player's page on a phone");
        }
        if (decisions === 8) {
          // The spectator misses an update: the next one does not follow on, and the page asks for the whole game.
          await e.evaluate(() => {
            const s = globalThis.safari.controller.source;
            const receive = s.receive.bind(s);
            s.syncs = 0;
            const send = s.send.bind(s);
            s.send = (m) => (m.type === "sync" && s.syncs++, send(m));
            let dropped = false;
            s.receive = (m) => (m.type === "update" && !dropped ? (dropped = true) : receive(m));
          });
        }
        if (decisions === 10) {
          await waitSameStep(e, players[to]);
          assert.ok((await source(e, "s.syncs")) >= 1, "the spectator's page asked for the game after a missed update");
        }
        if (decisions === 20 && !reloaded) {
          // A reload resumes the seat from the token kept in this browser.
          reloaded = true;
          const step = await source(b, "s.step");
          await b.reload();
          await b.waitForSelector("body[data-ready='true']");
          await connected(b);
          assert.equal(await source(b, "s.seat"), 1, "the reload resumed Ben's seat");
          assert.ok((await source(b, "s.step")) >= step);
        }
        if (decisions === 30 && !crashed) {
          crashed = true;
          await crash(server, [a, b, e], databaseUrl).then((s) => (server = s));
        }
      }
      assert.ok(reloaded && crashed && refused, "the reload, the crash and the refusals happened");

      // Everyone sees the end and the same final scores, the engine's replay of the server's record.
      await Promise.all([a, b, e].map((p) => until(p, () => document.body.dataset.phase === "game_over", null, 60_000)));
      const scores = await Promise.all([a, b, e].map((p) => p.locator("#scores td.score").allTextContents()));
      assert.deepEqual(scores[1], scores[0]);
      assert.deepEqual(scores[2], scores[0], "the spectator sees the same final scores");
      const record = await (await fetch(`${server.url}api/games/${game}/record`)).text();
      const replayed = await e.evaluate((rec) => Array.from(globalThis.safari.wasm.recordScores(rec)), record);
      assert.deepEqual(scores[0].map(Number), replayed, "the scores shown are the replay of the stored record");
      await e.waitForSelector("#summary[open]");
      await screenshot(e, "online-6-final-score-spectator");
      await b.waitForSelector("#summary[open]");
      await screenshot(b, "online-6-final-score-412x915");
      assert.equal(await source(e, "s.humanToMove"), false);
      // A rematch (issue 25): Ben asks from his phone, Ann's page asks her, she agrees; the server deals the new
      // game and every page (the spectator's too) goes to it: the same seats, a new deal.
      const note = (p) => p.evaluate(() => document.getElementById("summary-rematch").textContent);
      await b.locator("#summary-again").click();
      await until(b, () => /You asked for a rematch: waiting for Ann to agree/.test(document.getElementById("summary-rematch").textContent));
      await until(a, () => /Ben asks for a rematch/.test(document.getElementById("summary-rematch").textContent));
      await until(e, () => /Ben asks for a rematch/.test(document.getElementById("summary-rematch").textContent));
      assert.equal(await b.locator("#summary-again").isHidden(), true, "nothing to press while waiting: " + (await note(b)));
      assert.equal(await e.locator("#summary-again").isHidden(), true, "a spectator has no say");
      await a.waitForSelector("#summary[open]");
      await screenshot(b, "online-11-rematch-asked-412x915");
      await screenshot(a, "online-11-rematch-offer-1440x900");
      assert.deepEqual(await seriousViolations(a), [], "axe-core: the rematch offer");
      await a.locator("#summary-again").click();
      const followed = (p) => until(p, (old) => {
        const s = globalThis.safari.controller.source;
        return s.gameId !== old && document.body.dataset.connection === "open" && s.ready;
      }, game, 60_000);
      await Promise.all([a, b, e].map(followed));
      const next = await source(a, "s.gameId");
      assert.notEqual(next, game);
      assert.deepEqual([await source(b, "s.gameId"), await source(e, "s.gameId")], [next, next]);
      assert.deepEqual([await source(a, "s.seat"), await source(b, "s.seat"), await source(e, "s.seat")], [0, 1, null], "each browser plays its seat again");
      assert.equal(await b.evaluate(() => location.hash), `#game=${next}`);
      assert.notEqual(await body(b, "phase"), "game_over");
      assert.deepEqual(await b.locator("#scores .player-name").allTextContents(), ["Ann", "Ben"]);
      await until(b, () => document.querySelector("#scores tr[data-seat='0'] .presence")?.textContent === "online");
      await b.locator("#scores").scrollIntoViewIfNeeded();
      await screenshot(b, "online-11-rematch-new-game-412x915");
      for (const p of [a, b, e]) assertNoProblems(p, assert);
    } catch (error) {
      // What each page showed, for the report.
      const states = [];
      for (const [i, c] of contexts.entries()) {
        for (const p of c.pages()) {
          await screenshot(p, `online-failure-${i}`).catch(() => {});
          states.push(await p.evaluate(() => ({ ...document.body.dataset, step: globalThis.safari?.controller?.source?.step, moves: globalThis.safari?.controller?.source?.moves?.(), ui: globalThis.safari?.controller?.ui })).catch((e) => String(e)));
        }
      }
      throw new Error(`${error.stack}\npages: ${JSON.stringify(states)}\nserver log:\n${server.stderr().slice(-4000)}`);
    } finally {
      for (const c of contexts) await c.close();
      await server.kill("SIGTERM");
    }
  });
});

/** Waits until `page` shows the step `other` shows. */
async function waitSameStep(page, other) {
  const step = await source(other, "s.step");
  await until(page, (s) => globalThis.safari.controller.source.step >= s, step);
}

/** A stale move, an illegal move and a spectator's move: each refused with a message, nothing changed. */
async function refusals(a, b, e) {
  const step = await source(a, "s.step");
  // Stale: a move for a position the game has left (step 0).
  await a.evaluate(() => globalThis.safari.controller.source.send({ type: "move", seq: 0, move: "pass" }));
  await until(a, () => !document.getElementById("message").hidden && /moved on/.test(document.getElementById("message-text").textContent));
  await until(a, (s) => globalThis.safari.controller.source.humanToMove && globalThis.safari.controller.source.step === s, step);
  // Illegal: a placement far from every tile.
  await a.evaluate(() => globalThis.safari.controller.play("place 40,40 0"));
  await until(a, () => /not allowed/.test(document.getElementById("message-text").textContent) && !document.getElementById("message").hidden);
  assert.match(await a.locator("#message-text").textContent(), /^That move is not allowed here: [^`]+\.$/, "the reason in words, no notation");
  await until(a, () => globalThis.safari.controller.source.humanToMove);
  await screenshot(a, "online-7-refused-move");
  // A spectator's move: the page offers none; sent anyway, the server refuses it.
  await e.evaluate((s) => globalThis.safari.controller.source.send({ type: "move", seq: s, move: "pass" }), step);
  await until(e, () => /watching/.test(document.getElementById("message-text").textContent));
  await assert.rejects(e.evaluate(() => globalThis.safari.controller.source.play("pass")), /watching/);
  await e.locator("#message-close").click();
  assert.equal(await source(a, "s.step"), step, "nothing changed");
  assert.equal(await source(b, "s.step"), step);
  await a.locator("#message-close").click();
}

/** Kills the server (SIGKILL), checks the pages say they reconnect, starts it again on the same port and database; resolves to the new server. */
async function crash(server, pages, databaseUrl) {
  const steps = await Promise.all(pages.map((p) => source(p, "s.step")));
  for (const p of pages) p.expected.push(REFUSED_SOCKET);
  await server.kill("SIGKILL");
  await Promise.all(pages.map((p) => until(p, () => document.body.dataset.connection === "reconnecting" && !document.getElementById("connection").hidden)));
  assert.match(await pages[0].locator("#connection").textContent(), /Reconnecting/);
  await screenshot(pages[0], "online-5-reconnecting-1440x900");
  await screenshot(pages[1], "online-5-reconnecting-412x915");
  const again = await startGameServer({ databaseUrl, addr: server.addr });
  await Promise.all(pages.map((p) => connected(p)));
  for (const [i, p] of pages.entries()) {
    assert.equal(await source(p, "s.step"), steps[i], "the game resumed where it was");
    assert.equal(await p.locator("#connection").isHidden(), true, "the banner is gone");
  }
  return again;
}
