// Snake cubes: a chain (a built-in snake, segment lengths or joint letters) folded into its
// box: solve and count, and step through a folding in 3D segment by segment.
"use strict";
(() => {
  const { el, msg, fmt, post, get, job, showViewer } = Wurfel;
  let ui = null;

  function init(sec) {
    ui = {
      builtin: el("select", { id: "sn-builtin", style: "flex:1;min-width:0", title: "a built-in snake: its name goes into the chain box" }, el("option", { value: "", text: "custom chain (as typed below)" })),
      chain: el("input", { id: "sn-chain", type: "text", size: "44", value: "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3,3" }),
      box: el("input", { id: "sn-box", type: "text", size: "6", placeholder: "auto" }),
      limit: el("input", { id: "sn-limit", type: "number", min: "1", max: "200", value: "10", style: "width:64px" }),
      out: el("div", { id: "sn-out" }),
      counts: el("div", { id: "sn-counts" }),
      list: el("div", { id: "sn-list" }),
      frame: el("iframe", { class: "viewer", id: "sn-viewer", title: "3D viewer" }),
    };
    ui.solveBtn = el("button", { class: "primary", id: "sn-solve", text: "Solve", onclick: solve });
    ui.countBtn = el("button", { id: "sn-count", text: "Count", onclick: count });
    ui.builtin.addEventListener("change", () => {
      if (ui.builtin.value) { ui.chain.value = ui.builtin.value; ui.box.value = ""; }
      inputChanged();
    });
    // The menu names the chain being edited: a built-in snake while the box holds its name,
    // "custom" once the chain is typed over.
    ui.chain.addEventListener("input", () => {
      const typed = ui.chain.value.trim();
      ui.builtin.value = [...ui.builtin.options].some((o) => o.value && o.value === typed) ? typed : "";
    });
    for (const i of [ui.chain, ui.box]) i.addEventListener("input", inputChanged);
    sec.append(
      el("div", { class: "side", style: "width:460px" },
        el("div", { class: "panel" },
          el("h2", { text: "Snake cube" }),
          el("div", { class: "row" }, el("label", { for: "sn-builtin", text: "snake" }), ui.builtin),
          el("div", { class: "row" }, el("label", { for: "sn-chain", text: "chain" }), ui.chain),
          el("div", { class: "muted", text: "segment lengths whose end cubes overlap (3,2,2,…) or one letter per cube (E end, S straight, C corner), or a built-in name" }),
          el("div", { class: "row" }, el("label", { for: "sn-box", text: "box" }), ui.box,
            el("label", { for: "sn-limit", text: "solutions" }), ui.limit),
          el("div", { class: "row" }, ui.solveBtn, ui.countBtn),
          ui.out, ui.counts),
        el("div", { class: "panel", style: "flex:1" }, el("h2", { text: "Foldings" }), ui.list)),
      el("div", { class: "grow" },
        el("div", { class: "muted", text: "Step through a folding with “assemble” / “▶ play” in the viewer: segment by segment along the chain." }),
        ui.viewerNote = el("div", { class: "muted", id: "sn-viewer-note", text: "Solve to see a folding here." }),
        ui.frame));
    ui.frame.hidden = true;
    get("/snake/catalog").then((rows) => {
      for (const s of rows) ui.builtin.append(el("option", { value: s.id, text: s.name + " (" + s.box + ", " + s.solutions + " solution" + (s.solutions === 1 ? "" : "s") + ")" }));
    }).catch(() => {});
  }

  function request(extra) {
    const r = Object.assign({ chain: ui.chain.value.trim() }, extra);
    if (ui.box.value.trim()) r.box = ui.box.value.trim();
    return r;
  }

  // Every result shown belongs to one input (chain and box): `shownFor`. Editing the input
  // greys them out, labelled; a run for another input, or a failed run, clears them first.
  let shownFor = null;
  const inputKey = () => JSON.stringify(request({}));
  function clearResults() {
    shownFor = null;
    msg(ui.out);
    ui.counts.textContent = "";
    ui.list.textContent = "";
    ui.frame.hidden = true;
    ui.frame.removeAttribute("srcdoc");
    ui.frame.classList.remove("stale-frame");
    ui.viewerNote.textContent = "Solve to see a folding here.";
    for (const b of [ui.out, ui.counts, ui.list.parentNode, ui.frame.parentNode]) Wurfel.stale(b, null);
  }
  function inputChanged() {
    const old = shownFor !== null && shownFor !== inputKey();
    for (const b of [ui.out, ui.counts, ui.list.parentNode]) Wurfel.stale(b, old ? "for the earlier chain " + JSON.parse(shownFor).chain + " — Solve or Count for this one" : null);
    ui.frame.classList.toggle("stale-frame", old);
    ui.viewerNote.textContent = old ? "The folding below is of the earlier chain." : ui.frame.hidden ? "Solve to see a folding here." : "";
  }
  // Before a run: the results of another input go; those of this input stay (a count beside
  // its foldings).
  function startRun() {
    if (shownFor !== inputKey()) clearResults();
    shownFor = inputKey();
    inputChanged();
  }
  function failed(e) {
    clearResults();
    msg(ui.out, "error", e.message);
  }

  async function solve() {
    ui.solveBtn.disabled = true;
    startRun();
    msg(ui.out, "info", "folding…");
    try {
      const limit = Math.max(1, Number(ui.limit.value) || 1);
      const t = performance.now();
      const sols = await post("/snake/solve", request({ limit }));
      const secs = ((performance.now() - t) / 1000).toFixed(2);
      ui.list.textContent = "";
      if (!sols.length) {
        ui.frame.hidden = true;
        msg(ui.out, "warn", "no folding fills the box");
        return;
      }
      showViewer(ui.frame, await post("/view/snake", request({ limit })));
      ui.frame.hidden = false;
      ui.viewerNote.textContent = "";
      msg(ui.out, "good", sols.length + " folding" + (sols.length === 1 ? "" : "s") + " (one per physically different folding) in " + secs + " s" +
        (sols.length === limit ? " — there may be more: Count tells" : ""));
      ui.list.append(el("table", {},
        el("tr", {}, el("th", { text: "#" }), el("th", { text: "segments (R/L = ±x, B/F = ±y, U/D = ±z)" })),
        sols.map((s) => el("tr", {}, el("td", { text: s.solution }), el("td", { class: "mono", text: s.segments })))));
    } catch (e) {
      failed(e);
    } finally {
      ui.solveBtn.disabled = false;
    }
  }

  // Counts as a job: the Count button becomes Cancel while it runs; a cancelled count shows
  // what it found so far, as `snake count` prints after Ctrl-C.
  let counting = null;

  async function count() {
    if (counting) { counting.cancel(); ui.countBtn.disabled = true; return; }
    startRun();
    msg(ui.out, "info", "counting…");
    ui.counts.textContent = "";
    ui.countBtn.textContent = "Cancel";
    ui.countBtn.classList.add("danger");
    try {
      counting = job("snake/count", request({}), (p) => {
        if (p.total) msg(ui.out, "info", "counting: " + fmt(p.done) + " / " + fmt(p.total) + " tasks, " + fmt(p.nodes) + " nodes");
      });
      const out = await counting.promise;
      const c = out.result;
      const what = c.cubes + " cubes in the " + c.box + " box" + (c.palindrome ? " (a palindrome)" : "");
      if (c.complete) msg(ui.out, "good", "counted: " + what);
      else msg(ui.out, "warn", "STOPPED (" + (out.stopped || "stopped") + ") — partial counts: the foldings found so far, " + what + "; each figure a lower bound");
      const rows = [["embeddings", "every folding, box fixed"], ["rotations", "up to the box's rotations"], ["isometries", "up to rotations and reflections"]];
      if (c.palindrome) rows.push(["rotations_reversal", "also reading from either end"], ["isometries_reversal", "isometries and either end"]);
      rows.push(["solutions", "physically different foldings"]);
      ui.counts.append(el("table", { id: "sn-count-table", "data-complete": String(c.complete) }, rows.map(([k, what]) =>
        el("tr", {}, el("td", { text: k }), el("td", { class: "num", "data-count": k, text: fmt(c[k]) + (c.complete ? "" : "+") }), el("td", { class: "muted", text: what })))));
    } catch (e) {
      failed(e);
    } finally {
      counting = null;
      ui.countBtn.textContent = "Count";
      ui.countBtn.classList.remove("danger");
      ui.countBtn.disabled = false;
    }
  }

  Wurfel.pages.snake = { init };
})();
