// The page around the board: the turn panel, the score board, the log, the
// setup, summary and help dialogs, and messages. Plain DOM, in the player's
// words (words.js); rule ids and notation only when details are on.

import { animal, badge, designInfo, picture, seatIcon, tileArt } from "./art.js";
import { CATEGORIES, REASON_RULES, animalName, cornerInWords, entryInWords, kindsInWords, list, orList, phaseInWords, pointsInWords, reasonInWords, tileInWords } from "./words.js";

/** Points of a completed trail or bush by its kinds of animals (R-TRAIL-3), a bush's birds adding one each (R-BUSH-2). */
const KIND_POINTS = [0, 1, 3, 6, 10, 15];
const plainPoints = (f) => (KIND_POINTS[Math.min(f.species, 5)] ?? 0) + (f.kind === "bush" ? f.birds ?? 0 : 0);

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
  for (const c of [].concat(children)) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** A player's shape and name. */
export function playerTag(seat, name) {
  return h("span", { class: `player-tag seat-${seat}` }, [seatIcon(seat), h("span", { class: "player-name" }, name)]);
}

/** An animal token as a small picture with its name for screen readers. */
export function tokenBadge(letter) {
  return picture(badge(12, 12, letter), "0 0 24 24", 22, `${animalName(letter)} token`);
}

export const details = () => document.body.classList.contains("details");

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
    h("strong", {}, "Something went wrong inside the game (a bug): "),
    h("code", {}, message),
    h("span", {}, " Reload the page; your game is kept in this browser and exported records still load."),
  );
  box.hidden = false;
}

export function setStatus(text) {
  $("status").textContent = text;
}

// ------------------------------------------------------------------ score board

export function renderScores(view, seats, { thinkingSeat = null, over = false, labels = null, presence = null } = {}) {
  const rows = [h("tr", {}, [h("th", { scope: "col" }, "Player"), h("th", { scope: "col", class: "num" }, "Points"), h("th", { scope: "col", class: "num" }, "Meeples"), h("th", { scope: "col" }, "Tokens")])];
  for (const p of view.players) {
    const seat = seats[p.seat] ?? { name: `Player ${p.seat + 1}`, bot: null };
    const active = !over && (typeof view.to_move === "number" ? view.to_move : view.turn_player) === p.seat;
    const leader = over && view.leaders.includes(p.seat);
    const kind = labels ? labels[p.seat] : seat.bot ? "bot" : "";
    const who = [thinkingSeat === p.seat ? "thinking…" : kind, leader ? "winner" : ""].filter(Boolean).join(" · ");
    // Online: whether the seat's person is connected now (null: nothing to say).
    const online = presence ? presence[p.seat] : null;
    const dot = typeof online === "boolean" ? h("span", { class: `presence ${online ? "on" : "off"}`, title: online ? "Connected to the game now" : "Not connected to the game now" }, online ? "online" : "offline") : null;
    const label = who || dot ? h("div", { class: "seat-label" }, [who, who && dot ? " · " : null, dot]) : null;
    rows.push(
      h("tr", { class: [active ? "active" : "", leader ? "winner" : ""].join(" "), dataset: { seat: p.seat } }, [
        h("td", {}, [playerTag(p.seat, seat.name), leader ? h("span", { class: "star", "aria-hidden": "true" }, " ★") : null, label]),
        h("td", { class: "num score" }, String(p.score)),
        h("td", { class: "num" }, String(p.meeples)),
        h("td", { class: "hand" }, p.hand ? h("span", { class: "badges" }, [...p.hand].map((l) => tokenBadge(l))) : h("span", { class: "muted" }, "none")),
      ]),
    );
  }
  $("scores").replaceChildren(...rows);
  $("pile").replaceChildren(
    h("button", { type: "button", class: "link", id: "btn-pile", title: "The tiles still in the pile, by design", onclick: () => showPile(view) }, `Tiles left: ${view.tiles_left}`),
    `${view.tiles_removed ? ` (${view.tiles_removed} removed)` : ""} · Tokens in the bag: ${view.supply.length}`,
  );
}

/** The dialog of the tiles left: each design of the pile with its count, most first. */
export function showPile(view) {
  const dialog = $("pile-dialog");
  const pile = [...(view.pile ?? [])].sort((a, b) => b.count - a.count);
  $("pile-title").textContent = `Tiles left: ${view.tiles_left}`;
  $("pile-list").replaceChildren(
    ...pile.map((p) => {
      const tile = designInfo(p.design);
      const words = tile ? tileInWords(tile) : p.design;
      return h("li", { dataset: { design: p.design } }, [tilePicture(p.design, 0, 56, words), h("span", { class: "count" }, `\u00d7${p.count}`), h("span", { class: "detail" }, ` ${p.design}`)]);
    }),
  );
  if (!dialog.open) dialog.showModal();
}

// ------------------------------------------------------------------ log

/**
 * Shows `entries` (LogEntry[]) as lines in words, newest last; each line
 * knows the cells it concerns (hover, focus or tap highlights them).
 */
export function renderLog(entries, name, tileAt, { append = false } = {}) {
  const list = $("log");
  if (!append) list.replaceChildren();
  for (const entry of entries) {
    const lines = entryInWords(entry, name, tileAt);
    if (!lines.length) continue;
    for (const line of lines) {
      const cells = line.cells.map((c) => `${c.x},${c.y}`).join(";");
      const item = h("li", { class: `log-${line.kind}${line.seat !== null && line.seat !== undefined ? ` seat-${line.seat}` : ""}`, dataset: { step: entry.step, cells }, tabindex: cells ? 0 : undefined }, [
        line.seat !== null && line.seat !== undefined && line.kind !== "note" ? seatIcon(line.seat, 12) : null,
        h("span", {}, ` ${line.text}`),
        h("span", { class: "detail" }, ` · step ${entry.step}: ${entry.move}${line.kind === "score" ? ` (${ruleOf(entry, line)})` : ""}`),
      ]);
      list.append(item);
    }
  }
  list.scrollTop = list.scrollHeight;
}

function ruleOf(entry, line) {
  const scored = entry.events.find((e) => e.type === "scored" && line.text.includes(reasonInWords(e.reason)));
  return scored ? REASON_RULES[scored.reason.type] ?? "" : "";
}

// ------------------------------------------------------------------ turn panel

/** The tile to place, turned, as a picture. */
export function tilePicture(design, rotation, size, label) {
  const art = tileArt(design, rotation);
  return picture(art.ground + art.items, "-3 -3 106 106", size, label);
}

/**
 * Draws the turn panel for `view` (a GameView), `seats`, the page's UI state
 * `ui` ({rotation, selectedRanger, showHoles, selectedHole}), whether a person
 * here decides (`human`), who is thinking, and callbacks `on` ({rotate, play,
 * toggleHoles, summary}).
 */
export function renderTurn(view, seats, ui, human, thinking, on) {
  const title = $("turn-title");
  const body = $("turn-body");
  body.replaceChildren();
  const phase = view.phase.type;
  document.body.dataset.phase = phase;
  document.body.dataset.human = String(human);
  const decider = typeof view.to_move === "number" ? view.to_move : view.turn_player;
  const name = (s) => seats[s]?.name ?? `Player ${s + 1}`;
  if (phase === "game_over") {
    title.replaceChildren(h("span", {}, "Game over"));
    body.append(h("p", {}, `${list(view.leaders.map(name))} ${view.leaders.length > 1 ? "win" : "wins"}!`));
    body.append(h("button", { type: "button", class: "primary", id: "turn-summary", onclick: on.summary }, "Show the final scores"));
    return;
  }
  title.replaceChildren(decider !== null && decider !== undefined ? playerTag(decider, name(decider)) : "", h("span", { class: "phase" }, ` ${phaseInWords(view.phase)}`));
  const legal = view.legal;
  if (!human) {
    body.append(h("p", { class: "muted" }, thinking ? thinking.text ?? `${name(thinking.seat)} is thinking…` : "Waiting…"));
    if (phase === "place") body.append(h("div", { class: "tile-box" }, tilePicture(view.phase.design, 0, 84, "The tile being placed")));
    return;
  }
  if (phase === "place") {
    const design = view.phase.design;
    const fits = legal.placements.filter((p) => p.rotations.includes(ui.rotation)).length;
    const ranger = legal.placements.some((p) => p.points > 0);
    const tile = designInfo(design);
    body.append(
      h("div", { class: "tile-box" }, [
        h("button", { type: "button", id: "rot-left", class: "round", "aria-label": "Turn the tile left (Shift+R)", onclick: () => on.rotate(-90) }, "⟲"),
        tilePicture(design, ui.rotation, 110, `Your tile: ${tile ? tileInWords(tile) : design}`),
        h("button", { type: "button", id: "rot-right", class: "round", "aria-label": "Turn the tile right (R)", onclick: () => on.rotate(90) }, "⟳"),
      ]),
      h("p", { class: "tile-name" }, [tile ? tileInWords(tile) : "", h("span", { class: "detail" }, ` · ${design}, turned ${ui.rotation}°`)]),
      h("p", { class: "hint" }, fits ? `Tap a green square to place it (${fits} fit${fits === 1 ? "s" : ""} this way). Squares marked ↻ fit once the tile is turned.` : "It fits nowhere this way: turn it (R) or tap a square marked ↻."),
    );
    if (ranger) body.append(h("p", { class: "hint" }, "A square marked +3 has a ranger: placing there scores 3 points and you put the ranger back elsewhere."));
    return;
  }
  if (phase === "action") {
    const parts = [];
    if (legal.meeples.length) parts.push("put a meeple on a circled spot of your tile");
    if (legal.rangers.length) parts.push("move a ranger (tap it, then a square)");
    if (legal.holes.length) parts.push("dig or expand a watering hole");
    body.append(h("p", { class: "hint" }, parts.length ? `Do one thing: ${orList([...parts, "pass"])}.` : "Nothing else to do: pass."));
    const buttons = h("div", { class: "button-row" });
    if (legal.holes.length) {
      buttons.append(h("button", { type: "button", id: "btn-holes", class: ui.showHoles ? "toggled" : "", "aria-pressed": String(ui.showHoles), onclick: on.toggleHoles }, ui.showHoles ? "Hide watering holes" : `Watering holes (${legal.holes.length})`));
    }
    if (legal.pass) buttons.append(h("button", { type: "button", id: "btn-pass", class: "primary", dataset: { move: "pass" }, onclick: () => on.play("pass") }, "Pass (P)"));
    body.append(buttons);
    const hole = ui.showHoles && ui.selectedHole !== null ? legal.holes[ui.selectedHole] : null;
    if (hole) {
      const what = hole.kind === "dig"
        ? `Dig a new watering hole here: +${hole.points} points, and one of your meeples goes on it.`
        : `Add a token to this watering hole: +${hole.points} points${hole.completes ? " (it completes the hole)" : ""}.`;
      body.append(
        h("div", { class: "chooser", id: "token-chooser" }, [
          h("p", {}, [what, h("span", { class: "detail" }, ` (${hole.pos.x},${hole.pos.y} ${cornerInWords(hole.corner)}; ${hole.kind === "dig" ? "R-WATER-2" : "R-WATER-3"})`), " Use which token?"]),
          h("div", { class: "button-row" }, [...new Set(hole.animals)].map((l) => h("button", { type: "button", class: "token-button", dataset: { move: `${hole.kind} ${hole.pos.x},${hole.pos.y} ${hole.corner} ${l}` }, onclick: () => on.play(`${hole.kind} ${hole.pos.x},${hole.pos.y} ${hole.corner} ${l}`) }, [tokenBadge(l), ` ${animalName(l)}`]))),
        ]),
      );
    } else if (ui.showHoles) {
      body.append(h("p", { class: "hint" }, "The circles on the board are the corners you may use. Pale blue ones dig a new hole: 3 points, and it takes a meeple. Dark blue ones add to a hole and show their points. Tap one, then choose the token."));
    }
    if (ui.selectedRanger) body.append(h("p", { class: "hint" }, "Ranger selected: tap a highlighted square to move it there."));
    return;
  }
  if (phase === "boost") {
    const f = view.scoring;
    const what = f ? `${f.kind} with ${kindsInWords(f.species)}${f.birds ? ` and ${f.birds} bird${f.birds === 1 ? "" : "s"}` : ""}` : "trail or bush";
    body.append(
      h("p", {}, `A completed ${what} scores now${f ? `: ${pointsInWords(plainPoints(f))} as it is` : ""}. Give up a token of an animal that is not on it to count one kind more?`),
      h("div", { class: "button-row" }, [
        ...legal.boosts.map((b) => h("button", { type: "button", class: "token-button", dataset: { move: `boost ${b.animal}` }, onclick: () => on.play(`boost ${b.animal}`) }, [tokenBadge(b.animal), ` ${animalName(b.animal)}: +${b.points}`])),
        legal.no_boost ? h("button", { type: "button", id: "btn-noboost", dataset: { move: "noboost" }, onclick: () => on.play("noboost") }, "No boost") : null,
      ]),
    );
    return;
  }
  if (phase === "return") body.append(h("p", { class: "hint" }, "Put the ranger back: tap a highlighted square next to the tiles."));
}

// ------------------------------------------------------------------ dialogs

export function showSummary(summary, view, seats) {
  const dialog = $("summary");
  const over = view.phase.type === "game_over";
  const name = (s) => seats[s]?.name ?? `Player ${s + 1}`;
  $("summary-title").textContent = over ? "Final scores" : "Scores so far";
  // One column per player and a row per source of points: it fits a phone's width with five players.
  const win = (p) => over && view.leaders.includes(p.seat);
  const head = h("tr", {}, [h("th", { scope: "col" }, "Points from"), ...summary.players.map((p) => h("th", { scope: "col", class: `num${win(p) ? " winner" : ""}`, dataset: { seat: p.seat } }, [playerTag(p.seat, name(p.seat)), win(p) ? " ★" : null]))]);
  const rows = CATEGORIES.map(([key, label]) => h("tr", {}, [h("th", { scope: "row" }, label), ...summary.players.map((p) => h("td", { class: "num" }, String(p.by_category[key] ?? 0)))]));
  const total = h("tr", { class: "total-row" }, [h("th", { scope: "row" }, "Total"), ...summary.players.map((p) => h("td", { class: `num total${win(p) ? " winner" : ""}`, dataset: { seat: p.seat } }, String(p.total)))]);
  $("summary-table").replaceChildren(head, ...rows, total);
  $("summary-lines").replaceChildren(
    ...(summary.final_scoring.length
      ? summary.final_scoring.map((l) => h("li", {}, [playerTag(l.player, name(l.player)), ` +${l.points} for ${reasonInWords(l.reason)}`, h("span", { class: "detail" }, ` (${REASON_RULES[l.reason.type]})`)]))
      : [h("li", { class: "muted" }, "The end-of-game scoring comes when the last tile is placed.")]),
  );
  if (!dialog.open) dialog.showModal();
}

/** A bot level in a seat's list: its name and where it stands, weakest to strongest. */
export function levelText(level, k, n) {
  const where = k === 0 ? "weakest" : k === n - 1 ? "strongest" : `level ${k + 1} of ${n}`;
  return `${level.label} (${where})`;
}

/** The new-game dialog. `open()` resolves to `{seed, seats: [{kind, name}]}` or null. */
export class SetupDialog {
  constructor(levels, defaultBot) {
    this.levels = levels;
    this.dialog = $("setup");
    this.choices = [0, 1, 2, 3, 4].map((i) => ({ kind: i === 0 ? "human" : defaultBot, name: "" }));
    $("setup-players").addEventListener("change", () => this.renderSeats());
    $("setup-cancel").addEventListener("click", () => this.dialog.close("cancel"));
  }

  renderSeats() {
    const n = Number($("setup-players").value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const c = this.choices[i];
      const select = h("select", { id: `seat-${i}`, "aria-label": `Who plays seat ${i + 1}`, onchange: (e) => (c.kind = e.target.value) }, [
        h("option", { value: "human" }, "A person"),
        ...this.levels.map((l, k) => h("option", { value: l.id, title: l.about }, levelText(l, k, this.levels.length))),
      ]);
      select.value = this.levels.some((l) => l.id === c.kind) ? c.kind : "human";
      const input = h("input", { id: `seat-name-${i}`, type: "text", maxlength: 40, placeholder: c.kind === "human" ? `Player ${i + 1}` : "name", value: c.name, "aria-label": `Name of seat ${i + 1}`, oninput: (e) => (c.name = e.target.value) });
      rows.push(h("div", { class: "seat-row" }, [seatIcon(i, 18), input, select]));
    }
    $("setup-seats").replaceChildren(...rows);
  }

  /** Opens the dialog; `lockedPlayers` fixes the number of players (playing on from a record). */
  open(current, lockedPlayers = null, warning = null) {
    $("setup-warning").textContent = warning ?? "";
    $("setup-warning").hidden = !warning;
    if (current) {
      $("setup-players").value = String(current.length);
      current.forEach((s, i) => (this.choices[i] = { kind: s.kind, name: s.name }));
    }
    if (lockedPlayers) $("setup-players").value = String(lockedPlayers);
    $("setup-players").disabled = Boolean(lockedPlayers);
    $("setup-title").textContent = lockedPlayers ? "Play on from here" : "New game";
    $("setup-seed").value = "";
    this.renderSeats();
    return new Promise((resolve) => {
      this.dialog.addEventListener(
        "close",
        () => {
          if (this.dialog.returnValue !== "start") return resolve(null);
          const n = Number($("setup-players").value);
          const typed = $("setup-seed").value.trim();
          const seed = typed === "" ? Math.floor(Math.random() * 2 ** 32) : Number(typed);
          resolve({ seed, seats: this.choices.slice(0, n).map((c) => ({ kind: c.kind, name: c.name })) });
        },
        { once: true },
      );
      this.dialog.returnValue = "";
      this.dialog.showModal();
    });
  }
}

/** Fills the help dialog's pictures (animals and pieces drawn by the engine). */
export function renderHelp(palette) {
  $("help-animals").replaceChildren(...palette.animals.map((a) => h("li", {}, [tokenBadge(a.letter), ` ${animal(a.letter).name.replace(/^./, (c) => c.toUpperCase())}`])));
}
