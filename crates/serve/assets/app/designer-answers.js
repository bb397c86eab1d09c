// Designer, the answers: "is it unique?", count, disassemble and estimate, each asked of the
// server about the design as it stands. `d` is what the designer lends: its elements (`ui`),
// the puzzle file of the design (`source()`), `answer(button, f, keepEnabled)` (runs `f` as the
// answer to the current design, marking it stale after an edit) and `showAnswer(html, title)`
// (a viewer page in the preview).
"use strict";
Wurfel.designerAnswers = (d) => {
  const { el, msg, fmt, post, countLive, countsTable, duration } = Wurfel;
  const { ui, source, answer, showAnswer } = d;

  function doUnique() {
    return answer(ui.unique, async () => {
      msg(ui.out, "info", "looking for two solutions…");
      const sols = await post("/solve", Object.assign(source(), { limit: 2 }));
      const what = sols.length === 0 ? ["warn", "no solution: the pieces cannot fill the target"]
        : sols.length === 1 ? ["good", "unique: exactly one solution (up to rotations)"]
          : ["warn", "not unique: at least two solutions (up to rotations) — Count says how many"];
      msg(ui.out, what[0], what[1]);
      if (sols.length) showAnswer(await post("/view/solve", Object.assign(source(), { limit: 2 })), sols.length === 1 ? "the solution" : "two solutions (◀ ▶)");
    });
  }

  function doCount() {
    if (ui.count.dataset.busy) return;
    return answer(ui.count, async () => {
      const out = await countLive(source(), { bar: ui.bar, stats: ui.stats, button: ui.count });
      if (out.result) {
        ui.counts.append(countsTable(out.result, out.stopped));
        if (out.result.complete) ui.bar.firstChild.style.width = "100%";
      }
      if (out.stopped) msg(ui.out, "warn", out.stopped === "cancelled" ? "cancelled — the counts below are what was found so far (at least that many)" : "stopped: " + out.stopped);
    }, true);
  }

  // The level as BurrTools writes it: moves until the first piece (or group) comes out, then
  // the next, ...
  function levelWords(level) {
    const parts = String(level).split(".").map(Number);
    if (parts.length === 1) return parts[0] === 1 ? "one move takes the first piece out" : parts[0] + " moves until the first piece comes out";
    return parts[0] + " moves until the first piece comes out, then " + parts.slice(1).join(", then ") + " for the parts after";
  }
  function doDisassemble() {
    return answer(ui.disassemble, async () => {
      msg(ui.out, "info", "looking for a solution that comes apart…");
      const sols = await post("/solve", Object.assign(source(), { limit: 1, disassemble: true, plan: true }));
      if (!sols.length) {
        const any = await post("/solve", Object.assign(source(), { limit: 1 }));
        msg(ui.out, "warn", any.length ? "it has solutions, but none comes apart: each is locked together" : "no solution: the pieces cannot fill the target");
        if (any.length) showAnswer(await post("/view/solve", Object.assign(source(), { limit: 1 })), "a solution (it does not come apart)");
        return;
      }
      const s = sols[0];
      const moves = (s.plan || []).length;
      ui.out.textContent = "";
      ui.out.append(el("div", { class: "msg good", id: "ds-level", "data-level": s.level },
        "comes apart: level " + s.level + " — " + levelWords(s.level) + (moves ? " (" + moves + " moves in all)" : "") + ". Use “take apart” in the viewer to watch it."));
      showAnswer(await post("/view/solve", Object.assign(source(), { limit: 1, disassemble: true })), "the disassembly (▶ take apart)");
    });
  }

  function doEstimate() {
    return answer(ui.estimate, async () => {
      msg(ui.out, "info", "estimating…");
      const e = await post("/estimate", Object.assign(source(), { probes: 20000, calibrate: 0.3 }));
      const i = (v, f) => f(v.estimate) + " (95%: " + f(v.low) + " to " + f(v.high) + ")";
      const n = (x) => (x < 1e12 ? fmt(Math.round(x)) : x.toExponential(2));
      msg(ui.out, "info", "estimate from " + fmt(e.probes) + " probes: " + i(e.solutions, n) + " raw solutions; " + i(e.nodes, n) +
        " nodes; CPU time " + i(e.cpu_seconds, duration) + " on one thread");
    });
  }


  return { doUnique, doCount, doDisassemble, doEstimate };
};
