// Catalog and solutions: every built-in puzzle with its published counts; its pieces in 3D;
// the first solution; browsing solutions (one per class) with explode, layers, assembly order
// and the disassembly; counting under all three conventions with live progress and Cancel.
"use strict";
(() => {
  const { el, msg, fmt, post, get, countLive, countsTable, showViewer } = Wurfel;
  let ui = null;
  let current = null;

  function init(sec) {
    ui = {
      list: el("tbody"),
      title: el("h2", { text: "Pick a puzzle" }),
      about: el("div", { class: "muted" }),
      distinct: el("select", { id: "cat-distinct" },
        el("option", { value: "rotations", text: "one per rotation class" }),
        el("option", { value: "rotations_reflections", text: "one per rotation/reflection class" }),
        el("option", { value: "raw", text: "every placement (raw)" })),
      howMany: el("input", { id: "cat-limit", type: "number", min: "1", max: "200", value: "20", style: "width:64px" }),
      disassemble: el("input", { id: "cat-dis", type: "checkbox", checked: true }),
      countDis: el("input", { id: "cat-count-dis", type: "checkbox" }),
      out: el("div", { id: "cat-out" }),
      counts: el("div", { id: "cat-counts" }),
      bar: el("div", { class: "progress" }, el("div")),
      stats: el("div", { class: "stats muted", id: "cat-progress" }),
      frame: el("iframe", { class: "viewer", id: "cat-viewer", title: "3D viewer" }),
    };
    const b = (id, text, onclick, primary) => el("button", { id, class: primary ? "primary" : "", text, onclick });
    ui.count = b("cat-count", "Count", doCount, true);
    ui.buttons = [b("cat-pieces", "Pieces", doPieces), b("cat-plate", "Print plate (.3mf)", doPlate), b("cat-solve", "Solve", () => doSolutions(1)),
      b("cat-browse", "Browse solutions", () => doSolutions(Number(ui.howMany.value) || 20))];
    sec.append(
      el("div", { class: "side" },
        el("div", { class: "panel", style: "flex:1" },
          el("h2", { text: "Built-in puzzles" }),
          el("table", { id: "cat-table" },
            el("thead", {}, el("tr", {}, el("th", { text: "puzzle" }), el("th", { class: "num", text: "pieces" }),
              el("th", { class: "num", text: "cells" }), el("th", { text: "published" }))),
            ui.list))),
      el("div", { class: "grow" },
        el("div", { class: "panel" },
          ui.title, ui.about,
          el("div", { class: "row" }, ui.buttons, ui.count,
            el("label", { title: "also decide for each assembly whether it comes apart (slower)" }, ui.countDis, " count disassemblies")),
          el("div", { class: "row" }, el("label", { for: "cat-limit", text: "solutions" }), ui.howMany, ui.distinct,
            el("label", {}, ui.disassemble, " with disassembly")),
          ui.bar, ui.stats, ui.out, ui.counts),
        ui.frame));
    setEnabled(false);
    get("/catalog").then((rows) => {
      for (const p of rows) {
        const pub = p.published.map((c) => fmt(c.count) + " " + c.convention.replace("rotations_reflections", "rot+refl")).join(", ");
        const tr = el("tr", { class: "pick", "data-id": p.id, onclick: () => pick(p, tr) },
          el("td", {}, el("div", { text: p.name }), el("div", { class: "muted mono", text: p.id })),
          el("td", { class: "num", text: p.pieces }), el("td", { class: "num", text: p.cells }),
          el("td", { class: "muted", text: pub || "–" }));
        ui.list.append(tr);
      }
    }).catch((e) => msg(ui.out, "error", e.message));
  }

  function setEnabled(on) {
    for (const x of ui.buttons) x.disabled = !on;
    ui.count.disabled = !on;
  }

  function pick(p, tr) {
    if (ui.count.dataset.busy) return;
    current = p;
    for (const r of ui.list.children) r.classList.toggle("sel", r === tr);
    ui.title.textContent = p.name;
    ui.about.textContent = p.pieces + " pieces, " + p.cells + " cells · published: " +
      (p.published.map((c) => fmt(c.count) + " " + c.convention).join(", ") || "none");
    ui.counts.textContent = "";
    ui.stats.textContent = "";
    ui.bar.firstChild.style.width = "0";
    ui.bar.classList.remove("partial");
    msg(ui.out);
    setEnabled(true);
    doPieces();
  }

  async function busy(what, f) {
    setEnabled(false);
    msg(ui.out, "info", what);
    try { await f(); } catch (e) { msg(ui.out, "error", e.message); } finally { setEnabled(true); }
  }

  function doPieces() {
    const p = current;
    return busy("drawing the pieces…", async () => {
      showViewer(ui.frame, await post("/view/pieces", { puzzle: p.id }));
      msg(ui.out);
    });
  }

  // Every copy of every piece laid flat on a 200 mm plate: a 3MF file to download.
  function doPlate() {
    const p = current;
    return busy("laying the pieces on the plate…", async () => {
      const blob = await Wurfel.call("POST", "/plate", { puzzle: p.id });
      const a = el("a", { href: URL.createObjectURL(blob), download: p.id + "-plate.3mf" });
      document.body.append(a);
      a.click();
      a.remove();
      msg(ui.out, "good", "saved " + p.id + "-plate.3mf: every piece on its largest flat face, 10 mm cubes, 0.2 mm gap (the CLI: wurfel pieces " + p.id + " --export plate.3mf --plate)");
    });
  }

  function doSolutions(limit) {
    const p = current;
    const body = { puzzle: p.id, limit, distinct: ui.distinct.value, disassemble: ui.disassemble.checked };
    return busy(limit === 1 ? "solving…" : "finding " + limit + " solutions…", async () => {
      const t = performance.now();
      const html = await post("/view/solve", body);
      showViewer(ui.frame, html);
      const n = (html.match(/"title":/g) || []).length;
      msg(ui.out, "good", (n === 1 ? "first solution" : n + " solutions (" + ui.distinct.selectedOptions[0].text + ")") +
        " in " + ((performance.now() - t) / 1000).toFixed(2) + " s — use ◀ ▶ in the viewer to browse" +
        (body.disassemble ? ", “take apart” to watch the disassembly" : ""));
    });
  }

  async function doCount() {
    if (ui.count.dataset.busy) return;
    const p = current;
    for (const x of ui.buttons) x.disabled = true;
    msg(ui.out);
    ui.counts.textContent = "";
    ui.bar.classList.remove("partial");
    try {
      const body = { puzzle: p.id };
      if (ui.countDis.checked) body.disassemble = true;
      const out = await countLive(body, { bar: ui.bar, stats: ui.stats, button: ui.count });
      if (current !== p) return;  // another puzzle was picked meanwhile: not its counts
      if (out.result) {
        ui.counts.append(countsTable(out.result, out.stopped));
        ui.bar.firstChild.style.width = out.result.complete ? "100%" : ui.bar.firstChild.style.width;
      }
      ui.bar.classList.toggle("partial", !!out.stopped);
      if (out.stopped) msg(ui.out, "warn", out.stopped + (out.result ? " — the counts below are partial: each is a lower bound, not checked against the published count" : ""));
    } catch (e) {
      msg(ui.out, "error", e.message);
    } finally {
      setEnabled(true);
    }
  }

  Wurfel.pages.catalog = { init };
})();
