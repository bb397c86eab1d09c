// Designer, files and links: a wurfel TOML or BurrTools file in (with a chooser for a BurrTools
// file's problems), TOML and .xmpuzzle out, the print plate, and the share link. `d` is what
// the designer lends it: its elements (`ui`), the design (`model()`, `replace(m)` — undoable),
// the puzzle file of the design (`source()`, `toToml`, `slug`, `encode`), its palette,
// whether its checks pass (`ready()`) and its message cleaner (`plain`).
"use strict";
Wurfel.designerFiles = (d) => {
  const { el, msg, post } = Wurfel;
  const key = (c) => c.join(",");
  const unkey = (k) => k.split(",").map(Number);
  let imported = null;    // { text, name, problems: [names], problem } of the last BurrTools import

  async function importFile() {
    const f = d.ui.file.files[0];
    d.ui.file.value = "";
    if (!f) return;
    try {
      let bytes = new Uint8Array(await f.arrayBuffer());
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
        // A compressed .xmpuzzle: the server takes its XML.
        const s = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
        bytes = new Uint8Array(await new Response(s).arrayBuffer());
      }
      const text = new TextDecoder().decode(bytes);
      imported = { text, name: f.name, problems: burrProblems(text), problem: 1 };
      d.ui.problem.textContent = "";
      imported.problems.forEach((n, i) => d.ui.problem.append(el("option", { value: String(i + 1), text: (i + 1) + ". " + n })));
      d.ui.problemRow.hidden = imported.problems.length < 2;
      await load(imported);
    } catch (e) {
      msg(d.ui.fileNote, "error", "cannot import " + f.name + ": " + d.plain(e.message));
    }
  }
  // The problems of a BurrTools file, named as the CLI names them (unnamed ones P1, P2, ...).
  function burrProblems(text) {
    if (!/^\s*(<\?xml|<puzzle)/.test(text)) return [];
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const ps = doc.querySelector("puzzle > problems");
    if (!ps) return [];
    return [...ps.children].filter((p) => p.tagName === "problem")
      .map((p, i) => ((p.getAttribute("name") || "").trim() || "P" + (i + 1)));
  }
  async function chooseProblem() {
    if (!imported) return;
    imported.problem = Number(d.ui.problem.value);
    try { await load(imported); } catch (e) { msg(d.ui.fileNote, "error", "cannot read problem " + imported.problem + ": " + d.plain(e.message)); }
  }
  async function load(imp) {
    const body = { puzzle_text: imp.text };
    if (imp.problems.length > 1) body.problem = "#" + imp.problem;
    const c = await post("/check", body);
    const all = c.model.target.concat(...c.model.pieces.map((p) => p.cells));
    if (!all.length) throw new Error("it has no cells");
    // Each shape moved to the box's corner by a translation of its grid (whole steps), so its
    // cells stay cells of the grid and a piece stays the same piece.
    const G = Wurfel.grids, grid = c.model.grid || "cubes";
    await G.load();
    const step = G.step(grid), most = G.maxSide(grid);
    const corner = (cells) => [0, 1, 2].map((k) => step[k] * Math.floor(Math.min(...cells.map((x) => x[k])) / step[k]));
    const lo = corner(c.model.target);
    const dims = [0, 1, 2].map((k) => Math.max(...c.model.target.map((x) => x[k])) - lo[k] + 1);
    const where = grid === "cubes" ? "" : " on the grid of " + G.name(grid);
    if (dims.some((n) => n > most)) throw new Error("its target is " + dims.join("×") + " voxels; the designer edits boxes up to " + most + " on a side" + where);
    const opt = new Set(c.model.optional.map(key));
    const target = {};
    // Constraint colours come in the order of the cells (absent: all neutral).
    const coloured = (cells, colours, at) => {
      const out = {};
      cells.forEach((x, i) => { if (colours && colours[i]) out[key(x.map((v, k) => v - at[k]))] = colours[i]; });
      return out;
    };
    for (const t of c.model.target) target[key(t.map((v, k) => v - lo[k]))] = opt.has(key(t)) ? "optional" : "fixed";
    const pieces = c.model.pieces.map((p, i) => {
      const plo = corner(p.cells);
      return { name: p.name, count: p.count, min: p.min, range: p.min !== p.count, colour: p.color || d.palette[i % d.palette.length],
        cells: p.cells.map((x) => key(x.map((v, k) => v - plo[k]))), cellColors: coloured(p.cells, p.cell_colors, plo), groups: p.groups || [] };
    });
    if (!pieces.every((p) => p.cells.every((k) => unkey(k).every((v) => v < most)))) throw new Error("a piece is larger than " + most + " voxels on a side" + where);
    d.replace({ name: c.puzzle.name, grid, dims: [0, 1, 2].map((k) => Math.max(dims[k], ...pieces.flatMap((p) => p.cells.map((x) => unkey(x)[k] + 1)))), target, pieces,
      targetColors: coloured(c.model.target, c.model.target_colors, lo), colorRules: c.model.color_rules || [] });
    msg(d.ui.fileNote, "good", "imported " + imp.name + where + (imp.problems.length > 1 ? " — problem " + imp.problem + " of " + imp.problems.length + " (choose another below)" : ""));
  }

  function download(blob, name) {
    const a = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.append(a);
    a.click();
    a.remove();
  }
  // A TOML file is text: saved as it stands, finished or not.
  function saveToml() {
    download(new Blob([d.toToml(d.model())], { type: "application/toml" }), d.slug(d.model().name) + ".toml");
    msg(d.ui.fileNote, "good", "saved " + d.slug(d.model().name) + ".toml" + (d.ready() ? "" : " (a draft: the checks are not all met yet)"));
  }
  async function exportXm() {
    try {
      const r = await Wurfel.call("POST", "/convert", Object.assign(d.source(), { to: "xmpuzzle" }));
      download(typeof r === "string" ? new Blob([r]) : r, d.slug(d.model().name) + ".xmpuzzle");
    } catch (e) {
      msg(d.ui.fileNote, "warn", "a BurrTools file needs a complete design (" + d.plain(e.message) + "); Save TOML keeps a draft at any stage");
    }
  }

  // Every copy of every piece on one 200 mm plate, as `wurfel pieces X --export F.3mf --plate`.
  async function plate() {
    msg(d.ui.fileNote, "info", "laying the pieces on the plate…");
    try {
      const r = await Wurfel.call("POST", "/plate", d.source());
      const name = d.slug(d.model().name) + "-plate.3mf";
      download(r, name);
      msg(d.ui.fileNote, "good", "saved " + name + ": " + d.model().pieces.reduce((n, p) => n + p.count, 0) + " pieces, each on its largest flat face");
    } catch (e) {
      msg(d.ui.fileNote, "warn", "no plate yet: " + d.plain(e.message));
    }
  }

  function share() {
    const url = location.origin + location.pathname + "#/designer?p=" + d.encode(d.model());
    history.replaceState(null, "", url);
    const done = () => msg(d.ui.fileNote, "good", "link copied (the puzzle is in the link itself)");
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, () => msg(d.ui.fileNote, "info", url));
    else msg(d.ui.fileNote, "info", url);
  }

  // A new design forgets the file it may have come from.
  function forget() {
    imported = null;
    d.ui.problemRow.hidden = true;
  }

  return { importFile, chooseProblem, saveToml, exportXm, plate, share, forget };
};
