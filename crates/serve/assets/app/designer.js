// Designer: the target and every piece as voxels, edited layer by layer; live checks by the
// server with the CLI's messages; "is it unique?", count and estimate; undo/redo; TOML and
// BurrTools files in and out; a shareable link carrying the puzzle in the URL fragment (so
// nothing is stored on the server).
"use strict";
(() => {
  const { el, msg, fmt, post, countLive, countsTable, showViewer, duration } = Wurfel;
  const MAX_SIDE = 12;
  const key = (c) => c.join(",");
  const unkey = (k) => k.split(",").map(Number);

  // The model: a box of `dims`; the target's cells (each "fixed" or "optional"); pieces with
  // their cells in the same box and a count (min..count copies).
  let model = null;
  let sel = -1;           // -1: the target; else a piece index
  let brush = "fixed";    // target cells: "fixed" or "optional"
  let past = [], future = [];
  let colours = [];       // as the 3D viewer coloured the pieces
  let ui = null;
  let timer = null;
  let seq = 0;

  function blank() {
    return { name: "my puzzle", dims: [3, 3, 3], target: {}, pieces: [{ name: "A", count: 1, min: 1, cells: [] }] };
  }

  // ---- the puzzle file (what every request sends) ----
  const cellList = (cells) => "[" + cells.map((c) => "[" + c.join(", ") + "]").join(", ") + "]";
  const q = (s) => JSON.stringify(s);  // a TOML basic string is a JSON string
  function toToml(m) {
    const fixed = Object.keys(m.target).map(unkey);
    const optional = fixed.filter((c) => m.target[key(c)] === "optional");
    let t = "id = " + q(slug(m.name)) + "\nname = " + q(m.name) + "\n\n[target]\ncells = " + cellList(fixed) + "\n";
    if (optional.length) t += "optional = " + cellList(optional) + "\n";
    for (const p of m.pieces) {
      t += "\n[[piece]]\nname = " + q(p.name) + "\ncells = " + cellList(p.cells.map(unkey)) + "\n";
      t += p.min === p.count ? "count = " + p.count + "\n" : "min = " + p.min + "\nmax = " + p.count + "\n";
    }
    return t;
  }
  const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "puzzle";
  const source = () => ({ puzzle_text: toToml(model), format: "toml" });

  // ---- the link: the model, compact, base64url in the fragment ----
  function encode(m) {
    const compact = { n: m.name, d: m.dims, t: Object.entries(m.target).map(([k, v]) => unkey(k).concat(v === "optional" ? [1] : [])),
      p: m.pieces.map((p) => ({ n: p.name, c: p.count, m: p.min, s: p.cells.map(unkey) })) };
    const bytes = new TextEncoder().encode(JSON.stringify(compact));
    let bin = "";
    for (const b of bytes) bin += String.fromCharCode(b);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  function decode(s) {
    const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/"));
    const c = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
    const target = {};
    for (const v of c.t) target[key(v.slice(0, 3))] = v[3] ? "optional" : "fixed";
    return { name: String(c.n), dims: c.d.map(Number), target, pieces: c.p.map((p) => ({ name: String(p.n), count: p.c, min: p.m, cells: p.s.map(key) })) };
  }

  // ---- history ----
  const snapshot = () => JSON.stringify(model);
  function commit(before) {
    if (before === snapshot()) return;
    past.push(before);
    if (past.length > 200) past.shift();
    future = [];
    changed();
  }
  function undo() { if (past.length) { future.push(snapshot()); model = JSON.parse(past.pop()); fix(); changed(); } }
  function redo() { if (future.length) { past.push(snapshot()); model = JSON.parse(future.pop()); fix(); changed(); } }
  function fix() { if (sel >= model.pieces.length) sel = model.pieces.length - 1; }

  // ---- page ----
  function init(sec) {
    model = blank();
    const num = (id, v, onchange) => el("input", { id, type: "number", min: "1", max: String(MAX_SIDE), value: String(v), style: "width:52px", onchange });
    ui = {
      name: el("input", { id: "ds-name", type: "text", size: "20", onchange: () => edit(() => { model.name = ui.name.value || "puzzle"; }) }),
      dims: [0, 1, 2].map((k) => num("ds-dim-" + "xyz"[k], 3, () => resize())),
      objects: el("ul", { class: "objects", id: "ds-objects" }),
      layers: el("div", { class: "layers", id: "ds-layers" }),
      brushRow: el("div", { class: "row" }),
      check: el("div", { id: "ds-check" }),
      out: el("div", { id: "ds-out" }),
      counts: el("div", { id: "ds-counts" }),
      bar: el("div", { class: "progress" }, el("div")),
      stats: el("div", { class: "stats muted", id: "ds-progress" }),
      frame: el("iframe", { class: "viewer", id: "ds-viewer", title: "3D preview", style: "min-height:320px" }),
      file: el("input", { type: "file", id: "ds-file", accept: ".toml,.xmpuzzle,.xml,text/plain", hidden: true, onchange: importFile }),
    };
    const b = (id, text, onclick, cls) => el("button", { id, text, onclick, class: cls || "" });
    ui.undo = b("ds-undo", "↶ Undo", undo);
    ui.redo = b("ds-redo", "↷ Redo", redo);
    ui.count = b("ds-count", "Count", doCount, "primary");
    ui.unique = b("ds-unique", "Is it unique?", doUnique);
    ui.estimate = b("ds-estimate", "Estimate", doEstimate);
    for (const [v, text] of [["fixed", "cell"], ["optional", "optional cell (may stay empty)"]]) {
      const r = el("input", { type: "radio", name: "ds-brush", value: v, checked: v === brush, onchange: () => { brush = v; } });
      ui.brushRow.append(el("label", {}, r, " " + text));
    }
    sec.append(
      el("div", { class: "side", style: "width:330px" },
        el("div", { class: "panel" },
          el("h2", { text: "Puzzle" }),
          el("div", { class: "row" }, el("label", { for: "ds-name", text: "name" }), ui.name),
          el("div", { class: "row" }, el("label", { text: "box" }), ui.dims[0], "×", ui.dims[1], "×", ui.dims[2]),
          el("div", { class: "row" }, ui.undo, ui.redo, b("ds-new", "New", () => edit(() => { model = blank(); sel = -1; }))),
          el("div", { class: "row" }, b("ds-import", "Import…", () => ui.file.click()), ui.file,
            b("ds-export-toml", "Export TOML", () => exportAs("toml")), b("ds-export-xm", "Export .xmpuzzle", () => exportAs("xmpuzzle"))),
          el("div", { class: "row" }, b("ds-share", "Copy share link", share)),
          el("div", { class: "row" }, b("ds-example", "Example: 3x3x3 in three pieces", example))),
        el("div", { class: "panel", style: "flex:1" },
          el("h2", { text: "Target and pieces" }), ui.objects,
          el("div", { class: "row" }, b("ds-add", "+ piece", addPiece)))),
      el("div", { class: "grow" },
        el("div", { class: "panel" },
          el("h2", { id: "ds-editing" }),
          el("div", { class: "muted", text: "Layers top first (z = top … 0), each seen from above with y up: click or drag to fill or empty cells." }),
          ui.brushRow, ui.layers),
        el("div", { class: "panel" },
          el("h2", { text: "Checks and answers" }), ui.check,
          el("div", { class: "row" }, ui.unique, ui.count, ui.estimate),
          ui.bar, ui.stats, ui.out, ui.counts),
        ui.frame));
    document.addEventListener("keydown", (ev) => {
      if (sec.hidden || !(ev.ctrlKey || ev.metaKey) || ev.target.tagName === "INPUT") return;
      if (ev.key === "z" && !ev.shiftKey) { ev.preventDefault(); undo(); }
      if (ev.key === "y" || (ev.key === "Z" && ev.shiftKey) || (ev.key === "z" && ev.shiftKey)) { ev.preventDefault(); redo(); }
    });
    document.addEventListener("pointerup", () => { if (stroke) { const s = stroke; stroke = null; commit(s.before); } });
    changed();
  }

  function show(params) {
    const p = params.get("p");
    if (!p || p === encode(model)) return;
    try {
      const before = snapshot();
      model = decode(p);
      sel = -1;
      commit(before);
      changed();
    } catch (e) {
      msg(ui.out, "error", "cannot read the puzzle in this link: " + e.message);
    }
  }

  function edit(f) {
    const before = snapshot();
    f();
    fix();
    commit(before);
    changed();
  }

  function resize() {
    const d = ui.dims.map((i) => Math.max(1, Math.min(MAX_SIDE, Number(i.value) || 1)));
    edit(() => {
      model.dims = d;
      const inside = (k) => unkey(k).every((v, i) => v < d[i]);
      for (const k of Object.keys(model.target)) if (!inside(k)) delete model.target[k];
      for (const p of model.pieces) p.cells = p.cells.filter(inside);
    });
  }

  function addPiece() {
    edit(() => {
      const used = new Set(model.pieces.map((p) => p.name));
      let n = 0;
      while (used.has(String.fromCharCode(65 + (n % 26)) + (n >= 26 ? Math.floor(n / 26) : ""))) n++;
      model.pieces.push({ name: String.fromCharCode(65 + (n % 26)) + (n >= 26 ? Math.floor(n / 26) : ""), count: 1, min: 1, cells: [] });
      sel = model.pieces.length - 1;
    });
  }

  // ---- drawing the editor ----
  let stroke = null;
  function drawObjects() {
    ui.objects.textContent = "";
    const target = el("li", { class: sel === -1 ? "sel" : "", "data-object": "target", onclick: () => select(-1) },
      el("span", { class: "sw", style: "background:" + (colours[0] || "#bbb") }), el("b", { text: "Target" }),
      el("span", { class: "muted", text: Object.keys(model.target).length + " cells" }));
    ui.objects.append(target);
    model.pieces.forEach((p, i) => {
      // Editing a piece's fields selects it too (without redrawing the field being edited).
      const focus = () => select(i);
      const name = el("input", { type: "text", value: p.name, onfocus: focus,
        onchange: (e) => edit(() => { p.name = e.target.value.trim() || p.name; }) });
      const count = el("input", { type: "number", min: "1", max: "99", value: String(p.count), title: "copies (the most a solution uses)",
        onfocus: focus, onchange: (e) => edit(() => { p.count = Math.max(1, Number(e.target.value) || 1); p.min = Math.min(p.min, p.count); }) });
      const min = el("input", { type: "number", min: "0", max: "99", value: String(p.min), title: "fewest copies a solution uses (a range when below the count)",
        onfocus: focus, onchange: (e) => edit(() => { p.min = Math.max(0, Math.min(p.count, Number(e.target.value) || 0)); }) });
      const del = el("button", { text: "✕", title: "remove this piece", onclick: (e) => { e.stopPropagation(); edit(() => { model.pieces.splice(i, 1); if (sel >= i) sel--; }); } });
      ui.objects.append(el("li", { class: sel === i ? "sel" : "", "data-object": "piece-" + i, onclick: () => select(i) },
        el("span", { class: "sw", style: "background:" + (colours[i + 1] || "#fff") }), name,
        el("span", { class: "muted", text: p.cells.length + "c" }), min, "…", count, del));
    });
  }

  function select(i) {
    if (sel === i) return;
    sel = i;
    for (const li of ui.objects.children) li.classList.toggle("sel", li.dataset.object === (i < 0 ? "target" : "piece-" + i));
    drawLayers();
  }

  function drawLayers() {
    const [X, Y, Z] = model.dims;
    const piece = sel >= 0 ? model.pieces[sel] : null;
    document.getElementById("ds-editing").textContent = piece ? "Piece " + piece.name : "Target";
    ui.brushRow.hidden = !!piece;
    const onCells = piece ? new Set(piece.cells) : null;
    const colour = (piece ? colours[sel + 1] : colours[0]) || "#9aa3b5";
    ui.layers.textContent = "";
    for (let z = Z - 1; z >= 0; z--) {
      const grid = el("div", { class: "grid", style: "grid-template-columns:repeat(" + X + ",24px)" });
      for (let y = Y - 1; y >= 0; y--) {
        for (let x = 0; x < X; x++) {
          const k = key([x, y, z]);
          const state = piece ? (onCells.has(k) ? "fixed" : null) : model.target[k] || null;
          const cell = el("button", { class: "cell" + (state ? " on" : "") + (state === "optional" ? " out" : ""), "data-cell": k, title: "[" + k + "]" });
          if (state === "fixed") cell.style.background = colour;
          cell.addEventListener("pointerdown", (ev) => {
            ev.preventDefault();
            const want = piece ? !onCells.has(k) : model.target[k] !== brush;
            stroke = { before: snapshot(), want };
            setCell(k, want);
          });
          cell.addEventListener("pointerenter", (ev) => { if (stroke && ev.buttons) setCell(k, stroke.want); });
          grid.append(cell);
        }
      }
      ui.layers.append(el("div", { class: "layer" }, el("span", { class: "muted", text: "z = " + z }), grid));
    }
  }

  function setCell(k, on) {
    if (sel >= 0) {
      const p = model.pieces[sel];
      const has = p.cells.includes(k);
      if (on && !has) p.cells.push(k);
      if (!on && has) p.cells = p.cells.filter((c) => c !== k);
    } else if (on) model.target[k] = brush;
    else delete model.target[k];
    drawLayers();
    drawObjects();
  }

  function draw() {
    ui.name.value = model.name;
    model.dims.forEach((d, i) => { ui.dims[i].value = String(d); });
    drawObjects();
    drawLayers();
    ui.undo.disabled = !past.length;
    ui.redo.disabled = !future.length;
  }

  // After every change: redraw, then (debounced) the server's checks and the 3D preview.
  function changed() {
    draw();
    ui.counts.textContent = "";
    clearTimeout(timer);
    timer = setTimeout(checkNow, 300);
  }

  async function checkNow() {
    const s = ++seq;
    try {
      const c = await post("/check", source());
      if (s !== seq) return;
      ui.check.textContent = "";
      const all = c.errors.map((m) => ["error", m]).concat(c.warnings.map((m) => ["warn", "warning: " + m]), c.notes.map((m) => ["info", "note: " + m]));
      for (const [kind, m] of all) ui.check.append(el("div", { class: "msg " + kind, text: m }));
      if (!all.length) ui.check.append(el("div", { class: "msg good", text: "ready: " + c.puzzle.pieces + " pieces, " + c.puzzle.cells + " target cells" }));
      ready(!c.errors.length);
    } catch (e) {
      if (s !== seq) return;
      msg(ui.check, "error", e.message);
      ready(false);
    }
    preview();
  }

  function ready(ok) {
    for (const x of [ui.count, ui.unique, ui.estimate]) if (!x.dataset.busy) x.disabled = !ok;
  }

  // The target, then every piece beside it (normalised to its corner), in the viewer.
  async function preview() {
    const pieces = [{ name: "target", cells: Object.keys(model.target).map(unkey) }];
    let x0 = model.dims[0] + 1;
    for (const p of model.pieces) {
      const cells = p.cells.map(unkey);
      if (!cells.length) { pieces.push({ name: p.name, cells: [] }); continue; }
      const lo = [0, 1, 2].map((k) => Math.min(...cells.map((c) => c[k])));
      const hi = Math.max(...cells.map((c) => c[0])) - lo[0];
      pieces.push({ name: p.name, cells: cells.map((c) => [c[0] - lo[0] + x0, c[1] - lo[1], c[2] - lo[2]]) });
      x0 += hi + 2;
    }
    try {
      const html = await post("/view/scene", { scenes: [{ title: model.name + " — target and pieces", pieces }] });
      const frame = ui.frame;
      showViewer(frame, html, true);
      frame.addEventListener("load", () => {
        const w = frame.contentWindow && frame.contentWindow.wurfel;
        if (!w) return;
        colours = w.scenes[0].pieces.map((p) => p.colour);
        drawObjects();
        drawLayers();
      }, { once: true });
    } catch (e) { /* the checks above say what is wrong */ }
  }

  // ---- answers ----
  async function doUnique() {
    ui.unique.disabled = true;
    msg(ui.out, "info", "looking for two solutions…");
    try {
      const sols = await post("/solve", Object.assign(source(), { limit: 2 }));
      const what = sols.length === 0 ? ["warn", "no solution"] : sols.length === 1 ? ["good", "unique: exactly one solution (up to rotations)"]
        : ["warn", "not unique: at least two solutions (up to rotations)"];
      msg(ui.out, what[0], what[1]);
      if (sols.length) showViewer(ui.frame, await post("/view/solve", Object.assign(source(), { limit: 2 })));
    } catch (e) {
      msg(ui.out, "error", e.message);
    } finally {
      ui.unique.disabled = false;
    }
  }

  async function doCount() {
    if (ui.count.dataset.busy) return;
    msg(ui.out);
    ui.counts.textContent = "";
    ui.unique.disabled = ui.estimate.disabled = true;
    try {
      const out = await countLive(source(), { bar: ui.bar, stats: ui.stats, button: ui.count });
      if (out.result) {
        ui.counts.append(countsTable(out.result));
        if (out.result.complete) ui.bar.firstChild.style.width = "100%";
      }
      if (out.stopped) msg(ui.out, "warn", "stopped: " + out.stopped);
    } catch (e) {
      msg(ui.out, "error", e.message);
    } finally {
      ui.unique.disabled = ui.estimate.disabled = false;
    }
  }

  async function doEstimate() {
    ui.estimate.disabled = true;
    msg(ui.out, "info", "estimating…");
    try {
      const e = await post("/estimate", Object.assign(source(), { probes: 20000, calibrate: 0.3 }));
      const i = (v, f) => f(v.estimate) + " (95%: " + f(v.low) + " to " + f(v.high) + ")";
      const n = (x) => (x < 1e12 ? fmt(Math.round(x)) : x.toExponential(2));
      msg(ui.out, "info", "estimate from " + fmt(e.probes) + " probes: " + i(e.solutions, n) + " raw solutions; " + i(e.nodes, n) +
        " nodes; CPU time " + i(e.cpu_seconds, duration) + " on one thread");
    } catch (err) {
      msg(ui.out, "error", err.message);
    } finally {
      ui.estimate.disabled = false;
    }
  }

  // ---- files and links ----
  async function importFile() {
    const f = ui.file.files[0];
    ui.file.value = "";
    if (!f) return;
    try {
      let bytes = new Uint8Array(await f.arrayBuffer());
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
        // A compressed .xmpuzzle: the server takes its XML.
        const s = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
        bytes = new Uint8Array(await new Response(s).arrayBuffer());
      }
      const text = new TextDecoder().decode(bytes);
      const c = await post("/check", { puzzle_text: text });
      const cells = (list) => list.map((x) => x.slice());
      const all = c.model.target.concat(...c.model.pieces.map((p) => p.cells));
      const lo = [0, 1, 2].map((k) => Math.min(...c.model.target.map((x) => x[k])));
      const dims = [0, 1, 2].map((k) => Math.max(...c.model.target.map((x) => x[k])) - lo[k] + 1);
      if (dims.some((d) => d > MAX_SIDE) || !all.length) throw new Error("the designer edits boxes up to " + MAX_SIDE + " on a side");
      const opt = new Set(c.model.optional.map(key));
      const target = {};
      for (const t of cells(c.model.target)) target[key(t.map((v, k) => v - lo[k]))] = opt.has(key(t)) ? "optional" : "fixed";
      const pieces = c.model.pieces.map((p) => {
        const plo = [0, 1, 2].map((k) => Math.min(...p.cells.map((x) => x[k])));
        return { name: p.name, count: p.count, min: p.min, cells: p.cells.map((x) => key(x.map((v, k) => v - plo[k]))) };
      });
      const fits = pieces.every((p) => p.cells.every((k) => unkey(k).every((v, i) => v < MAX_SIDE)));
      if (!fits) throw new Error("a piece is larger than " + MAX_SIDE + " on a side");
      edit(() => {
        model = { name: c.puzzle.name, dims: [0, 1, 2].map((k) => Math.max(dims[k], ...pieces.flatMap((p) => p.cells.map((x) => unkey(x)[k] + 1)))), target, pieces };
        sel = -1;
      });
      msg(ui.out, "good", "imported " + f.name);
    } catch (e) {
      msg(ui.out, "error", "cannot import " + f.name + ": " + e.message);
    }
  }

  async function exportAs(to) {
    try {
      const r = await Wurfel.call("POST", "/convert", Object.assign(source(), { to }));
      const blob = typeof r === "string" ? new Blob([r], { type: "application/toml" }) : r;
      const a = el("a", { href: URL.createObjectURL(blob), download: slug(model.name) + "." + to });
      document.body.append(a);
      a.click();
      a.remove();
    } catch (e) {
      msg(ui.out, "error", e.message);
    }
  }

  function share() {
    const url = location.origin + location.pathname + "#/designer?p=" + encode(model);
    history.replaceState(null, "", url);
    const done = () => msg(ui.out, "good", "link copied (the puzzle is in the link itself): " + url);
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, () => msg(ui.out, "info", url));
    else msg(ui.out, "info", url);
  }

  // A 3x3x3 cube in three pieces: the bottom slab, and the two layers above it cut in two.
  function example() {
    edit(() => {
      model = blank();
      model.name = "three-piece cube";
      for (let x = 0; x < 3; x++) for (let y = 0; y < 3; y++) for (let z = 0; z < 3; z++) model.target[key([x, y, z])] = "fixed";
      const a = [], b = [], c = [];
      for (let x = 0; x < 3; x++) for (let y = 0; y < 3; y++) for (let z = 0; z < 3; z++) {
        if (z === 0) a.push(key([x, y, z]));
        else if (x + (y === 2 ? 1 : 0) < 2 || (x === 0)) b.push(key([x, y, z]));
        else c.push(key([x, y, z]));
      }
      model.pieces = [{ name: "A", count: 1, min: 1, cells: a }, { name: "B", count: 1, min: 1, cells: b }, { name: "C", count: 1, min: 1, cells: c }];
      sel = -1;
    });
  }

  Wurfel.pages.designer = { init, show, toToml: () => toToml(model), link: () => encode(model) };
})();
