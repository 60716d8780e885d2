// Start-up: load the WebAssembly, build the controller, wire the buttons and
// keys, and start a game (the URL may set ?seed=N&seats=human,greedy&pace=ms).

import init, * as wasm from "../pkg/carcassonne_safari_web.js";
import { Controller } from "./controller.js";
import { SetupDialog, renderLegend, setStatus, showPanic } from "./controls.js";

const $ = (id) => document.getElementById(id);

let controller = null;
// A panic before the controller exists still reaches the page.
globalThis.onWasmPanic = (message) => (controller ? controller.panic(message) : showPanic(message));

function optionsFromUrl(defaultBot) {
  const q = new URLSearchParams(location.search);
  const seed = q.has("seed") ? Number(q.get("seed")) : Math.floor(Math.random() * 1_000_000);
  const seats = q.has("seats") ? q.get("seats").split(",") : ["human", defaultBot];
  const pace = q.has("pace") ? Number(q.get("pace")) : 350;
  return { options: { seed, seats }, pace: Number.isFinite(pace) && pace >= 0 ? pace : 350 };
}

async function main() {
  await init();
  const levels = wasm.botLevels();
  const defaultBot = wasm.defaultBot();
  const { options, pace } = optionsFromUrl(defaultBot);
  controller = new Controller(wasm, { pace });
  const setup = new SetupDialog(levels, defaultBot);
  renderLegend();

  $("btn-new").addEventListener("click", async () => {
    const chosen = await setup.open(controller.options?.seats?.length ? controller.options : options);
    if (chosen) controller.newGame(chosen);
  });
  $("btn-undo").addEventListener("click", () => controller.undo());
  $("btn-export").addEventListener("click", () => controller.exportRecord());
  $("btn-load").addEventListener("click", () => $("file-load").click());
  $("btn-summary").addEventListener("click", () => controller.showSummary());
  $("file-load").addEventListener("change", async (e) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (file) controller.loadRecord(await file.text(), `“${file.name}”`);
  });
  $("zoom-in").addEventListener("click", () => controller.board.zoomAt(1 / 1.25));
  $("zoom-out").addEventListener("click", () => controller.board.zoomAt(1.25));
  $("zoom-fit").addEventListener("click", () => controller.board.fit());
  $("message-close").addEventListener("click", () => ($("message").hidden = true));
  $("summary-close").addEventListener("click", () => $("summary").close());
  for (const where of ["first", "prev", "next", "last"]) {
    $(`rp-${where}`).addEventListener("click", () => controller.stepReplay(where));
  }
  $("rp-play").addEventListener("click", async () => {
    const n = controller.players();
    const seats = ["human", ...Array(n - 1).fill(defaultBot)];
    const chosen = await setup.open({ seed: options.seed, seats }, n);
    if (chosen) controller.continueFrom(chosen);
  });
  $("rp-close").addEventListener("click", async () => {
    const chosen = await setup.open(controller.options?.seats?.length ? controller.options : options);
    if (chosen) controller.newGame(chosen);
  });

  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement || e.ctrlKey || e.metaKey || e.altKey) return;
    if (document.querySelector("dialog[open]")) return;
    if (e.key === "r" || e.key === "R") {
      controller.rotate(e.shiftKey ? -90 : 90);
    } else if (e.key === "u" || e.key === "U") {
      controller.undo();
    } else if (controller.mode === "replay") {
      const where = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
      if (where) {
        e.preventDefault();
        controller.stepReplay(where);
      }
    }
  });

  // For tests and the curious: the controller and the engine module.
  globalThis.safari = { controller, wasm };
  controller.newGame(options);
  document.body.dataset.ready = "true";
}

main().catch((e) => {
  setStatus("Could not start");
  showPanic(`the game could not start: ${e?.message ?? e}`);
  console.error(e);
});
