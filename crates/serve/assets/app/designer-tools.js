// Designer, the tools: the selected shape turned a quarter turn or mirrored (on the cube grid)
// and shifted inside the box (on every grid, by the grid's smallest translation, so that a
// shifted piece is the same piece). `d` is what the designer lends: its elements (`ui`, the
// tools row `ui.tools` gets the buttons), its button maker `b`, the design (`model()`), the
// selected shape (`sel()`: -1 the target) and `edit(f)` (an undoable change).
"use strict";
Wurfel.designerTools = (d) => {
  const { el, msg } = Wurfel;
  const G = Wurfel.grids;
  const { ui, b, edit } = d;
  const key = (c) => c.join(",");
  const unkey = (k) => k.split(",").map(Number);
  // Read when the designer calls them: it swaps its model on undo.
  const get = () => ({ model: d.model(), sel: d.sel() });
  // [cell, state, constraint colour]: a turned or shifted shape keeps its cells' colours.
  function shapeCells() {
    const { model, sel } = get();
    const p = sel >= 0 ? model.pieces[sel] : null;
    const colours = (p ? p.cellColors : model.targetColors) || {};
    return p ? p.cells.map((k) => [unkey(k), "fixed", colours[k]]) : Object.entries(model.target).map(([k, v]) => [unkey(k), v, colours[k]]);
  }
  function setShape(list) {
    const { model, sel } = get();
    const colours = {};
    for (const [c, , colour] of list) if (colour) colours[key(c)] = colour;
    if (sel >= 0) { model.pieces[sel].cells = list.map(([c]) => key(c)); model.pieces[sel].cellColors = colours; }
    else { model.target = {}; for (const [c, v] of list) model.target[key(c)] = v; model.targetColors = colours; }
  }
  function tool(f) {
    const { model } = get();
    const list = shapeCells();
    if (!list.length) { msg(ui.shapeMsgs, "info", "nothing to turn yet: fill some cells first"); return; }
    const moved = list.map(([c, ...rest]) => [f(c), ...rest]);
    const lo = [0, 1, 2].map((k) => Math.min(...moved.map(([c]) => c[k])));
    const oldLo = [0, 1, 2].map((k) => Math.min(...list.map(([c]) => c[k])));
    // Turned about its own corner: it stays where it was when it still fits, else moves in.
    let placed = moved.map(([c, ...rest]) => [c.map((x, k) => x - lo[k] + oldLo[k]), ...rest]);
    const hi = [0, 1, 2].map((k) => Math.max(...placed.map(([c]) => c[k])) + 1);
    const over = hi.map((h, k) => Math.max(0, h - model.dims[k]));
    placed = placed.map(([c, ...rest]) => [c.map((x, k) => x - over[k]), ...rest]);
    const need = [0, 1, 2].map((k) => Math.max(...placed.map(([c]) => c[k])) + 1);
    if (need.some((n) => n > G.maxSide(model.grid))) { msg(ui.shapeMsgs, "warn", "it does not fit in " + G.maxSide(model.grid) + " cells on a side"); return; }
    edit(() => {
      model.dims = model.dims.map((n, k) => Math.max(n, need[k]));
      setShape(placed);
    });
  }
  // By the grid's smallest translation along the axis, so the shape stays the same shape.
  function shift(unit) {
    const { model } = get();
    const list = shapeCells();
    if (!list.length) return;
    const by = unit.map((v, k) => v * G.step(model.grid)[k]);
    const moved = list.map(([c, ...rest]) => [c.map((x, k) => x + by[k]), ...rest]);
    if (moved.some(([c]) => c.some((x, k) => x < 0 || x >= model.dims[k]))) {
      msg(ui.shapeMsgs, "info", "it is at the edge of the box: make the box larger to shift it further");
      return;
    }
    edit(() => setShape(moved));
  }

  const t = (id, text, title, f) => b("ds-tool-" + id, text, () => tool(f), "small", title);
  ui.tools.append(
    el("span", { class: "muted", id: "ds-turn", text: "turn" }),
    t("rx", "⟳x", "rotate a quarter turn about x", (c) => [c[0], -c[2], c[1]]),
    t("ry", "⟳y", "rotate a quarter turn about y", (c) => [c[2], c[1], -c[0]]),
    t("rz", "⟳z", "rotate a quarter turn about z", (c) => [-c[1], c[0], c[2]]),
    t("mirror", "mirror", "mirror left–right (x)", (c) => [-c[0], c[1], c[2]]),
    el("span", { class: "muted", text: "shift" }),
    ...[["xm", "←", [-1, 0, 0]], ["xp", "→", [1, 0, 0]], ["yp", "↑", [0, 1, 0]], ["ym", "↓", [0, -1, 0]], ["zp", "up", [0, 0, 1]], ["zm", "down", [0, 0, -1]]]
      .map(([id, text, u]) => b("ds-shift-" + id, text, () => shift(u), "small", "shift by one step of the grid along " + "xyz"[u.findIndex((v) => v)] + (u.some((v) => v > 0) ? " (+)" : " (−)"))));
};
