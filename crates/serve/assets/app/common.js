// wurfel web app: what every page shares — the API client, jobs with live progress, the 3D
// viewer (the CLI's own `--render x.html` page, in a frame), a few DOM helpers, the router.
"use strict";
const Wurfel = (() => {
  const pages = {};

  // ---- DOM ----
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
    return e;
  }
  function msg(box, kind, text) {
    box.textContent = "";
    if (text) box.append(el("div", { class: "msg " + kind, text }));
  }
  // Results that belong to an earlier input: greyed, with a label saying so (`label` null:
  // current again).
  function stale(box, label) {
    box.classList.toggle("stale", !!label);
    if (label) box.dataset.staleLabel = label;
    else delete box.dataset.staleLabel;
  }
  const fmt = (n) => (n === null || n === undefined ? "–" : Number(n).toLocaleString("en-US"));
  function duration(s) {
    if (!isFinite(s)) return "–";
    if (s < 60) return s.toFixed(1) + " s";
    if (s < 3600) return Math.floor(s / 60) + " min " + Math.round(s % 60) + " s";
    if (s < 86400) return (s / 3600).toFixed(1) + " h";
    return (s / 86400).toFixed(1) + " days";
  }

  // ---- API ----
  class ApiError extends Error {
    constructor(status, message) { super(message); this.status = status; }
  }
  async function call(method, path, body) {
    const init = { method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const res = await fetch("/api/v1" + path, init);
    const type = res.headers.get("content-type") || "";
    if (!res.ok) {
      let m = res.status + " " + res.statusText;
      if (type.startsWith("application/json")) m = (await res.json()).error || m;
      throw new ApiError(res.status, m);
    }
    if (type.startsWith("application/json")) return res.json();
    if (type.startsWith("text/")) return res.text();
    return res.blob();
  }
  const post = (path, body) => call("POST", path, body);
  const get = (path) => call("GET", path);

  // A job of the jobs API: `onProgress` gets each progress event; resolves with the CLI's
  // object (and why it stopped, if it did), rejects with the CLI's message. `cancel()` stops it
  // (the result then holds what was found so far).
  function job(command, body, onProgress) {
    let id = null, es = null, stopRequested = false;
    const promise = new Promise((resolve, reject) => {
      post("/jobs", Object.assign({ command }, body)).then((j) => {
        id = j.id;
        if (stopRequested) call("DELETE", "/jobs/" + id).catch(() => {});
        es = new EventSource(j.events);
        let result = null, failure = null;
        es.addEventListener("progress", (e) => onProgress && onProgress(JSON.parse(e.data)));
        es.addEventListener("result", (e) => { result = JSON.parse(e.data); });
        es.addEventListener("error", (e) => {
          if (e.data !== undefined) { failure = JSON.parse(e.data); return; }
          // The connection itself failed: the job is gone with it.
          es.close();
          if (!result && !failure) reject(new ApiError(0, "lost the connection to the server"));
        });
        es.addEventListener("end", (e) => {
          es.close();
          const end = JSON.parse(e.data);
          if (failure) reject(new ApiError(failure.status, failure.error));
          else resolve({ result, stopped: end.stopped });
        });
      }, reject);
    });
    return {
      promise,
      cancel() {
        stopRequested = true;
        if (id) call("DELETE", "/jobs/" + id).catch(() => {});
      },
    };
  }

  // A count with its estimate, live: tasks, nodes, rate, and an ETA from the estimator's node
  // count. `ui` = { bar, stats, button (becomes Cancel) }. Resolves as `job` does.
  async function countLive(body, ui) {
    const started = performance.now();
    let estNodes = null;
    let current = null;
    const show = (p) => {
      const frac = p.total ? p.done / p.total : 0;
      ui.bar.firstChild.style.width = (100 * frac).toFixed(1) + "%";
      let eta = "–";
      if (estNodes && p.nodes_per_second > 0) eta = duration(Math.max(0, estNodes - p.nodes) / p.nodes_per_second);
      ui.stats.textContent =
        (p.phase === "queued" ? "waiting for a free slot · " : "") +
        "tasks " + fmt(p.done) + " / " + fmt(p.total) +
        " · nodes " + fmt(p.nodes) +
        " · " + ((p.nodes_per_second || 0) / 1e6).toFixed(2) + " M nodes/s" +
        " · elapsed " + duration(p.seconds || 0) + " · ETA " + eta;
    };
    ui.stats.textContent = "estimating the size of the count…";
    const label = ui.button.textContent;
    ui.button.textContent = "Cancel";
    ui.button.classList.add("danger");
    let cancelled = false;
    const onClick = () => { cancelled = true; if (current) current.cancel(); };
    ui.button.addEventListener("click", onClick);
    ui.button.dataset.busy = "1";
    try {
      // A short estimate first: its node count gives the ETA (deterministic, seconds at most).
      const est = Object.assign({}, body, { probes: 2000, calibrate: 0.05 });
      delete est.disassemble;
      current = job("estimate", est, null);
      try {
        const e = await current.promise;
        if (e.result && e.result.complete) estNodes = e.result.nodes.estimate;
      } catch (e) { /* the count below reports the same error */ }
      if (cancelled) { ui.stats.textContent = "cancelled before the count began"; return { result: null, stopped: "cancelled" }; }
      current = job("count", body, (p) => { if (p.total) show(p); else ui.stats.textContent = p.phase === "queued" ? "waiting for a free slot…" : "starting…"; });
      const out = await current.promise;
      out.wall = (performance.now() - started) / 1000;
      // The result says it all (its line under the counts); a stopped count keeps how far it
      // got, without an ETA that no longer applies.
      if (!out.stopped) ui.stats.textContent = "";
      else ui.stats.textContent = ui.stats.textContent.replace(/ · ETA .*$/, "").replace(/^waiting for a free slot · /, "") + " · " + out.stopped;
      return out;
    } finally {
      ui.button.removeEventListener("click", onClick);
      ui.button.textContent = label;
      ui.button.classList.remove("danger");
      delete ui.button.dataset.busy;
    }
  }

  // The counts of a `count --json` object, with the published ones checked as the CLI does.
  // A partial count (cancelled or stopped) says "at least" and is not checked against the
  // published counts (`stopped`: why it stopped, as the job said).
  function countsTable(r, stopped) {
    const why = stopped || "stopped";
    const rows = ["raw", "rotations", "rotations_reflections"].map((k) => {
      const pub = (r.published || []).filter((p) => p.convention === k);
      const marks = pub.map((p) => {
        if (!r.complete) return el("span", { class: "muted", title: p.source, text: "published " + fmt(p.count) });
        const m = p.matches === undefined ? "" : p.matches ? " ✓" : " ✗ MISMATCH";
        return el("span", { class: p.matches === false ? "bad" : "ok", title: p.source, text: "published " + fmt(p.count) + m });
      });
      const n = r.complete ? fmt(r[k]) : "at least " + fmt(r[k]) + " — " + why;
      return el("tr", {}, el("td", { text: k }), el("td", { class: "num", "data-count": k, "data-partial": r.complete ? null : "1", text: n }), el("td", {}, marks));
    });
    const t = el("table", { class: "counts" },
      el("tr", {}, el("th", { text: "convention" }), el("th", { class: "num", text: "count" }), el("th", { text: "published" })),
      rows);
    const foot = el("div", { class: "muted" },
      (r.complete ? "counted" : why.toUpperCase() + " — partial counts, each a lower bound") + (r.complete ? " in " : " after ") + r.seconds.toFixed(2) + " s with " + r.threads +
      " thread" + (r.threads === 1 ? "" : "s") + " · " + fmt(r.stats.nodes) + " nodes · target symmetry " +
      r.target_rotations + " rotations, " + r.target_reflections + " reflections");
    const box = el("div", {}, t, foot);
    if (r.disassembly) {
      box.append(el("div", {}, "disassembly (rotations): " + fmt(r.disassembly.assemblies) + " assemblies, " +
        fmt(r.disassembly.solutions) + " come apart" + (r.disassembly.solutions ? ", highest level " + r.disassembly.max_level : "")));
    }
    return box;
  }

  // ---- the 3D viewer: the CLI's viewer page in a frame (same origin, so the page may keep
  // the camera across updates) ----
  // `showing` names what the frame shows (its `data-showing`), set once the new document is
  // in: until then the frame still holds the one before.
  function showViewer(frame, html, keepCamera, showing) {
    let cam = null;
    try {
      const w = frame.contentWindow && frame.contentWindow.wurfel;
      if (keepCamera && w) cam = { az: w.state.az, el: w.state.el, zoom: w.state.zoom };
    } catch (e) { cam = null; }
    delete frame.dataset.showing;
    frame.onload = () => {
      const w = frame.contentWindow && frame.contentWindow.wurfel;
      if (cam && w) { Object.assign(w.state, cam); w.render(); }
      if (showing) frame.dataset.showing = showing;
    };
    frame.srcdoc = html;
  }

  // ---- router ----
  function route() {
    const hash = location.hash.replace(/^#\/?/, "");
    const [name, query] = hash.split("?");
    const page = pages[name] ? name : "catalog";
    for (const [k, p] of Object.entries(pages)) {
      const sec = document.getElementById("page-" + k);
      const on = k === page;
      sec.hidden = !on;
      if (on && !p.ready) { p.init(sec); p.ready = true; }
    }
    for (const a of document.querySelectorAll("header nav a")) a.classList.toggle("active", a.dataset.page === page);
    if (pages[page].show) pages[page].show(new URLSearchParams(query || ""));
  }
  function start() {
    window.addEventListener("hashchange", route);
    route();
    get("/status").then((s) => {
      document.getElementById("server").textContent =
        "local server · " + s.max_running + " jobs at once, " + s.max_queued + " waiting";
    }).catch(() => {});
  }

  return { pages, el, msg, stale, fmt, duration, post, get, call, job, countLive, countsTable, showViewer, start, ApiError };
})();
