// The page around the board: the turn panel (drawn tile, rotation, actions,
// boosts, returns), the score board, the log, the legend, the setup and
// summary dialogs, and messages. Plain DOM; no game logic here.

import { ANIMALS, CELL, PLAYER_COLOURS, PLAYER_NAMES, drawTile, el as svgEl, meeple, ranger, waterToken } from "./tiles.js";

const $ = (id) => document.getElementById(id);

/** Creates an HTML element. */
export function h(name, attrs = {}, children = []) {
  const node = document.createElement(name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of [].concat(children)) if (c !== null && c !== undefined) node.append(c);
  return node;
}

/** A player's name with a colour chip: "● p1 (Greedy)". */
export function playerTag(seat, label) {
  return h("span", { class: "player-tag" }, [
    h("span", { class: `chip seat-${seat}`, style: `background:${PLAYER_COLOURS[seat]}` }),
    `p${seat}`,
    label ? h("span", { class: "muted" }, ` (${label})`) : null,
  ]);
}

/** An animal token as a small badge. */
export function tokenBadge(letter, attrs = {}) {
  const a = ANIMALS[letter];
  return h("span", { class: `token-badge animal-${letter}`, style: `background:${a?.colour ?? "#444"}`, title: a?.name ?? letter, ...attrs }, letter);
}

function svgIcon(width, height, viewBox, children) {
  const svg = svgEl("svg", { width, height, viewBox, class: "icon" });
  for (const c of children) svg.append(c);
  return svg;
}

// ------------------------------------------------------------------ messages

export function showMessage(text, kind = "error") {
  const box = $("message");
  box.className = `message ${kind}`;
  $("message-text").textContent = text;
  box.hidden = false;
}

export function clearMessage() {
  $("message").hidden = true;
}

export function showPanic(message) {
  const box = $("panic");
  box.replaceChildren(
    h("strong", {}, "Internal error (a bug in the game): "),
    h("code", {}, message),
    h("span", {}, " Reload the page to start again; exported records still load."),
  );
  box.hidden = false;
}

export function setStatus(text) {
  $("status").textContent = text;
}

export function setThinking(text) {
  $("thinking").hidden = !text;
  $("thinking-text").textContent = text ?? "";
  document.body.dataset.thinking = String(Boolean(text));
}

// ------------------------------------------------------------------ score board

export function renderScores(sb, { thinkingSeat = null } = {}) {
  const table = $("scores");
  const rows = [
    h("tr", {}, [h("th", {}, "Player"), h("th", { class: "num" }, "Score"), h("th", { class: "num", title: "Meeples in supply" }, "Meeples"), h("th", {}, "Tokens")]),
  ];
  for (const p of sb.players) {
    const active = !sb.over && p.seat === sb.activePlayer;
    const leader = sb.over && sb.leaders.includes(p.seat);
    rows.push(
      h("tr", { class: [active ? "active" : "", leader ? "winner" : ""].join(" "), dataset: { seat: p.seat } }, [
        h("td", {}, [
          playerTag(p.seat),
          leader ? " ★" : null,
          h("div", { class: "seat-label" }, thinkingSeat === p.seat ? `${p.label}: thinking…` : p.label),
        ]),
        h("td", { class: "num score" }, String(p.score)),
        h("td", { class: "num" }, String(p.meeples)),
        h("td", { class: "hand" }, p.hand ? [...p.hand].map((l) => tokenBadge(l)) : h("span", { class: "muted" }, "–")),
      ]),
    );
  }
  table.replaceChildren(...rows);
  $("pile").textContent =
    `Tiles left: ${sb.tilesLeft}` + (sb.tilesRemoved ? ` (${sb.tilesRemoved} removed)` : "") + ` · Token supply: ${sb.supply}` + (sb.discard ? ` · Discard: ${sb.discard}` : "");
}

// ------------------------------------------------------------------ log

export function renderLog(events, { append = false } = {}) {
  const list = $("log");
  if (!append) list.replaceChildren();
  for (const e of events) {
    const cls = [`ev-${e.kind}`, e.final ? "final" : ""].join(" ");
    const item = h("li", { class: cls, dataset: { step: e.step } }, e.text);
    if (e.player !== null && e.player !== undefined) item.style.setProperty("--seat", PLAYER_COLOURS[e.player]);
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
}

// ------------------------------------------------------------------ legend

export function renderLegend() {
  const items = [];
  for (const [letter, a] of Object.entries(ANIMALS)) items.push(h("li", {}, [tokenBadge(letter), " ", a.name]));
  const bird = svgEl("path", { d: "M2,12 Q6,5 10,12 Q14,5 18,12", class: "bird" });
  items.push(h("li", {}, [svgIcon(20, 16, "0 0 20 16", [bird]), " Bird (bush: +1 point)"]));
  const tree = svgEl("g", {}, [
    svgEl("rect", { x: 8, y: 9, width: 4, height: 9, fill: "#8a5a2b" }),
    svgEl("ellipse", { cx: 10, cy: 8, rx: 9, ry: 6, fill: "#2f6b2a" }),
  ]);
  items.push(h("li", {}, [svgIcon(20, 20, "0 0 20 20", [tree]), " Baobab"]));
  items.push(h("li", {}, [svgIcon(24, 24, "20 20 60 60", [ranger([50, 50])]), " Ranger"]));
  const hole = waterToken(0, "E");
  hole.setAttribute("transform", "translate(-62,6)");
  items.push(h("li", {}, [svgIcon(22, 22, "10 -4 26 26", [hole]), " Watering-hole token"]));
  const m = meeple([12, 24], 0);
  items.push(h("li", {}, [svgIcon(22, 24, "0 0 24 26", [m]), " Meeple (player colour)"]));
  $("legend").replaceChildren(...items);
}

// ------------------------------------------------------------------ turn panel

/** A small picture of a tile, turned. */
export function tilePicture(tile, rotation, size = 120) {
  const svg = svgEl("svg", { width: size, height: size, viewBox: `-4 -4 ${CELL + 8} ${CELL + 8}`, class: "tile-picture" });
  svg.append(drawTile(tile, rotation));
  return svg;
}

/**
 * Draws the turn panel for the decision `d` (a DecisionView) with the legal
 * moves `legal`, the page's UI state `ui` ({rotation, selectedRanger,
 * showHoles, selectedHole}) and callbacks `on` ({rotate, play, toggleHoles,
 * selectHole}).
 */
export function renderTurn(d, legal, sb, ui, on) {
  const title = $("turn-title");
  const body = $("turn-body");
  const seat = d.actor ?? d.activePlayer;
  const label = sb.players[seat]?.label;
  body.replaceChildren();
  title.dataset.phase = d.phase;
  document.body.dataset.phase = d.phase;
  document.body.dataset.human = String(d.human);

  if (d.phase === "over") {
    const winners = sb.leaders.map((s) => `p${s}`).join(", ");
    title.replaceChildren(h("span", {}, "Game over"));
    body.append(h("p", {}, `Winner${sb.leaders.length > 1 ? "s" : ""}: ${winners}.`));
    body.append(h("button", { type: "button", class: "primary", id: "turn-summary", onclick: on.summary }, "Show the final scores"));
    return;
  }
  title.replaceChildren(playerTag(seat, label), h("span", { class: "phase" }, phaseName(d.phase)));
  if (!d.human) {
    if (d.bot) body.append(h("p", { class: "muted" }, `${label} is deciding ${d.text}…`));
    if (d.tile) body.append(h("div", { class: "tile-box" }, tilePicture(d.tile, 0, 96)));
    return;
  }
  if (d.phase === "place") {
    const fits = legal.placements.filter((p) => p.rotations.includes(ui.rotation)).length;
    body.append(
      h("div", { class: "tile-box" }, [
        h("button", { type: "button", id: "rot-left", title: "Turn left (Shift+R)", onclick: () => on.rotate(-90) }, "⟲"),
        tilePicture(d.tile, ui.rotation),
        h("button", { type: "button", id: "rot-right", title: "Turn right (R)", onclick: () => on.rotate(90) }, "⟳"),
      ]),
      h("p", { class: "tile-name" }, [`${d.tile.design}`, h("span", { class: "muted" }, ` · turned ${ui.rotation}°`)]),
      h(
        "p",
        { class: "hint" },
        fits
          ? `Click a green cell to place the tile (${fits} fit${fits === 1 ? "s" : ""} this way). Cells marked ↻ fit when the tile is turned. R / Shift+R turn it.`
          : "No cell fits this way: turn the tile (R / Shift+R); cells marked ↻ fit another way.",
      ),
    );
    return;
  }
  if (d.phase === "action") {
    const parts = [];
    if (legal.meeples.length) parts.push("click a spot on the new tile to put a meeple there");
    if (legal.rangers.length) parts.push("click a ranger, then a cell, to move it");
    if (legal.holes.length) parts.push("dig or expand a watering hole");
    body.append(h("p", { class: "hint" }, parts.length ? `Your action: ${parts.join("; ")}; or pass.` : "No action is possible: pass."));
    const buttons = h("div", { class: "button-row" });
    if (legal.holes.length) {
      buttons.append(
        h(
          "button",
          { type: "button", id: "btn-holes", class: ui.showHoles ? "toggled" : "", "aria-pressed": String(ui.showHoles), onclick: on.toggleHoles },
          ui.showHoles ? "Hide watering-hole spots" : `Watering hole… (${legal.holes.length} spots)`,
        ),
      );
    }
    if (legal.pass) buttons.append(h("button", { type: "button", id: "btn-pass", class: "primary", onclick: () => on.play(legal.pass) }, "Pass"));
    body.append(buttons);
    if (ui.showHoles && ui.selectedHole !== null && legal.holes[ui.selectedHole]) {
      const hole = legal.holes[ui.selectedHole];
      const corner = ["NE", "SE", "SW", "NW"][hole.corner];
      body.append(
        h("div", { class: "chooser", id: "token-chooser" }, [
          h("p", {}, hole.action === "dig"
            ? `Dig a new watering hole at the ${corner} corner of ${hole.x},${hole.y} (3 points, a meeple goes on it) with:`
            : `Expand the watering hole at the ${corner} corner of ${hole.x},${hole.y} with:`),
          h("div", { class: "button-row" }, hole.tokens.map((t) =>
            h("button", { type: "button", class: "token-button", dataset: { move: t.move }, onclick: () => on.play(t.move) }, [tokenBadge(t.animal), ` ${ANIMALS[t.animal].name}`]),
          )),
        ]),
      );
    } else if (ui.showHoles) {
      body.append(h("p", { class: "hint" }, "Dashed circles dig a new hole (3 points, uses a meeple); solid ones expand a hole (4–6 points). Click one to choose the token."));
    }
    if (ui.selectedRanger) body.append(h("p", { class: "hint" }, `Ranger at ${ui.selectedRanger.x},${ui.selectedRanger.y} selected: click a highlighted cell.`));
    return;
  }
  if (d.phase === "boost") {
    const f = d.scoring;
    const what = f ? `${f.kind} (${f.species} species${f.animals ? ": " + f.animals : ""}${f.kind === "bush" ? `, ${f.birds} bird${f.birds === 1 ? "" : "s"}` : ""})` : "feature";
    body.append(
      h("p", {}, `The completed ${what} scores now. Discard a token whose animal is not on it to count one more kind?`),
      h("div", { class: "button-row" }, [
        ...legal.boosts.map((b) =>
          h("button", { type: "button", class: "token-button", dataset: { move: b.move }, onclick: () => on.play(b.move) }, [tokenBadge(b.animal), ` Boost with ${ANIMALS[b.animal].name}`]),
        ),
        legal.noBoost ? h("button", { type: "button", id: "btn-noboost", onclick: () => on.play(legal.noBoost) }, "No boost") : null,
      ]),
    );
    return;
  }
  if (d.phase === "return") {
    body.append(h("p", { class: "hint" }, "Put the displaced ranger back: click a highlighted cell next to a tile."));
  }
}

function phaseName(phase) {
  return (
    {
      place: "places a tile",
      action: "takes an action",
      boost: "may boost",
      return: "returns the ranger",
      "draw-tile": "draws a tile",
      "draw-token": "draws a token",
    }[phase] ?? phase
  );
}

// ------------------------------------------------------------------ dialogs

const CATEGORY_NAMES = {
  trails: "Trails",
  bushes: "Bushes",
  rangers: "Rangers",
  wateringHoles: "Watering holes",
  finalTrails: "Final: trails",
  finalBushes: "Final: bushes",
  finalTokens: "Final: tokens",
};

export function showSummary(summary, sb) {
  const dialog = $("summary");
  $("summary-title").textContent = summary.over ? "Final scores" : "Scores so far";
  const head = h("tr", {}, [h("th", {}, "Player"), ...summary.categories.map((c) => h("th", { class: "num" }, CATEGORY_NAMES[c] ?? c)), h("th", { class: "num" }, "Total")]);
  const rows = summary.players.map((p) =>
    h("tr", { class: summary.winners.includes(p.seat) ? "winner" : "", dataset: { seat: p.seat } }, [
      h("td", {}, [playerTag(p.seat, sb.players[p.seat]?.label), summary.over && summary.winners.includes(p.seat) ? " ★" : null]),
      ...p.points.map((n) => h("td", { class: "num" }, String(n))),
      h("td", { class: "num total" }, String(p.total)),
    ]),
  );
  $("summary-table").replaceChildren(head, ...rows);
  $("summary-lines").replaceChildren(
    ...(summary.finalLines.length
      ? summary.finalLines.map((l) => h("li", {}, [playerTag(l.seat), ` +${l.points}: ${l.reason}`]))
      : [h("li", { class: "muted" }, "No final scoring yet.")]),
  );
  if (!dialog.open) dialog.showModal();
}

/** The new-game dialog. `open()` resolves to `{seed, seats}` or null. */
export class SetupDialog {
  constructor(levels, defaultBot) {
    this.levels = levels;
    this.defaultBot = defaultBot;
    this.dialog = $("setup");
    this.choices = ["human", defaultBot, defaultBot, defaultBot, defaultBot];
    $("setup-players").addEventListener("change", () => this.renderSeats());
    $("setup-cancel").addEventListener("click", () => this.dialog.close("cancel"));
  }

  renderSeats() {
    const n = Number($("setup-players").value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const select = h("select", { id: `seat-${i}`, onchange: (e) => (this.choices[i] = e.target.value) }, [
        h("option", { value: "human" }, "Human"),
        ...this.levels.map((l) => h("option", { value: l.id, title: l.about }, `Bot: ${l.label}`)),
      ]);
      select.value = this.choices[i];
      rows.push(h("label", { class: "seat-row" }, [h("span", { class: "chip", style: `background:${PLAYER_COLOURS[i]}` }), ` p${i} (${PLAYER_NAMES[i]})`, select]));
    }
    $("setup-seats").replaceChildren(...rows);
  }

  /**
   * Opens the dialog with `current` ({seed, seats}) filled in; `lockedPlayers`
   * fixes the number of players (playing on from a loaded record).
   */
  open(current, lockedPlayers = null) {
    if (current) {
      $("setup-players").value = String(current.seats.length);
      current.seats.forEach((s, i) => (this.choices[i] = s));
      $("setup-seed").value = String(current.seed);
    }
    if (lockedPlayers) $("setup-players").value = String(lockedPlayers);
    $("setup-players").disabled = Boolean(lockedPlayers);
    $("setup-title").textContent = lockedPlayers ? "Play on from here" : "New game";
    this.renderSeats();
    return new Promise((resolve) => {
      this.dialog.addEventListener(
        "close",
        () => {
          if (this.dialog.returnValue !== "start") return resolve(null);
          const n = Number($("setup-players").value);
          const seed = Number($("setup-seed").value);
          resolve({ seed, seats: this.choices.slice(0, n) });
        },
        { once: true },
      );
      this.dialog.returnValue = "";
      this.dialog.showModal();
    });
  }
}
