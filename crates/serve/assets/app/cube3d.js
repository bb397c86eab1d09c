// The 4x4x4 in 3D, drawn the way the packing viewer draws (crates/render/assets/viewer.html):
// a 2D canvas, an orthographic camera turned by azimuth and elevation around the z axis (up),
// the 64 cubies back to front (equal cubes on a grid: sorting by centre depth is an exact
// painter's order; the inner ones fill what a turning layer uncovers). Two views side by side,
// front (U F R) and back (D B L), so every sticker is in sight at once; dragging turns both.
// Stickers the last move changed are outlined, so a step shows what it moved. `turn` animates
// a move: its layers turn a quarter (or half) turn about their axis, drawn as slabs along that
// axis, farthest first, then the new position.
"use strict";
Wurfel.cube3d = (canvas, colours) => {
  const N = 4;
  const FACES = "URFDLB";
  const add = (...vs) => [0, 1, 2].map((k) => vs.reduce((s, v) => s + v[k], 0));
  const mul = (v, f) => v.map((x) => x * f);
  const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  // Each face's outward normal and its "up" as the facelet order reads it: rows top to bottom
  // as seen from outside, U with B at its top edge, D with F at its top edge, the side faces
  // with U at the top (x = R, y = B, z = U). Its "right" is then up x normal.
  const NORMAL = { U: [0, 0, 1], R: [1, 0, 0], F: [0, -1, 0], D: [0, 0, -1], L: [-1, 0, 0], B: [0, 1, 0] };
  const UP = { U: [0, 1, 0], R: [0, 0, 1], F: [0, 0, 1], D: [0, -1, 0], L: [0, 0, 1], B: [0, 0, 1] };
  const square = (centre, right, up, half) =>
    [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => add(centre, mul(right, a * half), mul(up, b * half)));
  const key = (v) => v.map((x) => Math.round(x * 2)).join(",");
  // The cubies: centre, six body faces (normal, corners) and the stickers on them.
  const cubies = new Map();
  for (let a = 0; a < N; a++) {
    for (let b = 0; b < N; b++) {
      for (let c = 0; c < N; c++) {
        const centre = [a, b, c].map((v) => v - (N - 1) / 2);
        const body = Object.values(NORMAL).map((n) => {
          const up = Math.abs(n[2]) ? [0, 1, 0] : [0, 0, 1];
          return { n, corners: square(add(centre, mul(n, 0.5)), cross(up, n), up, 0.5) };
        });
        cubies.set(key(centre), { centre, body, stickers: [] });
      }
    }
  }
  FACES.split("").forEach((f, fi) => {
    const n = NORMAL[f], up = UP[f], right = cross(up, n);
    for (let k = 0; k < N * N; k++) {
      const r = Math.floor(k / N), c = k % N;
      const centre = add(mul(n, N / 2), mul(right, c - (N - 1) / 2), mul(up, (N - 1) / 2 - r));
      cubies.get(key(add(centre, mul(n, -0.5)))).stickers.push({ i: fi * N * N + k, n, corners: square(centre, right, up, 0.43) });
    }
  });
  const all = [...cubies.values()];
  // Sticker index by the position of its centre.
  const stickerAt = new Map();
  for (const q of all) for (const t of q.stickers) stickerAt.set(key(t.corners.reduce((a, p) => add(a, mul(p, 0.25)), [0, 0, 0])), t.i);
  const st = { az: -Math.PI / 4, el: 0.55, facelets: null, changed: new Set(), turn: null, timer: 0 };

  function camera(az, el) {
    const d = [Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el)];
    const r = [-Math.sin(az), Math.cos(az), 0];
    return { d, r, u: cross(r, mul(d, -1)) };
  }

  // Turns `v` by `angle` about the unit axis `axis` (right-hand rule).
  function rotate(v, axis, angle) {
    if (!angle) return v;
    const c = Math.cos(angle), s = Math.sin(angle), k = dot(axis, v);
    return add(mul(v, c), mul(cross(axis, v), s), mul(axis, k * (1 - c)));
  }

  // A move in WCA/SiGN notation (R, Rw, 3Rw, 2R, r, x, with ' or 2): the axis (the named
  // face's normal), the layers it turns (1 = the outer one) and the angle; null when unknown.
  function parseMove(m) {
    const t = /^(\d*)([URFDLBurfdlbxyz])(w?)(2'|'2|2|')?$/.exec(m || "");
    if (!t) return null;
    const q = t[4] === "'" ? -1 : t[4] ? 2 : 1;
    const rot = { x: "R", y: "U", z: "F" }[t[2]];
    const face = rot || t[2].toUpperCase();
    const n = t[1] ? Number(t[1]) : 0;
    const wide = t[3] === "w" || t[2] !== face;
    let layers;
    if (rot) layers = [1, 2, 3, 4];
    else if (wide) layers = Array.from({ length: n || 2 }, (_, k) => k + 1);
    else layers = [n || 1];
    if (layers.some((l) => l < 1 || l > N)) return null;
    // Clockwise as seen from outside the face: negative about its outward normal.
    return { axis: NORMAL[face], layers, angle: (-q * Math.PI) / 2 };
  }
  // Which layer (1 = outer, from the side `axis` points to) a cubie is in.
  const layerOf = (cubie, axis) => Math.round(N / 2 + 0.5 - dot(cubie.centre, axis));

  function polygon(ctx, pts) {
    ctx.beginPath();
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (const p of pts.slice(1)) ctx.lineTo(p[0], p[1]);
    ctx.closePath();
  }

  function drawCubie(ctx, cam, proj, q, axis, angle) {
    const turn = (v) => rotate(v, axis, angle);
    for (const f of q.body) {
      if (dot(turn(f.n), cam.d) <= 1e-9) continue;
      polygon(ctx, f.corners.map((p) => proj(turn(p))));
      ctx.fillStyle = "#1b1b1b";
      ctx.fill();
      ctx.strokeStyle = "#1b1b1b";
      ctx.lineWidth = 0.6;
      ctx.stroke();
    }
    for (const t of q.stickers) {
      const facing = dot(turn(t.n), cam.d);
      if (facing <= 1e-9) continue;
      // Faces turned away from the light a little darker, as the viewer shades them.
      const light = 0.78 + 0.22 * facing;
      polygon(ctx, t.corners.map((p) => proj(turn(p))));
      ctx.fillStyle = colours[st.facelets[t.i]] || "#888";
      ctx.fill();
      ctx.fillStyle = "rgba(0,0,0," + (1 - light).toFixed(3) + ")";
      ctx.fill();
      if (st.changed.has(t.i)) {
        ctx.strokeStyle = "#ff2bd6";
        ctx.lineWidth = 2.5;
        ctx.stroke();
      }
    }
  }

  function view(ctx, cam, cx, cy, s) {
    const proj = (p) => [cx + s * dot(p, cam.r), cy - s * dot(p, cam.u)];
    const tn = st.turn;
    const axis = tn ? tn.axis : [0, 0, 1];
    // Slabs along the turning axis: runs of layers that turn or stay, farthest first.
    const slab = (q) => {
      if (!tn) return 0;
      const l = layerOf(q, axis);
      let run = 0;
      for (let k = 2; k <= l; k++) if (tn.layers.includes(k) !== tn.layers.includes(k - 1)) run++;
      return run;
    };
    const towards = dot(axis, cam.d) > 0 ? -1 : 1;
    const order = all
      .map((q) => ({ q, run: slab(q), depth: dot(tn && tn.layers.includes(layerOf(q, axis)) ? rotate(q.centre, axis, tn.now) : q.centre, cam.d) }))
      .sort((a, b) => (a.run - b.run) * towards || a.depth - b.depth);
    for (const { q } of order) {
      const turning = tn && tn.layers.includes(layerOf(q, axis));
      drawCubie(ctx, cam, proj, q, axis, turning ? tn.now : 0);
    }
  }

  function render() {
    const dpr = window.devicePixelRatio || 1;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (canvas.width !== Math.round(w * dpr) || canvas.height !== Math.round(h * dpr)) {
      canvas.width = Math.round(w * dpr);
      canvas.height = Math.round(h * dpr);
    }
    const ctx = canvas.getContext("2d");
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, w, h);
    if (!st.facelets) return;
    // The cube's half-diagonal is N * sqrt(3) / 2: each view fits in half the width.
    const s = Math.min(w / 2, h - 24) * 0.9 / (N * Math.sqrt(3));
    view(ctx, camera(st.az, st.el), w / 4, (h - 18) / 2, s);
    view(ctx, camera(st.az + Math.PI, -st.el), (3 * w) / 4, (h - 18) / 2, s);
    ctx.fillStyle = "#666";
    ctx.font = "12px system-ui, sans-serif";
    ctx.textAlign = "center";
    ctx.fillText("front: U F R", w / 4, h - 6);
    ctx.fillText("back: D B L", (3 * w) / 4, h - 6);
  }

  // Dragging turns the cube (both views), as in the viewer.
  let drag = null;
  canvas.addEventListener("pointerdown", (e) => { drag = [e.clientX, e.clientY]; canvas.setPointerCapture(e.pointerId); });
  canvas.addEventListener("pointerup", () => { drag = null; });
  canvas.addEventListener("pointermove", (e) => {
    if (!drag) return;
    st.az -= (e.clientX - drag[0]) * 0.01;
    st.el = Math.max(-1.45, Math.min(1.45, st.el + (e.clientY - drag[1]) * 0.01));
    drag = [e.clientX, e.clientY];
    render();
  });
  canvas.addEventListener("dblclick", () => { st.az = -Math.PI / 4; st.el = 0.55; render(); });
  window.addEventListener("resize", render);

  function stopTurn() {
    if (st.timer) cancelAnimationFrame(st.timer);
    st.timer = 0;
    st.turn = null;
  }

  // Shows `facelets` (96 letters, faces U R F D L B); with `before`, outlines what changed.
  function show(facelets, before) {
    stopTurn();
    st.facelets = facelets;
    st.changed = new Set();
    if (before) for (let i = 0; i < facelets.length; i++) if (facelets[i] !== before[i]) st.changed.add(i);
    // What the page shows, for its tests: the stickers, and whether every face is one colour.
    canvas.dataset.facelets = facelets;
    canvas.dataset.solved = String(FACES.split("").every((_, f) => new Set(facelets.slice(N * N * f, N * N * (f + 1))).size === 1));
    canvas.dataset.changed = String(st.changed.size);
    render();
  }

  // Plays `move` from `before` to `after` in `ms`: its layers turn, then `after` is shown.
  function turn(before, after, move, ms) {
    const m = parseMove(move);
    if (!m || !before) { show(after, before); return; }
    stopTurn();
    st.facelets = before;
    st.changed = new Set();
    st.turn = Object.assign(m, { now: 0 });
    // The data attributes say where the cube is going at once (the page's tests read them).
    canvas.dataset.facelets = after;
    canvas.dataset.changed = String([...after].filter((c, i) => c !== before[i]).length);
    canvas.dataset.turning = move;
    const start = performance.now();
    const frame = (now) => {
      const t = Math.min(1, (now - start) / ms);
      if (t >= 1) { delete canvas.dataset.turning; show(after, before); return; }
      st.turn.now = m.angle * (t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t));
      render();
      st.timer = requestAnimationFrame(frame);
    };
    st.timer = requestAnimationFrame(frame);
  }

  // The facelets after `move` turns its layers of `before` as `turn` draws it (null for a move
  // it cannot read): the page's tests check the animation ends where the server's move does.
  function predict(before, move) {
    const m = parseMove(move);
    if (!m) return null;
    const out = before.split("");
    for (const q of all) {
      if (!m.layers.includes(layerOf(q, m.axis))) continue;
      for (const t of q.stickers) {
        const c = t.corners.reduce((a, p) => add(a, mul(p, 0.25)), [0, 0, 0]);
        out[stickerAt.get(key(rotate(c, m.axis, m.angle)))] = before[t.i];
      }
    }
    return out.join("");
  }

  return { show, render, turn, parseMove, predict };
};
