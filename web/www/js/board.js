// The board: an SVG of the engine's GameView drawn with the engine's art,
// which pans (drag), zooms (wheel, pinch, buttons) and never moves by itself
// once shown, except to bring new cells into view before a person places a
// tile. It draws the targets of the decision it is given and reports their
// activation (click, tap, Enter or Space) to `onAction`; it decides nothing.

import { CELL, el, fragment, meeple, mark, playerColour, ranger, tileArt, waterToken } from "./art.js";
import { cellInWords, cornerInWords } from "./words.js";

const MIN_UNITS_PER_PX = 0.25;
const MAX_UNITS_PER_PX = 12;
/** How small a cell may get when the board brings cells into view by itself: big enough to tap. */
const TAPPABLE_PX_PER_UNIT = 0.5;
/** How far (px) from a round target a tap may land and still choose it. */
const TAP_SLOP = 24;

export class Board {
  /**
   * @param {SVGSVGElement} svg the board element
   * @param {(data: DOMStringMap) => void} onAction called with a target's data attributes
   */
  constructor(svg, onAction) {
    this.adviceCells = [];
    this.svg = svg;
    this.onAction = onAction;
    this.view = { x: -250, y: -200, w: 600, h: 450 };
    this.shown = null;
    this.layers = {};
    for (const name of ["ground", "highlight", "items", "water", "marks", "pieces", "advice", "targets", "ghost"]) {
      this.layers[name] = el("g", { class: `layer-${name}` });
      svg.append(this.layers[name]);
    }
    this.installPanZoom();
    svg.addEventListener("click", (e) => this.click(e));
    svg.addEventListener("keydown", (e) => this.key(e));
    svg.addEventListener("pointerover", (e) => this.hover(e, true));
    svg.addEventListener("pointerout", (e) => this.hover(e, false));
    svg.addEventListener("focusin", (e) => this.hover(e, true));
    svg.addEventListener("focusout", (e) => this.hover(e, false));
    new ResizeObserver(() => this.applyView()).observe(svg);
  }

  // ---------------------------------------------------------------- view

  installPanZoom() {
    const pointers = new Map();
    let gesture = null;
    this.dragged = false;
    const start = () => {
      const pts = [...pointers.values()];
      if (pts.length === 1) gesture = { kind: "pan", from: pts[0], view: { ...this.view } };
      else if (pts.length === 2) {
        const mid = [(pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2];
        gesture = { kind: "pinch", dist: Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y), at: this.toBoard(...mid), view: { ...this.view } };
      } else gesture = null;
    };
    this.svg.addEventListener("pointerdown", (e) => {
      if (e.pointerType === "mouse" && e.button !== 0) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 1) {
        this.dragged = false;
        this.downTarget = e.pointerType === "mouse" ? null : this.targetOf(e) ?? this.nearTarget(e.clientX, e.clientY);
      }
      start();
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (!pointers.has(e.pointerId) || !gesture) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const pts = [...pointers.values()];
      if (gesture.kind === "pan" && pts.length === 1) {
        const dx = pts[0].x - gesture.from.x;
        const dy = pts[0].y - gesture.from.y;
        if (!this.dragged && Math.hypot(dx, dy) < 6) return;
        if (!this.dragged) {
          this.dragged = true;
          this.svg.setPointerCapture?.(e.pointerId);
          this.svg.classList.add("panning");
        }
        const s = this.unitsPerPixel();
        this.view = { ...gesture.view, x: gesture.view.x - dx * s, y: gesture.view.y - dy * s };
        this.applyView();
      } else if (gesture.kind === "pinch" && pts.length === 2) {
        this.dragged = true;
        const dist = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y);
        const mid = [(pts[0].x + pts[1].x) / 2, (pts[0].y + pts[1].y) / 2];
        this.view = { ...gesture.view };
        this.zoomAt(gesture.dist / Math.max(dist, 1), gesture.at);
        // Keep the board point under the fingers' midpoint there.
        const [bx, by] = this.toBoard(...mid);
        this.view.x += gesture.at[0] - bx;
        this.view.y += gesture.at[1] - by;
        this.applyView();
      }
    });
    const end = (e) => {
      const single = pointers.size === 1;
      if (!pointers.delete(e.pointerId)) return;
      this.svg.classList.remove("panning");
      // A tap on a touch screen: act on pointerup (the browser may drop the
      // click after a pan), and ignore the click that may follow.
      if (e.type === "pointerup" && single && !this.dragged && this.downTarget) {
        const t = this.downTarget;
        this.downTarget = null;
        this.tappedAt = performance.now();
        this.tapActed = true;
        this.onAction({ ...t.dataset });
      }
      start();
    };
    this.svg.addEventListener("pointerup", end);
    // The tap acted on pointerup: the click that follows it is no one's. Its
    // action may have moved the page under the finger (a chooser focused and
    // scrolled into view), and that click would press whatever came there.
    // (A new touch comes after that click, if any came.)
    document.addEventListener("pointerdown", () => (this.tapActed = false), true);
    document.addEventListener(
      "click",
      (e) => {
        if (!this.tapActed) return;
        this.tapActed = false;
        if (performance.now() - this.tappedAt > 800 || this.svg.contains(e.target)) return;
        e.preventDefault();
        e.stopPropagation();
      },
      true,
    );
    this.svg.addEventListener("pointercancel", end);
    this.svg.addEventListener(
      "wheel",
      (e) => {
        e.preventDefault();
        const factor = Math.exp(Math.sign(e.deltaY) * Math.min(Math.abs(e.deltaY), 100) * 0.0025);
        this.zoomAt(factor, this.toBoard(e.clientX, e.clientY));
      },
      { passive: false },
    );
  }

  size() {
    const r = this.svg.getBoundingClientRect();
    return { width: Math.max(r.width, 1), height: Math.max(r.height, 1), left: r.left, top: r.top };
  }

  unitsPerPixel() {
    const r = this.size();
    return Math.max(this.view.w / r.width, this.view.h / r.height);
  }

  toBoard(clientX, clientY) {
    const r = this.size();
    const s = this.unitsPerPixel();
    const cx = this.view.x + this.view.w / 2;
    const cy = this.view.y + this.view.h / 2;
    return [cx + (clientX - r.left - r.width / 2) * s, cy + (clientY - r.top - r.height / 2) * s];
  }

  /** Zooms by `factor` (> 1 zooms out) keeping board point `at` in place. */
  zoomAt(factor, at) {
    const r = this.size();
    const s = this.unitsPerPixel();
    const target = Math.min(Math.max(s * factor, MIN_UNITS_PER_PX), MAX_UNITS_PER_PX);
    const k = target / s;
    const [ax, ay] = at ?? [this.view.x + this.view.w / 2, this.view.y + this.view.h / 2];
    this.view = { x: ax - (ax - this.view.x) * k, y: ay - (ay - this.view.y) * k, w: this.view.w * k, h: this.view.h * k };
    this.applyView();
    void r;
  }

  /** Shows the whole board (tiles and the cells around them). */
  fit() {
    this.frame(this.cellsOf(this.shown), true);
  }

  /** The first view of a game: the whole board on a large screen, its middle at a tappable size on a small one. */
  firstView() {
    this.fit();
    if (this.unitsPerPixel() > 1 / TAPPABLE_PX_PER_UNIT) this.zoomAt((1 / TAPPABLE_PX_PER_UNIT) / this.unitsPerPixel());
  }

  cellsOf(view) {
    return view ? [...view.tiles.map((t) => t.pos), ...view.frontier] : [{ x: 0, y: 0 }];
  }

  /**
   * Frames `cells`; with `exact` false, only when none of them is in view,
   * and never smaller than a tappable cell (the player zooms out at will);
   * with `clearButtons` too, also when one of them lies under a zoom button,
   * by the least move that takes them from under it when there is one; with
   * `every`, unless all of them are in view (not just one).
   */
  frame(cells, exact, clearButtons = false, every = false) {
    if (!cells.length) return;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const c of cells) {
      x0 = Math.min(x0, c.x * CELL);
      y0 = Math.min(y0, c.y * CELL);
      x1 = Math.max(x1, (c.x + 1) * CELL);
      y1 = Math.max(y1, (c.y + 1) * CELL);
    }
    const pad = 0.3 * CELL;
    [x0, y0, x1, y1] = [x0 - pad, y0 - pad, x1 + pad, y1 + pad];
    const r = this.size();
    // The zoom buttons stand over the board's right edge: frame the cells
    // in the width left of them, so that no target lies under a button.
    const zoom = this.svg.parentElement?.querySelector(".zoom")?.getBoundingClientRect();
    const buttons = zoom?.width ?? 0;
    const usable = Math.max(r.width * 0.6, r.width - (buttons ? buttons + 12 : 0));
    const aspect = usable / r.height;
    if (!exact) {
      // Nothing to do while one of the cells is in view and none is under
      // a zoom button (where it could not be tapped).
      const s = this.unitsPerPixel();
      const [vw, vh] = [r.width * s, r.height * s];
      const [vx, vy] = [this.view.x + this.view.w / 2 - vw / 2, this.view.y + this.view.h / 2 - vh / 2];
      // With the view moved by (dx, dy) units: whether a cell is in view,
      // and whether it is under a zoom button.
      const inView = (c, dx = 0, dy = 0) =>
        c.x * CELL >= vx + dx && c.y * CELL >= vy + dy && (c.x + 1) * CELL <= vx + dx + vw && (c.y + 1) * CELL <= vy + dy + vh;
      const left = (x, dx = 0) => r.left + (x * CELL - vx - dx) / s;
      const top = (y, dy = 0) => r.top + (y * CELL - vy - dy) / s;
      const underButton = (c, dx = 0, dy = 0) =>
        buttons > 0 &&
        left(c.x, dx) < zoom.right &&
        left(c.x + 1, dx) > zoom.left &&
        top(c.y, dy) < zoom.bottom &&
        top(c.y + 1, dy) > zoom.top;
      const shown = (dx = 0, dy = 0) => (every ? cells.every((c) => inView(c, dx, dy)) : cells.some((c) => inView(c, dx, dy)));
      const clear = (dx, dy) => shown(dx, dy) && !cells.some((c) => underButton(c, dx, dy));
      if (shown() && (!clearButtons || clear(0, 0))) return;
      if (shown()) {
        // Some cells in view, some under a button: the smallest move of the
        // view, at the same zoom, that takes them from under the buttons
        // (to the buttons' left, above or below them) and keeps one in view.
        const moves = cells
          .filter((c) => underButton(c))
          .flatMap((c) => [
            [(left(c.x + 1) - zoom.left + 8) * s, 0],
            [0, (top(c.y + 1) - zoom.top + 8) * s],
            [0, -(zoom.bottom - top(c.y) + 8) * s],
          ])
          .sort((a, b) => Math.hypot(...a) - Math.hypot(...b));
        const move = moves.find(([dx, dy]) => clear(dx, dy));
        if (move) {
          this.view = { ...this.view, x: this.view.x + move[0], y: this.view.y + move[1] };
          this.applyView();
          return;
        }
      }
    }
    let w = x1 - x0;
    let h = y1 - y0;
    // Never closer than 1.4 px per unit on a small board.
    w = Math.max(w, usable / 1.4);
    if (w / h < aspect) w = h * aspect;
    else h = w / aspect;
    const smallest = r.width < 700 ? TAPPABLE_PX_PER_UNIT : TAPPABLE_PX_PER_UNIT * 0.6;
    if (!exact && w > usable / smallest) {
      w = usable / smallest;
      h = w / aspect;
    }
    if (!Number.isFinite(w) || !Number.isFinite(h)) return;
    // `w` spans the usable width; the view spans the whole board element.
    this.view = { x: (x0 + x1) / 2 - w / 2, y: (y0 + y1) / 2 - h / 2, w: (w * r.width) / usable, h };
    this.applyView();
  }

  /**
   * Brings `cells` into view without moving what is shown, zooming out if
   * needed; with `clearButtons`, also from under the zoom buttons; with
   * `every`, all of them (otherwise one is enough).
   */
  ensureVisible(cells, clearButtons = false, every = false) {
    this.frame(cells, false, clearButtons, every);
  }

  /**
   * Zooms in on `cells` (with a cell of context around them) when the board
   * draws a cell smaller than `px` pixels; never zooms out.
   */
  focus(cells, px = 75) {
    if (!cells.length) return;
    const now = 1 / this.unitsPerPixel();
    if (now * CELL >= px) return;
    const before = this.view;
    const xs = cells.map((c) => c.x);
    const ys = cells.map((c) => c.y);
    this.frame([{ x: Math.min(...xs) - 1, y: Math.min(...ys) - 1 }, { x: Math.max(...xs) + 1, y: Math.max(...ys) + 1 }], true);
    if (1 / this.unitsPerPixel() < now) {
      this.view = before;
      this.applyView();
    }
  }

  applyView() {
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.w.toFixed(1)} ${v.h.toFixed(1)}`);
    this.svg.dataset.zoom = (1 / this.unitsPerPixel()).toFixed(3);
  }

  // ---------------------------------------------------------------- drawing

  tileAt(pos) {
    return this.shown?.tiles.find((t) => t.pos.x === pos.x && t.pos.y === pos.y);
  }

  /**
   * Draws `view` (a GameView) with `marks` ({lastTurns: [{seat, pos}], start:
   * boolean}) and the targets of `interaction` (see Controller.interaction).
   */
  render(view, marks, interaction, advice = null) {
    const first = this.shown === null;
    this.shown = view;
    this.interaction = interaction;
    for (const layer of Object.values(this.layers)) layer.replaceChildren();
    this.drawTiles(view, marks);
    this.drawPieces(view);
    /** The cells the advice marks are drawn on (to bring them into view). */
    this.adviceCells = (advice ?? []).flatMap((a) => this.drawAdvice(a.move, view, a.label, a.cls));
    // The labels over every mark's tile: a proposed tile does not hide the hint's label.
    for (const g of [...this.layers.advice.children]) {
      const labels = [...g.querySelectorAll(".advice-label")];
      if (!labels.length) continue;
      const top = el("g", { class: `advice-labels ${g.getAttribute("class").replace(/\badvice\b/, "").trim()}`, "data-move": g.dataset.move, "aria-hidden": "true" });
      top.append(...labels);
      this.layers.advice.append(top);
    }
    if (interaction) this.drawInteraction(interaction);
    if (first) this.firstView();
  }

  drawTiles(view, marks) {
    const { ground, items, marks: layer } = this.layers;
    for (const t of view.tiles) {
      const art = tileArt(t.design, t.rotation);
      const at = `translate(${t.pos.x * CELL},${t.pos.y * CELL})`;
      ground.append(fragment(art.ground, { transform: at, class: "tile", "data-x": t.pos.x, "data-y": t.pos.y, "data-design": t.design }));
      if (art.items) items.append(fragment(art.items, { transform: at }));
    }
    const start = view.tiles.filter((t) => t.start);
    if (start.length) {
      const x0 = Math.min(...start.map((t) => t.pos.x));
      const y0 = Math.min(...start.map((t) => t.pos.y));
      layer.append(el("rect", { x: x0 * CELL, y: y0 * CELL, width: start.length * CELL, height: CELL, class: "start-outline" }));
    }
    // Every player's last tile, until their next turn: a frame in their
    // colour with their shape in a corner.
    for (const m of marks.lastTurns) {
      const g = el("g", { class: `last-turn seat-${m.seat}`, "data-seat": m.seat, "data-x": m.pos.x, "data-y": m.pos.y });
      g.append(el("rect", { x: m.pos.x * CELL + 3, y: m.pos.y * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 4, class: "last-frame", stroke: playerColour(m.seat) }));
      // A square tab on the frame's corner, drawn above the watering-hole
      // tokens: it cannot be taken for a (round) token.
      const cx = m.pos.x * CELL + 13;
      const cy = m.pos.y * CELL + 13;
      g.append(el("rect", { x: cx - 11, y: cy - 11, width: 22, height: 22, rx: 3, fill: "#fff", stroke: playerColour(m.seat), "stroke-width": 3 }));
      g.append(fragment(mark(cx, cy, 6.5, m.seat, playerColour(m.seat))));
      layer.append(g);
    }
  }

  drawPieces(view) {
    const { water, pieces } = this.layers;
    const owners = new Map();
    for (const m of view.meeples) if (m.spot.type === "hole") owners.set(`${m.spot.pos.x},${m.spot.pos.y},${m.spot.corner}`, m.player);
    for (const h of view.water_holes) {
      for (const t of h.tokens) {
        const owner = owners.get(`${t.pos.x},${t.pos.y},${t.corner}`);
        water.append(fragment(waterToken(t.corner, t.animal, owner), { transform: `translate(${t.pos.x * CELL},${t.pos.y * CELL})` }));
      }
    }
    for (const m of view.meeples) {
      if (m.spot.type === "hole") continue;
      const t = this.tileAt(m.spot.pos);
      if (!t) continue;
      const p = tileArt(t.design, t.rotation).spotOf.get(String(m.spot.type === "baobab" ? "baobab" : m.spot.seg));
      if (!p) continue;
      pieces.append(fragment(meeple(t.pos.x * CELL + p.x, t.pos.y * CELL + p.y + 9, m.player), { "data-spot": m.spot.type }));
    }
    for (const r of view.rangers) pieces.append(fragment(ranger(r.x * CELL + 50, r.y * CELL + 50)));
  }

  /** Outlines a feature's segments between the ground and the badges. */
  highlightFeature(feature, cls = "feature-highlight", layer = this.layers.highlight) {
    if (!feature) return;
    for (const s of feature.segments) {
      const t = this.tileAt(s.pos);
      if (!t) continue;
      const d = tileArt(t.design, t.rotation).outlines[s.seg];
      layer.append(el("path", { d, transform: `translate(${s.pos.x * CELL},${s.pos.y * CELL})`, class: `${cls} ${t.segments[s.seg].kind}` }));
    }
  }

  /** Outlines cells (a log line's tiles). */
  highlightCells(cells) {
    this.layers.ghost.replaceChildren();
    for (const c of cells) {
      this.layers.ghost.append(el("rect", { x: c.x * CELL + 1, y: c.y * CELL + 1, width: CELL - 2, height: CELL - 2, rx: 6, class: "log-highlight" }));
    }
  }

  target(tag, attrs, data, label) {
    const node = el(tag, { ...attrs, tabindex: 0, role: "button", "aria-label": label, focusable: "true" });
    node.classList.add("target");
    for (const [k, v] of Object.entries(data)) node.dataset[k] = v;
    return node;
  }

  cellTarget(pos, cls, data, label) {
    return this.target("rect", { x: pos.x * CELL + 4, y: pos.y * CELL + 4, width: CELL - 8, height: CELL - 8, rx: 8, class: cls }, { x: pos.x, y: pos.y, ...data }, label);
  }

  pointsLabel(x, y, text, cls = "points-label") {
    const g = el("g", { class: cls, "aria-hidden": "true" });
    const w = 10 + 8 * text.length;
    g.append(el("rect", { x: x - w / 2, y: y - 11, width: w, height: 22, rx: 11 }));
    g.append(el("text", { x, y: y + 5.5, "text-anchor": "middle" }, [document.createTextNode(text)]));
    return g;
  }

  drawInteraction(it) {
    const { targets } = this.layers;
    if (it.kind === "place") {
      for (const p of it.placements) {
        const fits = p.rotations.includes(it.rotation);
        const label = `${fits ? "Place the tile" : "Turn the tile to fit"} ${cellInWords(`${p.pos.x},${p.pos.y}`)}${p.points ? `: a ranger is there, +${p.points} points` : ""}`;
        targets.append(this.cellTarget(p.pos, fits ? "place-target" : "place-other", { act: fits ? "place" : "rotate-to", rotations: p.rotations.join(",") }, label));
        // ↻ in the corner, clear of a ranger in the middle (and of the +3 at the top right).
        if (!fits) targets.append(el("text", { x: p.pos.x * CELL + 22, y: p.pos.y * CELL + 88, "text-anchor": "middle", class: "rotate-hint", "aria-hidden": "true" }, [document.createTextNode("\u21bb")]));
        if (p.points) targets.append(this.pointsLabel(p.pos.x * CELL + 74, p.pos.y * CELL + 22, `+${p.points}`));
      }
    } else if (it.kind === "action") {
      this.drawActionTargets(it);
    } else if (it.kind === "return") {
      for (const r of it.legal.returns) targets.append(this.cellTarget(r, "return-target", { act: "move", move: `return ${r.x},${r.y}` }, `Put the ranger back ${cellInWords(`${r.x},${r.y}`)}`));
    } else if (it.kind === "boost") {
      this.highlightFeature(it.feature, "feature-scoring", this.layers.advice);
    }
  }

  drawActionTargets(it) {
    const { targets } = this.layers;
    const placed = this.shown.placed;
    const tile = placed ? this.tileAt(placed) : null;
    if (tile) {
      const art = tileArt(tile.design, tile.rotation);
      for (const m of it.legal.meeples) {
        const p = art.spotOf.get(String(m.target));
        if (!p) continue;
        const seg = m.target === "baobab" ? null : tile.segments[m.target];
        const what = seg ? `the ${seg.kind}` : "the baobab";
        const spot = this.target("circle", { cx: placed.x * CELL + p.x, cy: placed.y * CELL + p.y, r: 13, class: "meeple-target" }, { act: "move", move: `meeple ${m.target}`, spot: String(m.target) }, `Put a meeple on ${what} of your tile`);
        if (m.feature) spot.dataset.feature = JSON.stringify(this.shown.features.find((f) => f.id.pos.x === m.feature.pos.x && f.id.pos.y === m.feature.pos.y && f.id.seg === m.feature.seg) ?? null);
        targets.append(spot);
      }
    }
    for (const r of it.legal.rangers) {
      const selected = it.selectedRanger && it.selectedRanger.x === r.from.x && it.selectedRanger.y === r.from.y;
      targets.append(this.target("circle", { cx: r.from.x * CELL + 50, cy: r.from.y * CELL + 50, r: 26, class: `ranger-target${selected ? " selected" : ""}` }, { act: "select-ranger", x: r.from.x, y: r.from.y }, `Move the ranger ${cellInWords(`${r.from.x},${r.from.y}`)}`));
      if (selected) for (const to of r.to) targets.append(this.cellTarget(to, "ranger-to", { act: "move", move: `ranger ${r.from.x},${r.from.y} ${to.x},${to.y}` }, `Move the ranger to ${cellInWords(`${to.x},${to.y}`)}`));
    }
    if (it.showHoles) {
      it.legal.holes.forEach((h, i) => {
        const [cx, cy] = cornerOffset(h.corner);
        const x = h.pos.x * CELL + cx;
        const y = h.pos.y * CELL + cy;
        const selected = it.selectedHole === i;
        const label = `${h.kind === "dig" ? "Dig a watering hole" : "Expand a watering hole"} at the ${cornerInWords(h.corner)} corner of the tile ${cellInWords(`${h.pos.x},${h.pos.y}`)}: +${h.points} points`;
        targets.append(this.target("circle", { cx: x, cy: y, r: 14, class: `hole-target ${h.kind}${selected ? " selected" : ""}` }, { act: "select-hole", index: i }, label));
        // A dig always scores 3 (the panel says so); an expansion's points vary.
        if (h.kind === "expand") targets.append(this.pointsLabel(x, y, `+${h.points}`, "hole-points"));
      });
    }
  }

  /**
   * Draws a move the advisor suggests (`move`, in notation) on the board, in
   * the selection colour with a "Hint" label: the tile at its cell, the spot,
   * the ranger's path, the watering-hole corner. Moves with no place on the
   * board (pass, boost) draw nothing. Returns the cells drawn on. The label
   * of a square stays inside it (over no neighbour's animals): at its top
   * left, or at its bottom left for a move proposed or played, or a mark
   * asked to go low (`cls` "proposal", "played" or "low"), so that two marks
   * on one square keep both labels readable. A hint's alternative (`cls`
   * "alternative") draws no tile, only its frame and label.
   */
  drawAdvice(move, view, text = "Hint", cls = "") {
    const layer = el("g", { class: `advice ${cls}`, "data-move": move });
    this.layers.advice.append(layer);
    const [kind, ...args] = move.split(" ");
    const pos = (s) => {
      const [x, y] = s.split(",").map(Number);
      return { x, y };
    };
    const label = (x, y) => layer.append(this.pointsLabel(x, y, text, "advice-label"));
    const below = /\b(proposal|played|low)\b/.test(cls);
    // A square's label: inside it, in its top-left corner (clear of a
    // ranger's +3 at the top right) or its bottom-left one.
    const squareLabel = (p) => label(p.x * CELL + 6 + (10 + 8 * text.length) / 2, below ? (p.y + 1) * CELL - 15 : p.y * CELL + 15);
    const ring = (x, y, r) => layer.append(el("circle", { cx: x, cy: y, r, class: "advice-ring" }));
    const cells = [];
    if (kind === "place") {
      const p = pos(args[0]);
      const design = view.phase?.design;
      if (design && !/\balternative\b/.test(cls)) layer.append(fragment(tileArt(design, Number(args[1])).ground + tileArt(design, Number(args[1])).items, { transform: `translate(${p.x * CELL},${p.y * CELL})`, class: "advice-tile" }));
      layer.append(el("rect", { x: p.x * CELL + 2, y: p.y * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "advice-frame" }));
      squareLabel(p);
      cells.push(p);
    } else if (kind === "meeple" && view.placed) {
      const t = this.tileAt(view.placed);
      const spot = t ? tileArt(t.design, t.rotation).spotOf.get(args[0]) : null;
      if (spot) {
        ring(view.placed.x * CELL + spot.x, view.placed.y * CELL + spot.y, 17);
        label(view.placed.x * CELL + spot.x, view.placed.y * CELL + spot.y + (below ? 28 : -28));
        cells.push(view.placed);
      }
    } else if (kind === "ranger") {
      const [from, to] = [pos(args[0]), pos(args[1])];
      ring(from.x * CELL + 50, from.y * CELL + 50, 30);
      layer.append(el("line", { x1: from.x * CELL + 50, y1: from.y * CELL + 50, x2: to.x * CELL + 50, y2: to.y * CELL + 50, class: "advice-path" }));
      layer.append(el("rect", { x: to.x * CELL + 2, y: to.y * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "advice-frame" }));
      squareLabel(to);
      cells.push(from, to);
    } else if (kind === "dig" || kind === "expand") {
      const p = pos(args[0]);
      const [cx, cy] = cornerOffset(args[1]) ?? [50, 50];
      ring(p.x * CELL + cx, p.y * CELL + cy, 18);
      label(p.x * CELL + cx, p.y * CELL + cy + (below ? 30 : -30));
      cells.push(p);
    } else if (kind === "return") {
      const p = pos(args[0]);
      layer.append(el("rect", { x: p.x * CELL + 2, y: p.y * CELL + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "advice-frame" }));
      squareLabel(p);
      cells.push(p);
    }
    return cells;
  }

  // ---------------------------------------------------------------- events

  targetOf(e) {
    const t = e.target instanceof Element ? e.target.closest("[data-act]") : null;
    return t && this.svg.contains(t) ? t : null;
  }

  click(e) {
    if (this.dragged) {
      this.dragged = false;
      return;
    }
    if (performance.now() - (this.tappedAt ?? -1e9) < 800) return;
    const t = this.targetOf(e) ?? this.nearTarget(e.clientX, e.clientY);
    if (t) this.onAction({ ...t.dataset });
  }

  /** The round target (meeple spot, watering hole, ranger) nearest a tap that just missed it. */
  nearTarget(x, y) {
    let best = null;
    let bestDistance = TAP_SLOP;
    for (const c of this.layers.targets.querySelectorAll("circle.target")) {
      const r = c.getBoundingClientRect();
      const d = Math.hypot(x - (r.left + r.width / 2), y - (r.top + r.height / 2)) - r.width / 2;
      if (d < bestDistance) [best, bestDistance] = [c, d];
    }
    return best;
  }

  key(e) {
    if (e.key !== "Enter" && e.key !== " ") return;
    const t = this.targetOf(e);
    if (!t) return;
    e.preventDefault();
    this.onAction({ ...t.dataset });
  }

  hover(e, entering) {
    const t = this.targetOf(e);
    const { ghost, highlight } = this.layers;
    if (!entering) {
      ghost.replaceChildren();
      if (this.interaction?.kind !== "boost") highlight.replaceChildren();
      return;
    }
    if (!t) return;
    const it = this.interaction;
    if (t.dataset.act === "place" && it?.kind === "place") {
      const art = tileArt(it.design, it.rotation);
      ghost.replaceChildren(fragment(art.ground + art.items, { transform: `translate(${t.dataset.x * CELL},${t.dataset.y * CELL})`, class: "ghost" }));
    } else if (t.dataset.feature && t.dataset.feature !== "null") {
      highlight.replaceChildren();
      this.highlightFeature(JSON.parse(t.dataset.feature));
    }
  }
}

/** Where a watering-hole slot's target sits in its cell (the token's place). */
function cornerOffset(corner) {
  return { ne: [86, 14], se: [86, 86], sw: [14, 86], nw: [14, 14] }[corner];
}
