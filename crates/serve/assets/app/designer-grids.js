// Designer, the grids: which lattice a design lives on, and its layers drawn cell by cell off
// the cube grid (the cube grid's layers are designer.js's buttons). As BurrTools' editor, every
// grid is edited in layers of constant z in BurrTools' coordinates: triangular prisms as rows of
// up and down triangles; spheres, rhombic dodecahedra and tetrahedra-octahedra on their
// sub-voxel lattice, where only the grid's cells can be filled (circles for balls, diamonds for
// the rhombic grid's tetrahedral sub-voxels, triangles and squares for the tetrahedra and the
// octahedra's corner pieces) and the voxels between them are dots.
//
// Which voxels are cells is the server's rule (`GET /grids`, from wurfel_pack's
// `Grid::is_cell`): it sends each grid's smallest translation along each axis (`step`) and the
// cells of one step box, and a voxel is a cell iff its coordinates modulo `step` are one of
// them (crates/serve/src/grids.rs checks this lookup against the Rust rule over a box).
"use strict";
Wurfel.grids = (() => {
  const { el, get } = Wurfel;
  const SVG = "http://www.w3.org/2000/svg";
  const cellKey = (c) => c.join(",");
  let list = [];          // the server's grids, once loaded
  let loading = null;
  // The largest box side the designer offers per grid: a dozen cubes; on the sub-voxel grids
  // a few blocks (5 sub-voxels a rhombic block, 3 a tetra-octa block).
  const MAX = { "cubes": 12, "triangular-prisms": 16, "spheres": 16, "rhombic-dodecahedra": 25, "tetrahedra-octahedra": 24 };
  // A new design's box on each grid: room for a small puzzle.
  const START = { "cubes": [3, 3, 3], "triangular-prisms": [6, 3, 2], "spheres": [6, 6, 4], "rhombic-dodecahedra": [10, 10, 10], "tetrahedra-octahedra": [6, 6, 6] };

  function load() {
    loading ||= get("/grids").then((l) => { list = l; for (const g of l) g.set = new Set(g.cells.map((c) => c.join(","))); return l; });
    return loading;
  }
  const info = (key) => list.find((g) => g.key === key) || null;
  const loaded = () => list.length > 0;
  const maxSide = (key) => MAX[key] || 12;
  const start = (key) => (START[key] || [3, 3, 3]).slice();
  function isCell(key, c) {
    if (key === "cubes") return true;
    const g = info(key);
    return !!g && g.set.has(c.map((v, k) => ((v % g.step[k]) + g.step[k]) % g.step[k]).join(","));
  }
  const step = (key) => (info(key) || { step: [1, 1, 1] }).step;
  const name = (key) => (info(key) || { name: key }).name;

  // What a layer's help line says on each grid.
  function help(key) {
    if (key === "cubes") return "Layers top first, each seen from above (y up): click or drag to fill or empty cells.";
    if (key === "triangular-prisms") return "Layers top first, each seen from above (y up): a sheet of triangles, pointing up and down in turn; each is a prism one layer high. Click or drag to fill or empty them.";
    const what = { "spheres": "circles are the balls (BurrTools' cells: x + y + z even)",
      "rhombic-dodecahedra": "diamonds are the cells: each is one of the 24 tetrahedra of a 5×5×5 block (lines), and a whole rhombic dodecahedron is 48 of them (“fill a dodecahedron” does that)",
      "tetrahedra-octahedra": "triangles are tetrahedra (a block's centre), squares the corner pieces of octahedra, eight to one (“fill an octahedron” fills them); blocks are 3×3×3 (lines)" }[key];
    return "Layers top first, in BurrTools' sub-voxels, each seen from above (y up): " + what + "; dots are voxels that are no cell. Click or drag to fill or empty cells.";
  }

  const svg = (tag, attrs) => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
    return e;
  };
  // The outline of cell [x, y] of a layer in pixels (`s` a unit), y drawn upward from `H`.
  function outline(key, x, y, s, H) {
    if (key === "triangular-prisms") {
      const h = s * Math.sqrt(3) / 2, x0 = (x / 2) * s + 2, y0 = H - y * h, up = (x + y) % 2 === 0;
      const pts = up ? [[x0, y0], [x0 + s, y0], [x0 + s / 2, y0 - h]] : [[x0, y0 - h], [x0 + s, y0 - h], [x0 + s / 2, y0]];
      return svg("polygon", { points: pts.map((p) => p.join(",")).join(" ") });
    }
    const cx = x * s + s / 2 + 2, cy = H - y * s - s / 2;
    if (key === "spheres") return svg("circle", { cx, cy, r: s * 0.62 });
    if (key === "tetrahedra-octahedra" && [x, y].every((v) => ((v % 3) + 3) % 3 === 1)) {
      const r = s * 0.46;
      return svg("polygon", { points: [[cx, cy - r], [cx + r, cy + r * 0.8], [cx - r, cy + r * 0.8]].map((p) => p.join(",")).join(" ") });
    }
    const r = s * (key === "rhombic-dodecahedra" ? 0.48 : 0.4);
    return key === "rhombic-dodecahedra"
      ? svg("polygon", { points: [[cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]].map((p) => p.join(",")).join(" ") })
      : svg("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: 2 });
  }

  // Layer `z` of a design on grid `key` (not cubes) in a box of `dims`: an SVG whose cells
  // carry `data-cell` ("x,y,z"). `cell(k)` says how cell k looks — { state: "fixed" |
  // "optional" | null, fill, colour (a constraint colour number), tint } — and `bind(node, k)`
  // gives it its pointer handlers. Voxels that are no cell are dots, unless the design has
  // them (from a file or a link): those are drawn as crosses, to be clicked away.
  function layer(key, dims, z, cell, bind) {
    const [X, Y] = dims;
    const prism = key === "triangular-prisms";
    const s = prism ? 30 : Math.max(13, Math.min(22, Math.floor(330 / X)));
    const W = prism ? (X / 2 + 0.5) * s + 4 : X * s + 4;
    const H = prism ? Y * s * Math.sqrt(3) / 2 + 2 : Y * s + 2;
    const root = svg("svg", { class: "grid-layer", width: W, height: H, viewBox: "0 0 " + W + " " + H, "data-layer": String(z) });
    const g = info(key);
    // Block boundaries on the sub-voxel grids, so a block reads as one solid's room.
    const block = { "rhombic-dodecahedra": 5, "tetrahedra-octahedra": 3 }[key];
    if (block) {
      for (let x = block; x < X; x += block) root.append(svg("line", { x1: x * s + 2, x2: x * s + 2, y1: 0, y2: H, class: "block-line" }));
      for (let y = block; y < Y; y += block) root.append(svg("line", { x1: 0, x2: W, y1: H - y * s - 1, y2: H - y * s - 1, class: "block-line" }));
    }
    for (let y = 0; y < Y; y++) {
      for (let x = 0; x < X; x++) {
        const k = x + "," + y + "," + z;
        const look = cell(k);
        const on = isCell(key, [x, y, z]);
        if (!on && !look.state) {
          root.append(svg("circle", { cx: x * s + s / 2 + 2, cy: H - y * s - s / 2, r: 1.3, class: "no-cell" }));
          continue;
        }
        const shape = on ? outline(key, x, y, s, H) : svg("text", { x: x * s + s / 2 + 2, y: H - y * s - s / 2 + 5, "text-anchor": "middle" });
        if (!on) shape.textContent = "✕";
        shape.setAttribute("class", "vox" + (look.state ? " on" : "") + (look.state === "optional" ? " out" : "") + (on ? "" : " off-grid"));
        shape.dataset.cell = k;
        if (look.state === "fixed" && on) shape.style.fill = look.fill;
        if (look.colour) { shape.dataset.colour = String(look.colour); shape.style.stroke = look.tint; shape.style.strokeWidth = "3"; }
        const t = svg("title", {});
        t.textContent = "[" + k + "]" + (on ? "" : ": not a cell of the grid of " + (g ? g.name : key) + " — click to remove") + (look.colour ? ", constraint colour " + look.colour : "");
        shape.append(t);
        bind(shape, k);
        root.append(shape);
      }
    }
    return root;
  }

  // The "whole solid" brush: what it is called on the grid (none where a cell is the solid).
  const SOLID = { "rhombic-dodecahedra": "fill a dodecahedron", "tetrahedra-octahedra": "fill an octahedron" };
  const solidName = (key) => SOLID[key] || null;
  // The cells the brush fills for a click on cell `c`: the rhombic dodecahedron around `c`'s
  // block, or the octahedron `c` is a corner piece of (a tetrahedron is one cell).
  function solid(key, c) {
    if (key === "rhombic-dodecahedra") return dodecahedron(c.map((v) => Math.floor(v / 5)));
    if (key === "tetrahedra-octahedra") return octahedron(c);
    return [c];
  }
  // The eight corner pieces around a vertex V of the blocks (crates/render/src/cells.rs): in
  // the block V - d (d in {0, 1}³) the corner 2d, that is the sub-voxels 3V - d.
  function octahedron(c) {
    const local = c.map((v) => ((v % 3) + 3) % 3);
    if (local.includes(1)) return [c];
    const V = c.map((v, k) => Math.floor(v / 3) + local[k] / 2);
    const out = [];
    for (let d = 0; d < 8; d++) out.push(V.map((v, k) => 3 * v - ((d >> k) & 1)));
    return out;
  }
  // The cells of the rhombic dodecahedron around block `b` (BurrTools' sub-voxels): the 24 of
  // its own block and the 4 facing it in each of its six neighbours (crates/render/src/cells.rs).
  function dodecahedron(b) {
    const out = [];
    for (let z = -1; z <= 5; z++) for (let y = -1; y <= 5; y++) for (let x = -1; x <= 5; x++) {
      const l = [x, y, z];
      const outside = l.filter((v) => v < 0 || v > 4).length;
      if (outside > 1) continue;
      if (outside === 1) {
        // In a neighbour: its face sub-voxel touching this block.
        const k = l.findIndex((v) => v < 0 || v > 4);
        const local = l.map((v, i) => (i === k ? (v < 0 ? 4 : 0) : v));
        if (!isCell("rhombic-dodecahedra", local)) continue;
      } else if (!isCell("rhombic-dodecahedra", l)) continue;
      out.push(l.map((v, i) => v + 5 * b[i]));
    }
    return out;
  }

  // A small picture of cubes, seen from the front right and above, for the list of shapes.
  function cubeThumb(cells, colour) {
    const cv = el("canvas", { class: "thumb", width: "44", height: "44" });
    const g = cv.getContext("2d");
    if (!cells.length) {
      g.strokeStyle = "#ccd"; g.setLineDash([3, 3]); g.strokeRect(8.5, 8.5, 27, 27);
      return cv;
    }
    const lo = [0, 1, 2].map((k) => Math.min(...cells.map((c) => c[k])));
    const hi = [0, 1, 2].map((k) => Math.max(...cells.map((c) => c[k])) + 1);
    const span = Math.max(hi[0] - lo[0] + hi[1] - lo[1], (hi[0] - lo[0] + hi[1] - lo[1]) * 0.5 + hi[2] - lo[2]);
    const s = 40 / Math.max(2, span);
    const P = (x, y, z) => [(x - lo[0] - (y - lo[1])) * s * 0.87, ((x - lo[0]) + (y - lo[1])) * s * 0.5 - (z - lo[2]) * s];
    const w = [Infinity, -Infinity, Infinity, -Infinity];
    for (const c of cells) for (const [dx, dy, dz] of [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 1], [0, 0, 1], [1, 1, 0]]) {
      const [x, y] = P(c[0] + dx, c[1] + dy, c[2] + dz);
      w[0] = Math.min(w[0], x); w[1] = Math.max(w[1], x); w[2] = Math.min(w[2], y); w[3] = Math.max(w[3], y);
    }
    const ox = 22 - (w[0] + w[1]) / 2, oy = 22 - (w[2] + w[3]) / 2;
    const rgb = [1, 3, 5].map((i) => parseInt((colour || "#888888").slice(i, i + 2), 16));
    const shade = (f) => "rgb(" + rgb.map((v) => Math.round(v * f)).join(",") + ")";
    const has = new Set(cells.map(cellKey));
    const sorted = cells.slice().sort((a, b) => (a[0] + a[1] + a[2]) - (b[0] + b[1] + b[2]) || a[2] - b[2]);
    const poly = (pts, fill) => {
      g.beginPath();
      pts.forEach(([x, y, z], i) => { const [px, py] = P(x, y, z); if (i) g.lineTo(px + ox, py + oy); else g.moveTo(px + ox, py + oy); });
      g.closePath(); g.fillStyle = fill; g.fill(); g.strokeStyle = "rgba(0,0,0,.45)"; g.lineWidth = 0.6; g.stroke();
    };
    for (const [x, y, z] of sorted) {
      if (!has.has(cellKey([x, y, z + 1]))) poly([[x, y, z + 1], [x + 1, y, z + 1], [x + 1, y + 1, z + 1], [x, y + 1, z + 1]], shade(1.08));
      if (!has.has(cellKey([x + 1, y, z]))) poly([[x + 1, y, z], [x + 1, y + 1, z], [x + 1, y + 1, z + 1], [x + 1, y, z + 1]], shade(0.8));
      if (!has.has(cellKey([x, y + 1, z]))) poly([[x, y + 1, z], [x + 1, y + 1, z], [x + 1, y + 1, z + 1], [x, y + 1, z + 1]], shade(0.62));
    }
    return cv;
  }
  // Off the cube grid: each cell a ball at its centre, in the grid's own space, back to front.
  function thumb(key, cells, colour) {
    if (key === "cubes" || !cells.length) return cubeThumb(cells, colour);
    const cv = el("canvas", { class: "thumb", width: "44", height: "44" });
    const g = cv.getContext("2d");
    // Centres in space: prisms' triangles are half a unit apart across and √3/2 up.
    const at = key === "triangular-prisms" ? (c) => [c[0] / 2, c[1] * 0.866 + ((c[0] + c[1]) % 2 ? 0.58 : 0.29), c[2]] : (c) => c;
    const P = (c) => { const [x, y, z] = at(c); return [(x - y) * 0.87, (x + y) * 0.5 - z]; };
    const pts = cells.map((c) => [P(c), at(c)]);
    const xs = pts.map(([p]) => p[0]), ys = pts.map(([p]) => p[1]);
    const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys), 1);
    const s = 34 / (span + 1.5), ox = 22 - ((Math.max(...xs) + Math.min(...xs)) / 2) * s, oy = 22 - ((Math.max(...ys) + Math.min(...ys)) / 2) * s;
    const r = Math.max(1.5, Math.min(6, s * (key === "triangular-prisms" || key === "spheres" ? 0.55 : 0.7)));
    pts.sort((a, b) => a[1][0] + a[1][1] + a[1][2] - (b[1][0] + b[1][1] + b[1][2]));
    for (const [p] of pts) {
      g.beginPath(); g.arc(ox + p[0] * s, oy + p[1] * s, r, 0, 2 * Math.PI);
      g.fillStyle = colour || "#888"; g.fill(); g.strokeStyle = "rgba(0,0,0,.45)"; g.lineWidth = 0.6; g.stroke();
    }
    return cv;
  }

  return { thumb, load, loaded, info, isCell, step, name, maxSide, start, help, layer, solid, solidName, list: () => list };
})();
