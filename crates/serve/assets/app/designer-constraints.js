// Designer, BurrTools' colour constraints and piece groups: how the model holds them, how they
// read in words, and the panel that edits them (the colour brush that paints cells is in the
// layer grids, designer.js). A shape's constraint colours are { cell key: 1..63 } (unlisted
// cells neutral: they match anything); the puzzle's colour rules are [a, b] pairs — a piece
// cell of colour a may lie on a target cell of colour b; a piece's groups are [group, copies]
// pairs — pieces of one group need not come apart from each other for a solution to count.
"use strict";
Wurfel.constraints = (() => {
  const { el } = Wurfel;
  const CELL = /^\d+,\d+,\d+$/;
  // BurrTools numbers constraint colours from 1; its files hold at most 63.
  const MOST = 63;
  // A tint per constraint colour, so two colours differ at a glance in the grids (the number
  // is written in the cell too) and in the 3D preview: the display colours pictures and the
  // viewer give a puzzle without its own (wurfel_pack::colors::default_display_color, 1 to 12).
  const TINTS = ["#dc2828", "#1e1e1e", "#28a03c", "#2850dc", "#e6c828", "#c8c8c8", "#f0821e", "#963cbe", "#28bec8", "#e66eb4", "#825028", "#ffffff"];
  const tint = (c) => TINTS[(c - 1) % TINTS.length];
  const unkey = (k) => k.split(",").map(Number);

  function cleanColours(o) {
    const out = {};
    if (o && typeof o === "object") for (const [k, v] of Object.entries(o)) if (CELL.test(k) && Number.isInteger(v) && v >= 1 && v <= MOST) out[k] = v;
    return out;
  }
  const pairs = (l, most) => (Array.isArray(l) ? l : []).filter((r) => Array.isArray(r) && r.length === 2 && r.every((v) => Number.isInteger(v) && v >= 1 && v <= most));
  // A draft, link or import may hold anything: keep only what BurrTools could mean.
  function normalise(m) {
    for (const p of m.pieces) {
      p.cellColors = cleanColours(p.cellColors);
      p.groups = pairs(p.groups, 1 << 30);
    }
    m.targetColors = cleanColours(m.targetColors);
    m.colorRules = pairs(m.colorRules, MOST);
  }
  // `[x, y, z, colour]` of the listed cells that are still in the shape.
  const colourList = (colours, has) => Object.entries(colours || {}).filter(([k]) => has(k)).map(([k, c]) => unkey(k).concat([c]));

  // ", 2 in constraint colour 1, 1 in colour 2": a shape's coloured cells, in words.
  function colourWords(colours, cells) {
    const by = new Map();
    for (const k of cells) { const c = (colours || {})[k]; if (c) by.set(c, (by.get(c) || 0) + 1); }
    return [...by.keys()].sort((a, b) => a - b).map((c, i) => ", " + by.get(c) + " in " + (i ? "" : "constraint ") + "colour " + c).join("");
  }
  const groupWords = (p) => (p.groups || []).map(([g, c]) => ", group " + g + (c < p.count ? " (" + c + " of " + p.count + " copies)" : "")).join("");

  // Every constraint colour some cell of the design has, in order.
  function used(m) {
    const all = new Set(Object.values(m.targetColors || {}));
    for (const p of m.pieces) for (const c of Object.values(p.cellColors || {})) all.add(c);
    return [...all].sort((a, b) => a - b);
  }

  // The panel: the rules (each removable), a form to add one, "each colour on itself", and a
  // group number per piece. `model()` reads the design; `edit(f)` changes it (undoable).
  function panel(model, edit) {
    const num = (id, title) => el("input", { id, type: "number", min: "1", max: String(MOST), value: "1", class: "colour-no", title });
    const a = num("ds-rule-piece", "the piece cells' constraint colour");
    const b = num("ds-rule-target", "the target cells' constraint colour");
    const rules = el("ul", { class: "rules", id: "ds-rules" });
    const groups = el("div", { class: "groups", id: "ds-groups" });
    const words = el("div", { id: "ds-constraints", class: "muted" });
    const addRule = (x, y) => edit(() => {
      const m = model();
      m.colorRules ||= [];
      if (!m.colorRules.some(([p, q]) => p === x && q === y)) m.colorRules.push([x, y]);
      m.colorRules.sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    });
    const read = (i) => Math.max(1, Math.min(MOST, Math.round(Number(i.value)) || 1));
    const root = el("details", { class: "constraints", id: "ds-constraints-panel" },
      el("summary", { text: "Colour constraints and groups" }),
      el("p", { class: "muted small", text: "Paint cells with the “constraint colour” brush above the layers. A piece cell of colour a may lie on a target cell of colour b only where “a on b” is listed below; uncoloured cells match anything." }),
      rules,
      el("div", { class: "row" }, "piece colour", a, "on target colour", b,
        el("button", { id: "ds-rule-add", class: "small", text: "add rule", onclick: () => addRule(read(a), read(b)) })),
      el("div", { class: "row" }, el("button", { id: "ds-rule-same", class: "small", text: "each colour on itself",
        title: "a rule c on c for every colour the design uses", onclick: () => used(model()).forEach((c) => addRule(c, c)) })),
      el("p", { class: "muted small", text: "Group: pieces with the same group number need not come apart from each other (0: no group)." }),
      groups, words);

    function draw() {
      const m = model();
      m.colorRules ||= [];
      rules.textContent = "";
      for (const [x, y] of m.colorRules) {
        const rm = el("button", { class: "small", text: "✕", title: "remove this rule", "data-rule": x + "," + y,
          onclick: () => edit(() => { m.colorRules = m.colorRules.filter(([p, q]) => p !== x || q !== y); }) });
        rules.append(el("li", {}, swatch(x), " " + x + " on " + y + " ", swatch(y), rm));
      }
      if (!m.colorRules.length) rules.append(el("li", { class: "muted", text: used(m).length ? "no rules: coloured piece cells fit only on uncoloured target cells" : "no rules" }));
      groups.textContent = "";
      m.pieces.forEach((p, i) => {
        // A piece whose copies are split over groups (from a BurrTools file) keeps its split
        // until its number here is changed, which puts every copy in one group.
        const g = (p.groups || []).length === 1 ? p.groups[0][0] : 0;
        const input = el("input", { type: "number", min: "0", max: "99", value: String(g), "data-group-for": String(i), title: "piece " + p.name + "'s group",
          onchange: (e) => edit(() => { const n = Math.max(0, Math.round(Number(e.target.value)) || 0); p.groups = n ? [[n, p.count]] : []; }) });
        groups.append(el("label", {}, p.name + " ", input, (p.groups || []).length > 1 ? groupWords(p) : ""));
      });
      words.textContent = "";
      words.append(...summary(m).map((t) => el("p", { text: t })));
      if (summary(m).length) root.open = true;
    }
    return { root, draw };
  }
  const swatch = (c) => el("span", { class: "sw", style: "background:" + tint(c), title: "constraint colour " + c });

  // The puzzle's colour rules and groups in words (only what the design has).
  function summary(m) {
    const rules = m.colorRules || [];
    const grouped = m.pieces.filter((p) => (p.groups || []).length);
    const lines = [];
    if (used(m).length || rules.length) {
      const allowed = rules.length ? rules.map(([a, b]) => a + " on " + b).join(", ") : "none";
      lines.push("Colour constraints: a piece cell of constraint colour a may lie on a target cell of colour b only for these a on b: " +
        allowed + ". Uncoloured cells match anything; the grids show each cell's colour number.");
    }
    if (grouped.length) lines.push("Piece groups (pieces of one group need not come apart from each other): " +
      grouped.map((p) => p.name + groupWords(p).replace(/^, /, " in ")).join("; ") + ".");
    return lines;
  }

  // The TOML lines of a piece's groups: one group holding every copy is BurrTools' plain
  // `group`; split copies are listed.
  function groupToml(p, list) {
    const g = p.groups || [];
    if (g.length === 1 && g[0][1] >= p.count) return "group = " + g[0][0] + "\n";
    return g.length ? "groups = " + list(g.map(([n, c]) => [n, Math.min(c, p.count)])) + "\n" : "";
  }

  return { MOST, tint, normalise, colourList, colourWords, groupWords, groupToml, panel };
})();
