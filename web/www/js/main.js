// Start-up: load the WebAssembly, build the controller, wire the buttons and
// keys, and resume the game kept in this browser (or start the one the
// address asks for: ?seed=N&seats=human,greedy; &pace=ms sets the pause
// before a bot's move). An address whose fragment names an online game
// (#game=GAME, with &seat=N&token=TOKEN for an invite) joins it when the page
// comes from the game server; the Online entry shows only then.

import init, * as wasm from "../pkg/carcassonne_safari_web.js";
import { colours, useEngine } from "./art.js";
import { Controller } from "./controller.js";
import { OnlineDialog, linkFromHash, serverAvailable, showInvites } from "./lobby.js";
import { SetupDialog, renderHelp, setStatus, showMessage, showPanic } from "./panels.js";
import { forgetSeat, loadGame, loadSeat, loadSetting, saveSeat, saveSetting, yourGames } from "./storage.js";

const $ = (id) => document.getElementById(id);

let controller = null;
// A panic before the controller exists still reaches the page.
globalThis.onWasmPanic = (message) => (controller ? controller.panic(message) : showPanic(message));

const randomSeed = () => Math.floor(Math.random() * 2 ** 32);

/** The game the address asks for, if any; the address then forgets it, so that a reload resumes. */
function gameFromUrl(defaultBot) {
  const q = new URLSearchParams(location.search);
  if (!q.has("seed") && !q.has("seats")) return null;
  const seed = q.has("seed") ? Number(q.get("seed")) : randomSeed();
  const seats = (q.get("seats") ?? `human,${defaultBot}`).split(",");
  q.delete("seed");
  q.delete("seats");
  history.replaceState(null, "", `${location.pathname}${q.size ? "?" + q : ""}`);
  return { seed, seats };
}

/** The seats of the game shown, for the new-game dialog: names typed by people are kept, default names are not. */
function seatsOf(source) {
  const levels = wasm.botLevels();
  return (source?.seats ?? []).map((s, i) => {
    const level = levels.find((l) => l.spec === s.bot);
    const defaultName = s.bot ? level?.label ?? s.bot : `Player ${i + 1}`;
    return { kind: s.bot ? level?.id ?? s.bot : "human", name: s.name === defaultName ? "" : s.name };
  });
}

async function main() {
  await init();
  useEngine(wasm);
  const levels = wasm.botLevels();
  const defaultBot = wasm.defaultBot();
  const q = new URLSearchParams(location.search);
  const pace = q.has("pace") && Number(q.get("pace")) >= 0 ? Number(q.get("pace")) : 350;
  // Move confirmation: on by default on touch screens (a mis-tap is easy there), kept once chosen.
  const confirmSaved = loadSetting("confirm");
  const touch = navigator.maxTouchPoints > 0 || matchMedia("(pointer: coarse)").matches;
  const confirmMoves = confirmSaved === null ? touch : confirmSaved === "on";
  controller = new Controller(wasm, { pace, confirmMoves });
  $("opt-confirm").checked = confirmMoves;
  $("opt-confirm").addEventListener("change", (e) => {
    controller.confirmMoves = e.target.checked;
    saveSetting("confirm", e.target.checked ? "on" : "off");
    controller.cancelPending();
  });
  const setup = new SetupDialog(levels, defaultBot);
  renderHelp(colours());
  /** Leaves an online game's address (a local game is not a link). */
  const forgetLink = () => {
    if (location.hash) history.replaceState(null, "", `${location.pathname}${location.search}`);
  };
  // The title says "your turn" only while the tab is hidden.
  document.addEventListener("visibilitychange", () => controller.refresh());
  const newGame = async () => {
    // From an online game: the dialog says it leaves that game, and does not borrow its seats' names.
    const online = Boolean(controller.source?.online);
    const warning = online ? "This leaves the online game for a game at this browser. Your seat is kept: its invite link (or Online) brings you back." : null;
    const chosen = await setup.open(online ? null : seatsOf(controller.source), null, warning);
    if (chosen && controller.newGame(chosen)) forgetLink();
  };

  // Online: join by a link, create a game, take a free seat.
  const joinOnline = (game) => {
    const seat = loadSeat(game);
    if (location.hash !== `#game=${game}`) history.replaceState(null, "", `${location.pathname}${location.search}#game=${game}`);
    const invites = seat?.invites ? { game, seat: seat.seat, invites: seat.invites, spectate: seat.spectate, hostToken: seat.hostToken } : null;
    controller.playOnline({ game, token: seat?.token ?? null }, {
      invites,
      onShowInvites: showInvites,
      onUnauthorized: () => forgetSeat(game),
      onRematch: (next) => followRematch(game, next),
    });
  };
  /** Goes to the rematch of online game `game`: this browser's seat and host token open the same seat of it. */
  const followRematch = (game, next) => {
    const seat = loadSeat(game);
    if (seat) saveSeat(next, { seat: seat.seat, token: seat.token, hostToken: seat.hostToken });
    if ($("summary").open) $("summary").close();
    joinOnline(next);
  };
  /** Follows an invite or spectator link: keeps a seat's token in this browser, then leaves it out of the address. */
  const followLink = (link) => {
    if (link.token) saveSeat(link.game, { seat: link.seat ?? 0, token: link.token });
    joinOnline(link.game);
  };
  const server = serverAvailable();
  const online = new OnlineDialog(levels, defaultBot, {
    onCreated: (entry) => {
      saveSeat(entry.game, { seat: entry.seat ?? -1, token: entry.token, hostToken: entry.hostToken, invites: entry.invites, spectate: entry.spectate });
      joinOnline(entry.game);
      showInvites(entry);
    },
    onJoined: (joined) => {
      saveSeat(joined.game, { seat: joined.seat, token: joined.token });
      joinOnline(joined.game);
    },
    onGoBack: (game) => joinOnline(game),
    yours: () => yourGames(),
  });
  $("btn-online").addEventListener("click", () => online.open());
  // The end of a game: play again with the same seats and a new deal (online:
  // a rematch the people agree on through the server), or review it.
  const playAgain = () => {
    const source = controller.source;
    if (source?.online) {
      if (source.rematch.next) return followRematch(source.gameId, source.rematch.next);
      if (!source.askRematch()) showMessage("Not connected to the game server: the rematch was not asked for. Try again once connected.");
      return;
    }
    if ($("summary").open) $("summary").close();
    if (controller.newGame({ seed: randomSeed(), seats: seatsOf(controller.source) })) forgetLink();
  };
  controller.onPlayAgain = playAgain;
  $("summary-again").addEventListener("click", playAgain);
  $("summary-review").addEventListener("click", () => controller.startReview());
  $("rp-review").addEventListener("click", () => controller.startReview());
  $("invites-close").addEventListener("click", () => $("invites").close());
  window.addEventListener("hashchange", async () => {
    const link = linkFromHash();
    if (link?.malformed) return showMessage(`This game link is damaged (${link.malformed}): ask for the link again. Nothing changed.`);
    if (link && (link.token || link.game !== controller.source?.gameId) && (await server)) followLink(link);
  });

  $("btn-new").addEventListener("click", newGame);
  $("btn-undo").addEventListener("click", () => controller.undo());
  $("btn-export").addEventListener("click", () => controller.exportRecord());
  $("btn-load").addEventListener("click", () => $("file-load").click());
  $("btn-summary").addEventListener("click", () => controller.showSummary());
  // Help opens at its top ("How to play"), not at its Close button.
  const openHelp = () => {
    const help = $("help");
    help.showModal();
    help.scrollTop = 0;
    $("help-title").focus({ preventScroll: true });
  };
  $("btn-help").addEventListener("click", openHelp);
  $("help-close").addEventListener("click", () => $("help").close());
  $("opt-details").addEventListener("change", (e) => document.body.classList.toggle("details", e.target.checked));
  $("file-load").addEventListener("change", async (e) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file && controller.loadRecord(await file.text(), `“${file.name}”`)) forgetLink();
  });
  $("zoom-in").addEventListener("click", () => controller.board.zoomAt(1 / 1.25));
  $("zoom-out").addEventListener("click", () => controller.board.zoomAt(1.25));
  $("zoom-fit").addEventListener("click", () => controller.board.fit());
  $("message-close").addEventListener("click", () => ($("message").hidden = true));
  $("summary-close").addEventListener("click", () => $("summary").close());
  $("pile-close").addEventListener("click", () => $("pile-dialog").close());
  for (const where of ["first", "prev", "next", "last"]) $(`rp-${where}`).addEventListener("click", () => controller.stepReplay(where));
  $("rp-play").addEventListener("click", async () => {
    const n = controller.players();
    // The seats as they were (the bot levels of the game reviewed); a game of
    // bots only gives the first seat to the person here.
    const was = seatsOf(controller.source);
    const people = was.some((s) => s.kind === "human");
    const known = (kind) => kind === "human" || levels.some((l) => l.id === kind);
    const seats = was.map((s, i) => ({ kind: !people && i === 0 ? "human" : known(s.kind) ? s.kind : defaultBot, name: s.name }));
    const chosen = await setup.open(seats, n);
    if (chosen && controller.continueFrom(chosen)) forgetLink();
  });
  $("rp-close").addEventListener("click", newGame);
  $("rp-back").addEventListener("click", () => controller.backToGame());

  // The log: hovering, focusing or tapping a line outlines its tiles on the board.
  const log = $("log");
  const cellsOf = (li) => (li?.dataset.cells ? li.dataset.cells.split(";").map((c) => ({ x: Number(c.split(",")[0]), y: Number(c.split(",")[1]) })) : []);
  const show = (e) => {
    const li = e.target.closest?.("li[data-cells]");
    log.querySelectorAll("li.lit").forEach((x) => x.classList.remove("lit"));
    if (li) li.classList.add("lit");
    controller.highlightCells(cellsOf(li));
  };
  log.addEventListener("pointerover", show);
  log.addEventListener("focusin", show);
  log.addEventListener("click", show);
  log.addEventListener("pointerleave", () => controller.highlightCells([]));

  document.addEventListener("keydown", (e) => {
    const typing = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    if (typing || e.ctrlKey || e.metaKey || e.altKey || document.querySelector("dialog[open]")) return;
    const key = e.key;
    if (key === "r" || key === "R") controller.rotate(e.shiftKey ? -90 : 90);
    else if (key === "u" || key === "U") controller.undo();
    else if ((key === "p" || key === "P") && controller.humanDecides("action")) controller.play("pass");
    else if ((key === "h" || key === "H") && controller.humanDecides("action")) controller.toggleHoles();
    else if (key === "+" || key === "=") controller.board.zoomAt(1 / 1.25);
    else if (key === "-") controller.board.zoomAt(1.25);
    else if (key === "0") controller.board.fit();
    else if (key === "?") openHelp();
    else if (key === "i" || key === "I") controller.askHint();
    else if (controller.mode === "replay") {
      const where = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[key];
      if (where) {
        e.preventDefault();
        controller.stepReplay(where);
      }
    }
  });

  // For tests and the curious: the controller and the engine module.
  globalThis.safari = { controller, wasm };
  const read = linkFromHash();
  const malformed = read?.malformed ?? null;
  const link = malformed ? null : read;
  const hasServer = link ? await server : false;
  const asked = gameFromUrl(defaultBot);
  const saved = asked ? null : loadGame();
  if (link && hasServer) followLink(link);
  else if (asked) controller.newGame(asked);
  else if (!(saved && controller.resume(saved))) controller.newGame({ seed: randomSeed(), seats: ["human", defaultBot] });
  if (malformed) {
    forgetLink();
    showMessage(`This game link is damaged (${malformed}): ask for the link again. Here is a game at this browser instead.`);
  }
  if (link && !hasServer) {
    forgetLink();
    showMessage("This is the link of an online game, but this page does not come from the game server: open the link on the server that made it. Here is a game at this browser instead.", "info");
  }
  server.then((ok) => {
    $("btn-online").hidden = !ok;
    document.body.dataset.server = String(ok);
  });
  document.body.dataset.readyMs = performance.now().toFixed(0);
  document.body.dataset.ready = "true";
}

main().catch((e) => {
  setStatus("Could not start");
  showPanic(`the game could not start: ${e?.message ?? e}`);
  console.error(e);
});
