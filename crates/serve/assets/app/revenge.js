// The 4x4x4: a position from a scramble, a pasted sticker string (96 face letters or colours,
// in a face order the page shows and checks) or painted sticker by sticker on the unfolded net
// (checked by the server, with the CLI's messages), solved by the reduction method, and the
// solution played move by move on the net and a 3D cube (cube3d.js) in step, with its OBTM and
// STM lengths.
"use strict";
(() => {
  const { el, msg, post } = Wurfel;
  const N = 4;
  // Faces in facelet order U R F D L B; where each sits in the cross, in face widths, and its
  // usual colour (as crates/render/src/cube_net.rs draws nets).
  const FACES = "URFDLB";
  const AT = [[1, 0], [2, 1], [1, 1], [1, 2], [0, 1], [3, 1]];
  const COLOUR = { U: "#f5f5f5", R: "#c81e28", F: "#1e9646", D: "#fad21e", L: "#fa8214", B: "#1e50be" };
  const NAME = { U: "white (U)", R: "red (R)", F: "green (F)", D: "yellow (D)", L: "orange (L)", B: "blue (B)" };
  const SOLVED = FACES.split("").map((f) => f.repeat(N * N)).join("");
  // Face orders a pasted string may come in (the facelet order is the first); when a string is
  // not a position in the chosen order, the others are tried for a hint.
  const ORDERS = ["URFDLB", "ULFRBD", "UFRBLD", "UFRDBL", "FRUBLD"];
  // Colour letters of the usual scheme (white U, red R, green F, yellow D, orange L, blue B).
  const BY_COLOUR = { W: "U", R: "R", G: "F", Y: "D", O: "L", B: "B" };

  let ui = null;
  let facelets = SOLVED;    // the position being edited
  let brush = "U";
  let play = null;          // { states, moves, at }
  let timer = null;
  let checkSeq = 0;
  let cube = null;          // the 3D view

  function init(sec) {
    ui = {
      scramble: el("input", { id: "rv-scramble", type: "text", size: "48", placeholder: "e.g. R U2 Fw' L 2R D2", value: "Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'" }),
      net: el("div", { class: "net", id: "rv-net" }),
      cube: el("canvas", { class: "cube3d", id: "rv-cube", title: "drag to turn, double-click to reset" }),
      current: el("div", { class: "mono", id: "rv-current" }),
      swatches: el("div", { class: "swatches" }),
      check: el("div", { id: "rv-check" }),
      out: el("div", { id: "rv-out" }),
      solution: el("div", { id: "rv-solution" }),
      moves: el("div", { class: "moves", id: "rv-moves" }),
      slider: el("input", { type: "range", id: "rv-step", min: "0", max: "0", value: "0", style: "flex:1" }),
      stepText: el("span", { class: "mono", id: "rv-step-text" }),
      solve: el("button", { class: "primary", id: "rv-solve", text: "Solve (reduction)", onclick: solve }),
      paste: el("textarea", { id: "rv-paste", rows: "3", spellcheck: "false", style: "width:100%;font-family:monospace",
        placeholder: "96 stickers, face after face, each face row by row as seen from outside: face letters (URFDLB) or colours (W R G Y O B)" }),
      order: el("select", { id: "rv-order", title: "the order of the faces in the string" }, ORDERS.map((o) => el("option", { value: o, text: o.split("").join(" ") }))),
      pasteCheck: el("div", { id: "rv-paste-check" }),
    };
    ui.paste.addEventListener("input", () => checkPaste(false));
    ui.order.addEventListener("change", () => checkPaste(false));
    const b = (id, text, onclick) => el("button", { id, text, onclick });
    ui.player = el("div", { class: "row", id: "rv-player", hidden: true },
      b("rv-first", "« first", () => goto(0)), b("rv-prev", "◀", () => goto(play.at - 1)),
      b("rv-play", "▶ play", toggle), b("rv-next", "▶", () => goto(play.at + 1)),
      b("rv-last", "last »", () => goto(play.states.length - 1)), ui.slider, ui.stepText);
    ui.slider.addEventListener("input", () => goto(Number(ui.slider.value)));
    for (const f of FACES) {
      const sw = el("div", { class: "sw" + (f === brush ? " sel" : ""), title: NAME[f], "data-colour": f, style: "background:" + COLOUR[f],
        onclick: () => { brush = f; for (const s of ui.swatches.children) s.classList.toggle("sel", s === sw); } });
      ui.swatches.append(sw);
    }
    // The cross: 4N columns, 3N rows; gaps where no face is.
    ui.net.style.gridTemplateColumns = "repeat(" + 4 * N + ", 24px)";
    const cellAt = new Map();
    FACES.split("").forEach((f, fi) => {
      for (let k = 0; k < N * N; k++) cellAt.set((AT[fi][1] * N + Math.floor(k / N)) * 4 * N + AT[fi][0] * N + (k % N), fi * N * N + k);
    });
    for (let pos = 0; pos < 12 * N * N; pos++) {
      const i = cellAt.get(pos);
      if (i === undefined) { ui.net.append(el("div", { class: "gap" })); continue; }
      ui.net.append(el("div", { class: "st", "data-i": i, title: FACES[Math.floor(i / 16)] + (i % 16 + 1), onclick: () => paint(i) }));
    }
    sec.append(
      el("div", { class: "side", style: "width:520px" },
        el("div", { class: "panel" },
          el("h2", { text: "Position" }),
          el("div", { class: "row" }, el("label", { for: "rv-scramble", text: "scramble" }), ui.scramble),
          el("div", { class: "row" }, b("rv-apply", "Apply scramble", applyScramble), b("rv-reset", "Solved cube", () => setPosition(SOLVED)),
            b("rv-random", "Random position", randomPosition)),
          el("h3", { text: "Or paste the stickers" }),
          ui.paste,
          el("div", { class: "row" }, el("label", { for: "rv-order", text: "face order" }), ui.order,
            b("rv-paste-apply", "Use these stickers", () => checkPaste(true)), el("span", { class: "muted mono", id: "rv-paste-count" })),
          ui.pasteCheck,
          el("h3", { text: "Paint stickers: pick a colour, click stickers" }),
          ui.swatches,
          el("div", { class: "muted", style: "margin-top:4px", text: "WCA/SiGN notation (u = Uw); facelets U R F D L B, 16 each, as seen from outside." }),
          ui.check,
          el("div", { class: "row" }, ui.solve),
          ui.out)),
      el("div", { class: "grow" },
        el("div", { class: "panel" }, el("h2", { text: "The cube, unfolded and in 3D" }),
          el("div", { class: "row", style: "align-items:flex-start;gap:18px" }, ui.net, ui.cube), ui.player, ui.current, ui.moves),
        el("div", { class: "panel", style: "flex:1" }, el("h2", { text: "Solution" }), ui.solution)));
    cube = Wurfel.cube3d(ui.cube, COLOUR);
    setPosition(SOLVED);
  }

  // The net and the 3D cube show the same position; `before` (the previous step's) marks on
  // the cube what the move changed.
  function draw(f, before) {
    cube.show(f, before);
    for (const st of ui.net.querySelectorAll(".st")) st.style.background = COLOUR[f[Number(st.dataset.i)]] || "#888";
    ui.net.dataset.facelets = f;
  }

  function setPosition(f) {
    stop();
    facelets = f;
    play = null;
    ui.player.hidden = true;
    ui.moves.textContent = "";
    ui.current.textContent = "";
    ui.solution.textContent = "";
    msg(ui.out);
    draw(f);
    check();
  }

  // Asks the server whether the painted stickers are a position (the CLI's messages).
  async function check() {
    const seq = ++checkSeq;
    try {
      await post("/revenge/play", { facelets });
      if (seq === checkSeq) msg(ui.check, "good", facelets === SOLVED ? "solved cube" : "a valid 4x4x4 position");
      ui.solve.disabled = false;
    } catch (e) {
      if (seq !== checkSeq) return;
      msg(ui.check, "error", e.message);
      ui.solve.disabled = true;
    }
  }

  function paint(i) {
    if (play) { setPosition(play.states[play.at]); }
    // The net is the position now, not the scramble.
    ui.scramble.value = "";
    facelets = facelets.slice(0, i) + brush + facelets.slice(i + 1);
    draw(facelets);
    check();
  }

  async function applyScramble() {
    try {
      const r = await post("/revenge/play", { scramble: ui.scramble.value });
      setPosition(r.facelets[0]);
    } catch (e) {
      msg(ui.check, "error", e.message);
    }
  }

  async function randomPosition() {
    const seed = Math.floor(Math.random() * 1e9);
    const r = await post("/revenge/play", { random: true, seed });
    setPosition(r.facelets[0]);
    msg(ui.out, "info", "random position, seed " + seed);
  }

  async function solve() {
    ui.solve.disabled = true;
    msg(ui.out, "info", "solving (the first solve after start-up waits for the tables)…");
    try {
      const start = facelets;
      const sol = await post("/revenge/solve", { facelets: start, method: "reduction" });
      const played = await post("/revenge/play", { facelets: start, moves: sol.moves });
      msg(ui.out, "good", "solved in " + sol.seconds.toFixed(2) + " s: " + sol.obtm + " OBTM, " + sol.stm + " STM");
      showSolution(sol);
      play = { states: played.facelets, moves: played.moves, at: 0, solved: played.solved, obtm: sol.obtm, stm: sol.stm };
      ui.moves.textContent = "";
      played.moves.forEach((m, k) => ui.moves.append(el("span", { text: m, title: "after move " + (k + 1), onclick: () => goto(k + 1) })));
      ui.slider.max = String(played.moves.length);
      ui.player.hidden = false;
      goto(0);
    } catch (e) {
      msg(ui.out, "error", e.message);
    } finally {
      ui.solve.disabled = false;
    }
  }

  function showSolution(sol) {
    ui.solution.textContent = "";
    ui.solution.append(
      el("div", { class: "row" }, el("b", { text: sol.obtm + " OBTM" }), el("span", { text: "(outer block turns)" }),
        el("b", { text: sol.stm + " STM" }), el("span", { text: "(slice turns)" })),
      el("div", { class: "row" }, el("div", { class: "mono", id: "rv-wca", text: sol.moves || "(already solved)" }),
        el("button", { id: "rv-copy", text: "Copy", title: "copy the solution", disabled: !sol.moves, onclick: (e) => copy(sol.moves, e.target) })),
      el("div", { class: "muted mono", text: "single-slice: " + (sol.moves_slice || "–") }),
      el("table", {},
        el("tr", {}, el("th", { text: "phase" }), el("th", { text: "goal" }), el("th", { text: "moves" }), el("th", { class: "num", text: "OBTM" }), el("th", { class: "num", text: "STM" })),
        sol.phases.map((p) => el("tr", {}, el("td", { text: p.phase }), el("td", { text: p.goal }), el("td", { class: "mono", text: p.moves || "nothing to do" }),
          el("td", { class: "num", text: p.obtm }), el("td", { class: "num", text: p.stm })))));
  }

  function goto(k) {
    if (!play) return;
    const from = play.at;
    play.at = Math.max(0, Math.min(play.states.length - 1, k));
    // One move forward turns its layers on the cube; other jumps show the position at once.
    if (play.at === from + 1) {
      cube.turn(play.states[from], play.states[play.at], play.moves[from], 320);
      for (const st of ui.net.querySelectorAll(".st")) st.style.background = COLOUR[play.states[play.at][Number(st.dataset.i)]] || "#888";
      ui.net.dataset.facelets = play.states[play.at];
    } else {
      draw(play.states[play.at], play.at > 0 ? play.states[play.at - 1] : null);
    }
    ui.slider.value = String(play.at);
    ui.stepText.textContent = play.at + " / " + play.moves.length + (play.at === play.states.length - 1 && play.solved ? " · solved" : "");
    ui.current.textContent = (play.at ? "move " + play.at + ": " + play.moves[play.at - 1] : "the position") +
      " · solution " + play.obtm + " OBTM, " + play.stm + " STM";
    [...ui.moves.children].forEach((s, i) => { s.classList.toggle("done", i < play.at - 1); s.classList.toggle("cur", i === play.at - 1); });
    if (play.at >= play.states.length - 1) stop();
  }

  function toggle() {
    if (timer) { stop(); return; }
    if (play.at >= play.states.length - 1) goto(0);
    document.getElementById("rv-play").textContent = "❚❚ pause";
    timer = setInterval(() => goto(play.at + 1), 450);
  }

  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    const b = document.getElementById("rv-play");
    if (b) b.textContent = "▶ play";
  }

  // The pasted string as facelets in the order U R F D L B: `{ letters, error }`.
  function pasted(text, order) {
    let t = text.replace(/[\s,;]+/g, "").toUpperCase();
    if (/[WGYO]/.test(t)) {
      if (/[UFDL]/.test(t)) return { error: "mixes face letters (U F D L) and colours (W G Y O): use one or the other" };
      t = t.replace(/[WRGYOB]/g, (c) => BY_COLOUR[c]);
    }
    const bad = t.search(/[^URFDLB]/);
    if (bad >= 0) return { error: "sticker " + (bad + 1) + " is `" + t[bad] + "`: use the face letters U R F D L B or the colours W R G Y O B" };
    if (t.length !== 6 * N * N) return { error: t.length + " stickers: a 4x4x4 has 96 (16 per face)" };
    const letters = FACES.split("").map((f) => { const k = order.indexOf(f); return t.slice(k * N * N, (k + 1) * N * N); }).join("");
    return { letters };
  }

  // Checks the pasted string in the chosen face order; when it is no position there, tries the
  // other orders and names the one it is valid in. With `use`, a valid string becomes the
  // position.
  async function checkPaste(use) {
    const seq = ++checkSeq;
    const text = ui.paste.value;
    const n = text.replace(/[\s,;]+/g, "").length;
    document.getElementById("rv-paste-count").textContent = n ? n + " / 96" : "";
    if (!n) { unused(null); return; }
    const order = ui.order.value;
    const p = pasted(text, order);
    if (p.error) { unused(p.error); return; }
    const valid = async (letters) => { try { await post("/revenge/play", { facelets: letters }); return null; } catch (e) { return e.message; } };
    const error = await valid(p.letters);
    if (seq !== checkSeq) return;
    if (!error) {
      if (use) { ui.scramble.value = ""; setPosition(p.letters); }
      unused(null);
      msg(ui.pasteCheck, "good", "a valid 4x4x4 position in order " + order + (use ? "" : ": press “Use these stickers”"));
      return;
    }
    let hint = "";
    for (const o of ORDERS) {
      if (o === order) continue;
      const q = pasted(text, o);
      if (!q.error && !(await valid(q.letters))) { hint = o; break; }
    }
    if (seq !== checkSeq) return;
    // One message, with the hint when another order fits.
    const first = error.split("\n")[0];
    unused(first + (hint ? " — this string is valid in order " + hint + ": choose it above" : ""));
    if (hint) ui.pasteCheck.dataset.hint = hint; else delete ui.pasteCheck.dataset.hint;
  }

  // A pasted string that is no position is not used: it says so, and what the page shows
  // beside it (the check, the solution) is labelled as the net's position, not the string's.
  // `reason` null: nothing pasted is left unused.
  function unused(reason) {
    if (reason) msg(ui.pasteCheck, "error", "Pasted stickers not used: " + reason);
    else msg(ui.pasteCheck);
    const label = reason ? "for the position on the net — not the pasted stickers" : null;
    for (const b of [ui.check, ui.out, ui.solution]) Wurfel.stale(b, label && b.textContent ? label : null);
  }

  async function copy(text, button) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard access (plain http elsewhere than localhost): select the text.
      const r = document.createRange();
      r.selectNodeContents(document.getElementById("rv-wca"));
      const sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(r);
      document.execCommand("copy");
    }
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = "Copy"; }, 1500);
  }

  Wurfel.pages.revenge = { init, cube: () => cube };
})();
