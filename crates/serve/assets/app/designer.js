// Designer: the target and every piece as cells of one of BurrTools' five grids (the cube grid's
// layers drawn here, the others' by designer-grids.js), one shape at a time: a list of shapes with
// thumbnails, the selected one's layer grids and a large 3D preview beside them; tools to
// rotate, mirror, shift and copy it. Checks shown beside what they name; "is it unique?",
// count, disassemble and estimate; undo/redo; a draft kept in this browser (restored on
// return); TOML saved at any stage; BurrTools files in (with a chooser for their problems) and
// out; a shareable link carrying the puzzle in the URL fragment (nothing is stored on the
// server).
"use strict";
(() => {
  const { el, msg, fmt, post, countLive, countsTable, showViewer, duration } = Wurfel;
  const C = Wurfel.constraints;
  const G = Wurfel.grids;
  const DRAFT = "wurfel.designer.draft";
  const TARGET_COLOUR = "#9aa3b5";
  // The pieces' colours as every picture draws them (wurfel_render::palette: the 14 base
  // colours, then a light, a dark and a very light shade of each): piece k of a file without
  // colours is PALETTE[k] here, in the check model, the viewer and the exports alike. The
  // target has no slot in it (it is grey).
  const BASE = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#f0e442", "#56b4e9", "#d55e00", "#882255", "#44aa99",
    "#999933", "#332288", "#bbbbbb", "#117733", "#ee99aa"];
  const PALETTE = [0, 1, 2, 3].flatMap((k) => BASE.map((c) => {
    const v = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
    const to = k === 2 ? 0 : 255, t = [0, 0.45, 0.38, 0.72][k];
    return "#" + v.map((x) => Math.round(x + (to - x) * t).toString(16).padStart(2, "0")).join("");
  }));
  const key = (c) => c.join(",");
  const CELL = /^\d+,\d+,\d+$/;
  const unkey = (k) => k.split(",").map(Number);

  // The model: a box of `dims`; the target's cells (each "fixed" or "optional"); pieces with
  // their cells in the same box, a colour, and `count` copies (with `range`: from `min` to
  // `count` copies).
  let model = null;
  let sel = -1;           // -1: the target; else a piece index
  let brush = "fixed";    // "fixed" (a cell), "optional" (target only) or "colour" (paints cells)
  let constraints = null; // the colour rules and groups panel (designer-constraints.js)
  let past = [], future = [];
  let ui = null;
  let timer = null;
  let seq = 0;
  let checked = { pieces: {}, target: [], puzzle: [], ok: false };
  let files = null;       // import, exports, plate and link (designer-files.js)
  let busyJobs = 0;

  function blank(grid) {
    return normalise({ name: "my puzzle", grid: grid || "cubes", dims: G.start(grid || "cubes"), target: {}, pieces: [{ name: "A", count: 1, min: 1, range: false, colour: PALETTE[0], cells: [] }] });
  }
  const validColour = (c) => (/^#[0-9a-f]{6}$/i.test(c || "") ? c : "#888888");
  function nextColour() {
    const used = new Set(model.pieces.map((p) => p.colour));
    return PALETTE.find((c) => !used.has(c)) || PALETTE[model.pieces.length % PALETTE.length];
  }
  // Older drafts and links: fill in what they lack.
  function normalise(m) {
    // A draft of another version (or a damaged one) may lack any part: each gets a default.
    if (!m.target || typeof m.target !== "object") m.target = {};
    for (const k of Object.keys(m.target)) if (!CELL.test(k) || !["fixed", "optional"].includes(m.target[k])) delete m.target[k];
    if (typeof m.grid !== "string" || (G.loaded() && !G.info(m.grid))) m.grid = "cubes";
    if (!Array.isArray(m.dims) || m.dims.length !== 3) m.dims = G.start(m.grid);
    m.dims = m.dims.map((d) => Math.max(1, Math.min(G.maxSide(m.grid), Number(d) || 3)));
    if (typeof m.name !== "string") m.name = "my puzzle";
    m.pieces = (Array.isArray(m.pieces) ? m.pieces : []).filter((p) => p && typeof p === "object");
    m.pieces.forEach((p, i) => {
      p.cells = (Array.isArray(p.cells) ? p.cells : []).map((c) => (Array.isArray(c) ? key(c) : String(c))).filter((k) => CELL.test(k));
      if (typeof p.name !== "string" || !p.name) p.name = String.fromCharCode(65 + (i % 26));
      if (!(p.count >= 1)) p.count = 1;
      if (!(p.min >= 0)) p.min = p.count;
      if (p.range === undefined) p.range = p.min !== p.count;
      if (!p.range) p.min = p.count;
      if (!/^#[0-9a-f]{6}$/i.test(p.colour || "")) p.colour = PALETTE[i % PALETTE.length];
    });
    C.normalise(m);
    return m;
  }
  // ---- the puzzle file (what every request sends, and Save TOML writes) ----
  const cellList = (cells) => "[" + cells.map((c) => "[" + c.join(", ") + "]").join(", ") + "]";
  const q = (s) => JSON.stringify(s);  // a TOML basic string is a JSON string
  function toToml(m) {
    const fixed = Object.keys(m.target).map(unkey);
    const optional = fixed.filter((c) => m.target[key(c)] === "optional");
    let t = "id = " + q(slug(m.name)) + "\nname = " + q(m.name) + "\n";
    if (m.grid && m.grid !== "cubes") t += "grid = " + q(m.grid) + "\n";
    if ((m.colorRules || []).length) t += "color_rules = " + cellList(m.colorRules) + "\n";
    t += "\n[target]\ncells = " + cellList(fixed) + "\n";
    if (optional.length) t += "optional = " + cellList(optional) + "\n";
    const tc = C.colourList(m.targetColors, (k) => k in m.target);
    if (tc.length) t += "cell_colors = " + cellList(tc) + "\n";
    for (const p of m.pieces) {
      t += "\n[[piece]]\nname = " + q(p.name) + "\ncells = " + cellList(p.cells.map(unkey)) + "\n";
      t += !p.range || p.min === p.count ? "count = " + p.count + "\n" : "min = " + p.min + "\nmax = " + p.count + "\n";
      if (p.colour) t += "color = " + q(p.colour) + "\n";
      const pc = C.colourList(p.cellColors, (k) => p.cells.includes(k));
      if (pc.length) t += "cell_colors = " + cellList(pc) + "\n";
      t += C.groupToml(p, cellList);
    }
    return t;
  }
  const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "puzzle";
  const source = () => ({ puzzle_text: toToml(model), format: "toml" });

  // ---- the link: the model, compact, base64url in the fragment ----
  function encode(m) {
    const compact = { n: m.name, g: m.grid, d: m.dims, t: Object.entries(m.target).map(([k, v]) => unkey(k).concat(v === "optional" ? [1] : [])),
      p: m.pieces.map((p) => ({ n: p.name, c: p.count, m: p.range ? p.min : p.count, k: p.colour, s: p.cells.map(unkey), cc: p.cellColors, g: p.groups })),
      tc: m.targetColors, r: m.colorRules };
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
    return normalise({ name: String(c.n), grid: c.g, dims: c.d.map(Number), target, targetColors: c.tc, colorRules: c.r,
      pieces: c.p.map((p) => ({ name: String(p.n), count: p.c, min: p.m, range: p.m !== p.c, colour: p.k, cells: p.s.map(key), cellColors: p.cc, groups: p.g })) });
  }

  // ---- history and the draft ----
  const snapshot = () => JSON.stringify(model);
  function commit(before) {
    if (before === snapshot()) return;
    past.push(before);
    if (past.length > 200) past.shift();
    future = [];
    changed();
  }
  function undo() { if (past.length) { future.push(snapshot()); restore(past.pop()); } }
  function redo() { if (future.length) { past.push(snapshot()); restore(future.pop()); } }
  // A step back or forth across a grid switch says which grid the design is on now (the note
  // of the switch would mislead).
  function restore(json) {
    const was = model.grid;
    model = JSON.parse(json);
    fix();
    changed();
    if (model.grid !== was) msg(ui.fileNote, "info", "Back on the grid of " + G.name(model.grid) + ", with the cells drawn there.");
  }
  function fix() { if (sel >= model.pieces.length) sel = model.pieces.length - 1; }
  function saveDraft() {
    try { localStorage.setItem(DRAFT, JSON.stringify({ model, sel, saved: Date.now() })); } catch (e) { /* private mode: no draft */ }
  }
  function loadDraft() {
    try {
      const d = JSON.parse(localStorage.getItem(DRAFT) || "null");
      if (d && d.model && typeof d.model === "object") return d;
    } catch (e) { /* a broken draft: start afresh */ }
    return null;
  }

  // ---- page ----
  function init(sec) {
    model = blank();
    const num = (id, v, onchange) => el("input", { id, type: "number", min: "1", max: String(G.maxSide("cubes")), value: String(v), style: "width:52px", onchange });
    ui = {
      name: el("input", { id: "ds-name", type: "text", size: "20", onchange: () => edit(() => { model.name = ui.name.value || "puzzle"; }) }),
      dims: [0, 1, 2].map((k) => num("ds-dim-" + "xyz"[k], 3, () => resize())),
      grid: el("select", { id: "ds-grid", title: "the lattice the cells live on: BurrTools' five grids", onchange: () => switchGrid(ui.grid.value) },
        el("option", { value: "cubes", text: "cubes" })),
      help: el("div", { class: "muted", id: "ds-help" }),
      objects: el("ul", { class: "objects", id: "ds-objects" }),
      layers: el("div", { class: "layers", id: "ds-layers" }),
      shapeMsgs: el("div", { id: "ds-shape-msgs" }),
      brushRow: el("div", { class: "row" }),
      tools: el("div", { class: "row tools", id: "ds-tools" }),
      check: el("div", { id: "ds-check" }),
      answers: el("div", { id: "ds-answers" }),
      out: el("div", { id: "ds-out" }),
      counts: el("div", { id: "ds-counts" }),
      bar: el("div", { class: "progress" }, el("div")),
      stats: el("div", { class: "stats muted", id: "ds-progress" }),
      frame: el("iframe", { class: "viewer", id: "ds-viewer", title: "3D preview" }),
      viewTitle: el("span", { id: "ds-view-title" }),
      back: null,
      file: el("input", { type: "file", id: "ds-file", accept: ".toml,.xmpuzzle,.xml,text/plain", hidden: true, onchange: () => files.importFile() }),
      problem: el("select", { id: "ds-problem", onchange: () => files.chooseProblem() }),
      problemRow: el("div", { class: "row", id: "ds-problem-row", hidden: true }),
      fileNote: el("div", { id: "ds-file-note" }),
    };
    const b = (id, text, onclick, cls, title) => el("button", { id, text, onclick, class: cls || "", title });
    const A = Wurfel.designerAnswers({ ui, source, answer, showAnswer });
    ui.undo = b("ds-undo", "↶ Undo", undo);
    ui.redo = b("ds-redo", "↷ Redo", redo);
    ui.count = b("ds-count", "Count", A.doCount, "primary", "count every solution under the three conventions");
    ui.unique = b("ds-unique", "Is it unique?", A.doUnique, "", "look for two solutions");
    ui.disassemble = b("ds-disassemble", "Disassemble", A.doDisassemble, "", "find a solution that comes apart and show how");
    ui.estimate = b("ds-estimate", "Estimate", A.doEstimate, "", "how many solutions, and how long a count takes");
    ui.back = b("ds-back", "back to the shape", () => { viewing = null; preview(); }, "", "show the selected shape again");
    ui.back.hidden = true;
    ui.paint = el("input", { id: "ds-paint", type: "number", min: "1", max: String(C.MOST), value: "1", class: "colour-no",
      title: "the constraint colour the brush paints", onfocus: () => { ui.brushRow.querySelector("[value=colour]").click(); } });
    for (const [v, text] of [["fixed", "cell"], ["optional", "optional cell (may stay empty)"], ["solid", "fill a solid"], ["colour", "constraint colour"]]) {
      const r = el("input", { type: "radio", name: "ds-brush", value: v, checked: v === brush, onchange: () => { brush = v; } });
      ui.brushRow.append(el("label", { "data-brush": v }, r, " " + text, v === "colour" ? [" ", ui.paint] : null));
    }
    constraints = C.panel(() => model, edit);
    files = Wurfel.designerFiles({ ui, model: () => model, replace: (m) => edit(() => { model = m; sel = -1; }), source, toToml, slug, encode,
      palette: PALETTE, ready: () => checked.ok, plain });
    Wurfel.designerTools({ ui, b, model: () => model, sel: () => sel, edit });
    ui.tools.append(b("ds-copy", "copy piece", copyPiece, "small", "a new piece with the same cells"));
    sec.append(
      el("div", { class: "side", style: "width:360px" },
        el("div", { class: "panel" },
          el("h2", { text: "Puzzle" }),
          el("div", { class: "row" }, el("label", { for: "ds-name", text: "name" }), ui.name),
          el("div", { class: "row" }, el("label", { for: "ds-grid", text: "grid" }), ui.grid),
          el("div", { class: "row" }, el("label", { text: "box" }), ui.dims[0], "×", ui.dims[1], "×", ui.dims[2]),
          el("div", { class: "row" }, ui.undo, ui.redo, b("ds-new", "New design", newDesign, "", "start over (Undo brings the old one back)")),
          el("div", { class: "row" }, b("ds-import", "Import…", () => ui.file.click(), "", "a wurfel TOML or a BurrTools .xmpuzzle file"), ui.file,
            b("ds-export-toml", "Save TOML", () => files.saveToml(), "", "download the design as a TOML file — at any stage, valid or not"),
            b("ds-export-xm", "Export .xmpuzzle", () => files.exportXm()),
            b("ds-plate", "Print plate (.3mf)", () => files.plate(), "", "every piece laid flat on a 200 mm plate, 10 mm cubes, 0.2 mm gap: one 3MF file for a slicer")),
          ui.problemRow,
          el("div", { class: "row" }, b("ds-share", "Copy share link", () => files.share()), b("ds-example", "Example", example, "", "a 3x3x3 cube in three pieces")),
          el("div", { class: "muted", id: "ds-draft", text: "Your design is kept in this browser as you edit." }),
          ui.fileNote),
        el("div", { class: "panel", style: "flex:1" },
          el("h2", { text: "Shapes" }), ui.objects,
          el("div", { class: "row" }, b("ds-add", "+ piece", addPiece)), constraints.root)),
      el("div", { class: "grow" },
        el("div", { class: "editor" },
          el("div", { class: "panel edit-grids" },
            el("h2", { id: "ds-editing" }),
            ui.shapeMsgs,
            ui.help,
            ui.brushRow, ui.layers, ui.tools),
          el("div", { class: "preview" },
            el("div", { class: "row" }, ui.viewTitle, ui.back),
            ui.frame)),
        el("div", { class: "panel" },
          el("h2", { text: "Checks and answers" }), ui.check,
          el("div", { class: "row" }, ui.unique, ui.count, ui.disassemble, ui.estimate),
          ui.answers)));
    ui.problemRow.append(el("label", { for: "ds-problem", text: "problem" }), ui.problem);
    ui.answers.append(ui.bar, ui.stats, ui.out, ui.counts);
    document.addEventListener("keydown", (ev) => {
      if (sec.hidden || !(ev.ctrlKey || ev.metaKey) || ev.target.tagName === "INPUT") return;
      if (ev.key === "z" && !ev.shiftKey) { ev.preventDefault(); undo(); }
      if (ev.key === "y" || (ev.key === "Z" && ev.shiftKey) || (ev.key === "z" && ev.shiftKey)) { ev.preventDefault(); redo(); }
    });
    document.addEventListener("pointerup", () => { if (stroke) { const s = stroke; stroke = null; commit(s.before); } });
    const params = new URLSearchParams((location.hash.split("?")[1]) || "");
    const draft = params.get("p") ? null : loadDraft();
    // A draft with nothing drawn in it is no work to restore: a fresh design instead.
    const kept = draft && normalise(draft.model);
    if (kept && (Object.keys(kept.target).length || kept.pieces.some((p) => p.cells.length))) {
      model = kept;
      sel = Math.max(-1, Math.min(Number.isInteger(draft.sel) ? draft.sel : -1, model.pieces.length - 1));
      const when = Number.isFinite(draft.saved) ? " (" + new Date(draft.saved).toLocaleString() + ")" : "";
      msg(ui.fileNote, "info", "Restored the design you were working on" + when + ". “New design” starts over.");
    }
    changed();
    // The grids come from the server (which voxels are cells): the chooser and the layers off
    // the cube grid wait for them.
    G.load().then((list) => {
      ui.grid.textContent = "";
      for (const g of list) ui.grid.append(el("option", { value: g.key, text: g.name }));
      normalise(model);
      changed();
    }, (e) => msg(ui.fileNote, "error", "cannot load the grids from the server (" + e.message + "): only cubes can be drawn"));
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
      msg(ui.fileNote, "error", "cannot read the puzzle in this link: " + e.message);
    }
  }

  function edit(f) {
    const before = snapshot();
    f();
    fix();
    commit(before);
    changed();
  }

  function newDesign() {
    edit(() => { model = blank(model.grid); sel = -1; });
    files.forget();
    msg(ui.fileNote, "info", "A new design on the grid of " + G.name(model.grid) + ". Undo brings the previous one back.");
  }

  // Another grid: a cell of one grid is another solid (or no cell) on the next, so the cells
  // drawn go (Undo brings them back) and the box becomes the new grid's starting box.
  function switchGrid(key) {
    if (key === model.grid) return;
    const from = G.name(model.grid);
    const drawn = Object.keys(model.target).length + model.pieces.reduce((n, p) => n + p.cells.length, 0);
    edit(() => {
      model.grid = key;
      model.dims = G.start(key);
      model.target = {};
      model.targetColors = {};
      for (const p of model.pieces) { p.cells = []; p.cellColors = {}; }
    });
    msg(ui.fileNote, drawn ? "warn" : "info", drawn
      ? "Now on the grid of " + G.name(key) + ". The " + drawn + " cells drawn on the grid of " + from + " were cleared: a cell of one grid is another solid on the other. Undo brings them back."
      : "Now on the grid of " + G.name(key) + ".");
  }

  function resize() {
    const d = ui.dims.map((i) => Math.max(1, Math.min(G.maxSide(model.grid), Number(i.value) || 1)));
    edit(() => {
      model.dims = d;
      const inside = (k) => unkey(k).every((v, i) => v < d[i]);
      for (const k of Object.keys(model.target)) if (!inside(k)) delete model.target[k];
      for (const p of model.pieces) p.cells = p.cells.filter(inside);
    });
  }

  function freshName() {
    const used = new Set(model.pieces.map((p) => p.name));
    const nameOf = (n) => String.fromCharCode(65 + (n % 26)) + (n >= 26 ? Math.floor(n / 26) : "");
    let n = 0;
    while (used.has(nameOf(n))) n++;
    return nameOf(n);
  }

  function addPiece() {
    edit(() => {
      model.pieces.push({ name: freshName(), count: 1, min: 1, range: false, colour: nextColour(), cells: [] });
      sel = model.pieces.length - 1;
    });
  }

  function copyPiece() {
    if (sel < 0) return;
    edit(() => {
      const p = model.pieces[sel];
      model.pieces.splice(sel + 1, 0, { name: freshName(), count: p.count, min: p.min, range: p.range, colour: nextColour(), cells: p.cells.slice(),
        cellColors: Object.assign({}, p.cellColors), groups: (p.groups || []).map((g) => g.slice()) });
      sel++;
    });
  }

  // ---- drawing the editor ----
  let stroke = null;
  function noteFor(list) {
    return list.map(([kind, text]) => el("div", { class: "msg small " + kind, text }));
  }
  function drawObjects() {
    constraints.draw();
    ui.objects.textContent = "";
    const tcells = Object.keys(model.target).map(unkey);
    ui.objects.append(el("li", { class: sel === -1 ? "sel" : "", "data-object": "target", onclick: () => select(-1) },
      G.thumb(model.grid, tcells, TARGET_COLOUR), el("b", { text: "Target" }),
      el("span", { class: "muted", text: tcells.length + " cells" + C.colourWords(model.targetColors, Object.keys(model.target)) })));
    if (checked.target.length) ui.objects.append(el("li", { class: "note", "data-note-for": "target" }, noteFor(checked.target)));
    model.pieces.forEach((p, i) => {
      // Editing a piece's fields selects it too (without redrawing the field being edited).
      const focus = () => select(i);
      const name = el("input", { type: "text", value: p.name, title: "the piece's name", onfocus: focus,
        onchange: (e) => edit(() => { p.name = e.target.value.trim() || p.name; }) });
      const count = el("input", { type: "number", min: "1", max: "99", value: String(p.count), class: "copies",
        title: p.range ? "the most copies a solution uses" : "how many copies of this piece", onfocus: focus,
        onchange: (e) => edit(() => { p.count = Math.max(1, Number(e.target.value) || 1); p.min = p.range ? Math.min(p.min, p.count) : p.count; }) });
      const range = el("input", { type: "checkbox", class: "range", checked: p.range, onfocus: focus,
        onchange: (e) => edit(() => { p.range = e.target.checked; p.min = p.range ? Math.max(0, p.count - 1) : p.count; }) });
      const min = el("input", { type: "number", min: "0", max: "99", value: String(p.min), class: "min", title: "the fewest copies a solution uses",
        onfocus: focus, onchange: (e) => edit(() => { p.min = Math.max(0, Math.min(p.count, Number(e.target.value) || 0)); }) });
      const colour = el("input", { type: "color", class: "colour", value: validColour(p.colour), title: "the piece's colour (in every picture and export)",
        onfocus: focus, onchange: (e) => edit(() => { p.colour = e.target.value; }) });
      const del = el("button", { text: "✕", title: "remove this piece", onclick: (e) => { e.stopPropagation(); edit(() => { model.pieces.splice(i, 1); if (sel >= i) sel--; }); } });
      const copies = p.range
        ? el("span", { class: "copies-box" }, min, "…", count)
        : el("span", { class: "copies-box" }, "×", count);
      ui.objects.append(el("li", { class: sel === i ? "sel" : "", "data-object": "piece-" + i, onclick: () => select(i) },
        G.thumb(model.grid, p.cells.map(unkey), p.colour), colour, name,
        el("span", { class: "muted", text: p.cells.length + " cells" + C.colourWords(p.cellColors, p.cells) + C.groupWords(p) }), copies,
        el("label", { class: "muted", title: "optional copies: a solution uses between a least and a most" }, range, "range"), del));
      const notes = checked.pieces[p.name];
      if (notes && notes.length) ui.objects.append(el("li", { class: "note", "data-note-for": p.name }, noteFor(notes)));
    });
  }

  function select(i) {
    if (sel === i) return;
    sel = i;
    viewing = null;
    for (const li of ui.objects.children) if (li.dataset.object) li.classList.toggle("sel", li.dataset.object === (i < 0 ? "target" : "piece-" + i));
    drawLayers();
    saveDraft();
    preview();
  }

  function drawLayers() {
    const [X, Y, Z] = model.dims;
    const piece = sel >= 0 ? model.pieces[sel] : null;
    const cube = model.grid === "cubes", solidName = G.solidName(model.grid);
    document.getElementById("ds-editing").textContent = piece ? "Piece " + piece.name : "Target — the shape the pieces fill";
    ui.help.textContent = G.help(model.grid);
    // A piece's cells are never optional: its brush fills cells or paints their colour.
    ui.brushRow.querySelector("[data-brush=optional]").hidden = !!piece;
    const solidBrush = ui.brushRow.querySelector("[data-brush=solid]");
    solidBrush.hidden = !solidName;
    if (solidName) solidBrush.lastChild.textContent = " " + solidName;
    if ((piece && brush === "optional") || (!solidName && brush === "solid")) ui.brushRow.querySelector("[value=fixed]").click();
    document.getElementById("ds-copy").hidden = !piece;
    // Quarter turns and the mirror are the cube grid's; a piece's orientation never changes a count.
    for (const id of ["ds-turn", "ds-tool-rx", "ds-tool-ry", "ds-tool-rz", "ds-tool-mirror"]) document.getElementById(id).hidden = !cube;
    ui.shapeMsgs.textContent = "";
    ui.shapeMsgs.append(...noteFor(piece ? checked.pieces[piece.name] || [] : checked.target));
    const onCells = piece ? new Set(piece.cells) : null;
    const colour = piece ? piece.colour : TARGET_COLOUR;
    const look = (k) => {
      const state = piece ? (onCells.has(k) ? "fixed" : null) : model.target[k] || null;
      const cc = state && ((piece ? piece.cellColors : model.targetColors) || {})[k];
      return { state, fill: colour, colour: cc, tint: cc ? C.tint(cc) : null };
    };
    const has = (k) => (piece ? onCells.has(k) : !!model.target[k]);
    const bind = (node, k) => {
      node.addEventListener("pointerdown", (ev) => {
        ev.preventDefault();
        if (brush === "solid") {
          const cells = solidAt(k);
          stroke = { before: snapshot(), want: !cells.every(has), solid: true };
          setCells(cells, stroke.want);
          return;
        }
        // The colour brush paints its colour, or takes it off a cell that has it already.
        const cc = look(k).colour;
        const paint = Math.max(1, Math.min(C.MOST, Math.round(Number(ui.paint.value)) || 1));
        const want = brush === "colour" ? (cc === paint ? 0 : paint) : piece ? !onCells.has(k) : model.target[k] !== brush;
        stroke = { before: snapshot(), want };
        setCell(k, want);
      });
      node.addEventListener("pointerenter", (ev) => { if (stroke && ev.buttons) setCells(stroke.solid ? solidAt(k) : [k], stroke.want); });
    };
    ui.layers.textContent = "";
    if (!cube && !G.loaded()) { ui.layers.textContent = "loading the grid…"; return; }
    for (let z = Z - 1; z >= 0; z--) {
      let grid;
      if (cube) {
        grid = el("div", { class: "grid", style: "grid-template-columns:repeat(" + X + ",24px)" });
        for (let y = Y - 1; y >= 0; y--) {
          for (let x = 0; x < X; x++) {
            const k = key([x, y, z]);
            const { state, colour: cc } = look(k);
            const cell = el("button", { class: "cell" + (state ? " on" : "") + (state === "optional" ? " out" : ""), "data-cell": k, title: "[" + k + "]" });
            if (state === "fixed") cell.style.background = colour;
            if (cc) {
              cell.textContent = String(cc); cell.dataset.colour = String(cc); cell.title += ", constraint colour " + cc;
              cell.style.boxShadow = "inset 0 -5px 0 " + C.tint(cc);
            }
            bind(cell, k);
            grid.append(cell);
          }
        }
      } else grid = G.layer(model.grid, model.dims, z, look, bind);
      ui.layers.append(el("div", { class: "layer" }, el("span", { class: "muted", text: "z = " + z + (z === Z - 1 ? " (top)" : "") }), grid));
    }
  }
  // The cells of the whole solid at cell `k` (a rhombic dodecahedron, an octahedron) in the box.
  function solidAt(k) {
    return G.solid(model.grid, unkey(k)).filter((c) => c.every((v, i) => v >= 0 && v < model.dims[i])).map(key);
  }

  // `on`: true fills the cells, false empties them; a number paints that constraint colour on
  // them (filling them first), 0 takes their colour off.
  function setCells(ks, on) {
    const colours = sel >= 0 ? (model.pieces[sel].cellColors ||= {}) : (model.targetColors ||= {});
    for (const k of ks) {
      if (typeof on === "number") {
        if (on && sel >= 0 && !model.pieces[sel].cells.includes(k)) model.pieces[sel].cells.push(k);
        if (on && sel < 0 && !model.target[k]) model.target[k] = "fixed";
        if (on) colours[k] = on;
        else delete colours[k];
      } else if (sel >= 0) {
        const p = model.pieces[sel];
        const has = p.cells.includes(k);
        if (on && !has) p.cells.push(k);
        if (!on && has) p.cells = p.cells.filter((c) => c !== k);
      } else if (on) model.target[k] = brush === "optional" ? "optional" : "fixed";
      else delete model.target[k];
      if (on === false) delete colours[k];
    }
    drawLayers();
    drawObjects();
  }
  const setCell = (k, on) => setCells([k], on);

  function draw() {
    ui.name.value = model.name;
    ui.grid.value = model.grid;
    model.dims.forEach((d, i) => { ui.dims[i].value = String(d); ui.dims[i].max = String(G.maxSide(model.grid)); });
    drawObjects();
    drawLayers();
    ui.undo.disabled = !past.length;
    ui.redo.disabled = !future.length;
  }

  // After every change: redraw, keep the draft, put away the answers (they were for the design
  // before this change), then (debounced) the checks and the 3D preview.
  let answeredFor = null;
  function changed() {
    draw();
    saveDraft();
    if (answeredFor !== null && answeredFor !== snapshot()) {
      if (busyJobs) Wurfel.stale(ui.answers, "for the design before your last edit — still running");
      else clearAnswers();
    }
    viewing = null;
    clearTimeout(timer);
    timer = setTimeout(checkNow, 250);
  }
  function clearAnswers() {
    answeredFor = null;
    Wurfel.stale(ui.answers, null);
    msg(ui.out);
    ui.counts.textContent = "";
    ui.stats.textContent = "";
    ui.bar.firstChild.style.width = "0";
  }

  // What can be said without the server: an empty target or piece, a name used twice.
  function localChecks() {
    const c = { pieces: {}, target: [], puzzle: [], ok: true };
    const add = (p, kind, text) => { (c.pieces[p] = c.pieces[p] || []).push([kind, text]); c.ok = false; };
    if (!Object.keys(model.target).length) {
      c.target.push(["info", "Start here: click cells in the layers to draw the shape the pieces fill."]);
      c.ok = false;
    }
    // Voxels that are no cell of the grid (from a file or a link: the layers offer none).
    const off = (ks) => (G.loaded() ? ks.filter((k) => !G.isCell(model.grid, unkey(k))).length : 0);
    const offWords = (n) => n + (n > 1 ? " of its voxels are no cells" : " of its voxels is no cell") + " of the grid of " + G.name(model.grid) + " (the red crosses in its layers): click them away";
    const t = off(Object.keys(model.target));
    if (t) { c.target.push(["error", offWords(t)]); c.ok = false; }
    const seen = new Set();
    for (const p of model.pieces) {
      if (!p.cells.length) add(p.name, "info", "no cells yet: select it and click cells in its layers");
      if (off(p.cells)) add(p.name, "error", offWords(off(p.cells)));
      if (seen.has(p.name)) add(p.name, "error", "another piece has this name: rename one");
      seen.add(p.name);
    }
    if (!model.pieces.length) { c.puzzle.push(["info", "Add a piece with “+ piece”."]); c.ok = false; }
    return c;
  }

  // A message of the file reader, without the position in a text the user never typed.
  function plain(m) {
    return m.split("\n").filter((l) => !/^\s*(\d+\s*)?\|/.test(l) && !/^\s*\^/.test(l)).join("\n")
      .replace(/^puzzle_text(:\d+)*:\s*/, "").replace(/^cannot solve `[^`]*`:\s*/, "").trim();
  }

  async function checkNow() {
    const s = ++seq;
    let c = localChecks();
    if (c.ok) {
      try {
        const r = await post("/check", source());
        if (s !== seq) return;
        c = { pieces: {}, target: [], puzzle: [], ok: !r.errors.length };
        for (const p of r.problems || []) {
          const item = [p.severity === "error" ? "error" : "warn", p.message];
          if (p.where === "piece") (c.pieces[p.piece] = c.pieces[p.piece] || []).push(item);
          else if (p.where === "target") c.target.push(item);
          else c.puzzle.push(item);
        }
        for (const n of r.notes) c.puzzle.push(["info", "note: " + plain(n)]);
        if (!c.puzzle.length && !Object.keys(c.pieces).length) {
          c.puzzle.push(["good", "ready: " + r.puzzle.pieces + " pieces, " + r.puzzle.cells + " target cells"]);
        }
      } catch (e) {
        if (s !== seq) return;
        const m = plain(e.message);
        const named = /piece `([^`]+)`:?\s*/.exec(m);
        c = { pieces: {}, target: [], puzzle: [], ok: false };
        if (named && model.pieces.some((p) => p.name === named[1])) c.pieces[named[1]] = [["error", m.replace(named[0], "")]];
        else if (/^(the )?target\b/.test(m)) c.target.push(["error", m]);
        else c.puzzle.push(["error", m]);
      }
    }
    if (s !== seq) return;
    checked = c;
    ui.check.textContent = "";
    const pieceCount = Object.values(c.pieces).filter((l) => l.length).length;
    if (pieceCount || c.target.length) {
      const about = (c.target.length ? ["the target"] : []).concat(Object.keys(c.pieces).filter((k) => c.pieces[k].length).map((k) => "piece " + k));
      const anyError = c.target.concat(...Object.values(c.pieces)).some(([k]) => k === "error" || k === "warn");
      ui.check.append(el("div", { class: "msg " + (anyError ? "warn" : "info"), text: (anyError ? "See the notes beside " : "To do: ") + about.join(", ") + " in the list of shapes." }));
    }
    for (const [kind, m] of c.puzzle) ui.check.append(el("div", { class: "msg " + kind, text: m }));
    ready(c.ok);
    drawObjects();
    drawLayers();
    preview();
  }

  function ready(ok) {
    for (const x of [ui.count, ui.unique, ui.estimate, ui.disassemble]) if (!x.dataset.busy) x.disabled = !ok || (busyJobs > 0 && x !== ui.count);
  }

  // ---- the 3D preview: the selected shape alone, large, in its colour; or an answer ----
  let viewing = null;  // null: the shape; else what an answer shows
  let pseq = 0;
  async function preview() {
    if (viewing) return;
    const s = ++pseq;
    const piece = sel >= 0 ? model.pieces[sel] : null;
    // Only the grid's cells: the checks name the others.
    const onGrid = (k) => G.isCell(model.grid, unkey(k));
    const keys = (piece ? piece.cells : Object.keys(model.target).filter((k) => model.target[k] === "fixed")).filter(onGrid);
    const optKeys = piece ? [] : Object.keys(model.target).filter((k) => model.target[k] === "optional").filter(onGrid);
    // Cells in their constraint colour (as the solution pictures show them), others in the shape's.
    const own = (piece ? piece.cellColors : model.targetColors) || {};
    const tints = (ks) => ks.map((k) => (own[k] ? C.tint(own[k]) : null));
    const pieces = [{ name: piece ? piece.name : "target", cells: keys.map(unkey), color: validColour(piece ? piece.colour : TARGET_COLOUR), cell_colors: tints(keys) }];
    if (optKeys.length) pieces.push({ name: "optional", cells: optKeys.map(unkey), color: "#e4e7ee", cell_colors: tints(optKeys) });
    ui.viewTitle.textContent = (piece ? "Piece " + piece.name : "Target") + " in 3D — drag to turn";
    ui.back.hidden = true;
    try {
      const html = await post("/view/scene", { grid: model.grid, scenes: [{ title: piece ? "piece " + piece.name : "target", pieces }] });
      if (s !== pseq || viewing) return;
      const frame = ui.frame;
      showViewer(frame, html, true, piece ? "piece-" + sel : "target");
      frame.addEventListener("load", () => {
        const w = frame.contentWindow && frame.contentWindow.wurfel;
        if (!w) return;
        // An editor's preview: the shape, no solution player.
        const d = frame.contentDocument;
        d.head.append(Object.assign(d.createElement("style"), { textContent: "aside, header, #note { display: none !important; } #hint { font-size: 11px; }" }));
        const sc = w.scenes[0];
        sc.pieces.forEach((p) => { p.label = " "; });
        delete sc._prep;
        w.state.labels = false;
        w.show(0);
      }, { once: true });
    } catch (e) { /* the checks say what is wrong */ }
  }

  function showAnswer(html, title) {
    viewing = title;
    ui.viewTitle.textContent = title;
    ui.back.hidden = false;
    showViewer(ui.frame, html, false, "answer");
  }

  // ---- answers: each for the design it was asked about ----
  async function answer(button, f, keepEnabled) {
    const before = snapshot();
    clearAnswers();
    answeredFor = before;
    busyJobs++;
    ready(checked.ok);
    if (!keepEnabled) button.disabled = true;
    try {
      await f();
    } catch (e) {
      msg(ui.out, "error", plain(e.message));
    } finally {
      busyJobs--;
      button.disabled = false;
      ready(checked.ok);
      if (snapshot() !== before) Wurfel.stale(ui.answers, "for the design before your last edit");
    }
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
      model.pieces = [a, b, c].map((cells, i) => ({ name: "ABC"[i], count: 1, min: 1, range: false, colour: PALETTE[i], cells }));
      sel = -1;
    });
  }

  // `model()`: a copy of the design as the page holds it (for tests and the console).
  Wurfel.pages.designer = { init, show, toToml: () => toToml(model), link: () => encode(model), model: () => JSON.parse(snapshot()), palette: PALETTE };
})();
