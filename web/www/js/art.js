// The engine's art and palette (carcassonne_safari::svg through the
// WebAssembly module): tiles, meeples, rangers, watering-hole tokens and
// colours. The page draws nothing of its own but its interaction marks.

export const CELL = 100;
export const SVG_NS = "http://www.w3.org/2000/svg";

let wasm = null;
let palette = null;
const tiles = new Map();
let catalogue = null;

/** Binds the art to the loaded engine module. */
export function useEngine(module) {
  wasm = module;
  palette = module.palette();
}

/** The catalogue's TileView of a design (unturned), for words about a tile. */
export function designInfo(design) {
  catalogue ??= new Map(wasm.tileDesigns().map((t) => [t.design, t]));
  return catalogue.get(design) ?? null;
}

/** The palette: {players: [{colour, name, mark}], selection, animals: [{letter, name, colour}]}. */
export function colours() {
  return palette;
}

export function playerColour(seat) {
  return palette.players[seat]?.colour ?? "#888";
}

export function animal(letter) {
  return palette.animals.find((a) => a.letter === letter) ?? { letter, name: letter, colour: "#444" };
}

/** The art of a design turned `rotation` degrees (cached): {ground, items, spots, outlines, badges}. */
export function tileArt(design, rotation) {
  const key = `${design}@${rotation}`;
  let art = tiles.get(key);
  if (!art) {
    art = wasm.tileArt(design, rotation);
    art.spotOf = new Map(art.spots.map(([target, p]) => [String(target), p]));
    tiles.set(key, art);
  }
  return art;
}

/** Creates an SVG element with attributes and children. */
export function el(name, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  for (const child of children) node.append(child);
  return node;
}

/** A group holding SVG markup made by the engine. */
export function fragment(markup, attrs = {}) {
  const g = el("g", attrs);
  g.innerHTML = markup;
  return g;
}

/** A whole tile (ground and items) at the origin. */
export function tileGroup(design, rotation, attrs = {}) {
  const art = tileArt(design, rotation);
  return fragment(art.ground + art.items, { class: "tile", ...attrs });
}

export const meeple = (x, y, seat) => wasm.meepleSvg(x, y, seat);
export const mark = (x, y, r, seat, fill = "#fff") => wasm.markSvg(x, y, r, seat, fill);
export const ranger = (x, y) => wasm.rangerSvg(x, y);
export const waterToken = (corner, animalLetter, owner) => wasm.waterTokenSvg(corner, animalLetter, owner ?? undefined);
export const badge = (x, y, letter) => wasm.animalBadgeSvg(x, y, letter);

/** A small standalone SVG picture (for the panels): `markup` in a viewBox. */
export function picture(markup, viewBox, size, label) {
  const svg = el("svg", { viewBox, width: size, height: size, class: "icon", role: label ? "img" : undefined, "aria-label": label, "aria-hidden": label ? undefined : "true" });
  svg.innerHTML = markup;
  return svg;
}

/** A seat's shape as a small standalone picture (next to names). */
export function seatIcon(seat, size = 16) {
  const svg = el("svg", { viewBox: "0 0 20 20", width: size, height: size, class: "seat-icon", "aria-hidden": "true" });
  svg.innerHTML = mark(10, 10, 7.5, seat, playerColour(seat));
  return svg;
}
