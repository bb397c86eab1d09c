// The 4x4x4 in 3D, drawn the way the packing viewer draws (crates/render/assets/viewer.html):
// a 2D canvas, an orthographic camera turned by azimuth and elevation around the z axis (up),
// faces facing the camera filled as polygons. A cube is convex, so its visible faces never
// overlap and need no depth order. Two views side by side, front (U F R) and back (D B L), so
// every sticker is in sight at once; dragging turns both. Stickers the last move changed are
// outlined, so a step shows what it moved.
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
  const faces = FACES.split("").map((f, fi) => {
    const n = NORMAL[f], up = UP[f], right = cross(up, n);
    const stickers = [];
    for (let k = 0; k < N * N; k++) {
      const r = Math.floor(k / N), c = k % N;
      const centre = add(mul(n, N / 2), mul(right, c - (N - 1) / 2), mul(up, (N - 1) / 2 - r));
      stickers.push({ i: fi * N * N + k, corners: square(centre, right, up, 0.43) });
    }
    return { n, body: square(mul(n, N / 2), right, up, N / 2), stickers };
  });
  const st = { az: -Math.PI / 4, el: 0.55, facelets: null, changed: new Set() };

  function camera(az, el) {
    const d = [Math.cos(el) * Math.cos(az), Math.cos(el) * Math.sin(az), Math.sin(el)];
    const r = [-Math.sin(az), Math.cos(az), 0];
    return { d, r, u: cross(r, mul(d, -1)) };
  }

  function polygon(ctx, pts) {
    ctx.beginPath();
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (const p of pts.slice(1)) ctx.lineTo(p[0], p[1]);
    ctx.closePath();
  }

  function view(ctx, cam, cx, cy, s) {
    const proj = (p) => [cx + s * dot(p, cam.r), cy - s * dot(p, cam.u)];
    for (const f of faces) {
      const facing = dot(f.n, cam.d);
      if (facing <= 1e-9) continue;
      polygon(ctx, f.body.map(proj));
      ctx.fillStyle = "#1b1b1b";
      ctx.fill();
      // Faces turned away from the light a little darker, as the viewer shades them.
      const light = 0.78 + 0.22 * facing;
      for (const t of f.stickers) {
        polygon(ctx, t.corners.map(proj));
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

  // Shows `facelets` (96 letters, faces U R F D L B); with `before`, outlines what changed.
  function show(facelets, before) {
    st.facelets = facelets;
    st.changed = new Set();
    if (before) for (let i = 0; i < facelets.length; i++) if (facelets[i] !== before[i]) st.changed.add(i);
    // What the page shows, for its tests: the stickers, and whether every face is one colour.
    canvas.dataset.facelets = facelets;
    canvas.dataset.solved = String(FACES.split("").every((_, f) => new Set(facelets.slice(N * N * f, N * N * (f + 1))).size === 1));
    canvas.dataset.changed = String(st.changed.size);
    render();
  }

  return { show, render };
};
