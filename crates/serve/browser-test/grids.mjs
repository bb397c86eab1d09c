// The designer off the cube grid (called from test.mjs): for each puzzle of the plan (one on
// triangular prisms, one on spheres) a newcomer chooses the grid, sizes the box, clicks the
// target's and the pieces' cells in the grid's layers, counts through the page and saves the
// TOML; the saved file is opened again and must give the same design, and an .xmpuzzle export
// must read back on the same grid. serve_browser.rs compares the counts with the CLI's on the
// same TOML and counts the saved files with the CLI again. On the way: switching the grid with
// cells drawn says what it cleared and Undo brings them back; a cell that is no cell of the
// grid (from a link) is named; the "whole solid" brush fills the 48 cells of a rhombic
// dodecahedron and the 8 of an octahedron, drawn as solids in the preview.
import fs from "node:fs";
import path from "node:path";
import { pageKit } from "./kit.mjs";

export async function grids({ context, url, outDir, plan, check, report }) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push("pageerror: " + e.message));
  const { shot, text, waitText } = pageKit(page, outDir, "failure-grids");
  const toml = () => page.evaluate(() => Wurfel.pages.designer.toToml());
  const model = () => page.evaluate(() => Wurfel.pages.designer.model());
  const dims = async (d) => {
    for (const [i, k] of ["x", "y", "z"].entries()) await page.fill("#ds-dim-" + k, String(d[i]));
    await page.locator("#ds-dim-z").dispatchEvent("change");
  };
  const click = async (cells) => { for (const c of cells) await page.click(`#ds-layers [data-cell="${c.join(",")}"]`); };

  await page.goto(url + "#/designer");
  await page.waitForSelector("#ds-layers [data-cell]");
  await page.waitForFunction(() => document.querySelectorAll("#ds-grid option").length === 5, null, { timeout: 10000 });
  report.grids = {};
  for (const [name, p] of Object.entries(plan.grids)) {
    const r = (report.grids[name] = {});
    await page.click("#ds-new");
    await page.selectOption("#ds-grid", p.grid);
    await waitText("#ds-file-note", new RegExp("Now on the grid of " + p.gridName));
    await dims(p.dims);
    await page.fill("#ds-name", p.name);
    await page.locator("#ds-name").dispatchEvent("change");
    await page.click('[data-object="target"]');
    // Only the grid's cells are there to click: on spheres, a voxel of odd sum is a dot.
    r.clickable = await page.locator("#ds-layers [data-cell]").count();
    await click(p.target);
    for (let i = 0; i < p.pieces.length; i++) {
      if (i > 0) await page.click("#ds-add");
      await page.click(`[data-object="piece-${i}"]`);
      await click(p.pieces[i]);
    }
    await waitText("#ds-check", /ready:/);
    // The 3D preview draws the selected piece on its grid (the server's scene).
    await page.waitForFunction((n) => {
      const f = document.getElementById("ds-viewer");
      return f.dataset.showing === "piece-" + n && f.contentWindow.wurfel && f.contentWindow.wurfel.scenes[0].pieces.length === 1;
    }, p.pieces.length - 1, { timeout: 10000 });
    await page.click("#ds-count");
    await page.waitForSelector("#ds-counts [data-count=raw]", { timeout: 30000 });
    r.counts = {};
    for (const k of ["raw", "rotations", "rotations_reflections"]) r.counts[k] = Number((await text(`#ds-counts [data-count=${k}]`)).replace(/,/g, ""));
    r.disassembleDisabled = await page.locator("#ds-disassemble").isDisabled();
    await shot("designer-" + name);
    // Saved, then opened again: the same design on the same grid.
    const designed = await toml();
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#ds-export-toml")]);
    const saved = path.join(outDir, name + "-saved.toml");
    fs.copyFileSync(await download.path(), saved);
    r.saved = saved;
    check(fs.readFileSync(saved, "utf8") === designed, name + ": the saved TOML is not the design");
    check(designed.includes('grid = "' + p.grid + '"'), name + ": the TOML does not name its grid:\n" + designed);
    await page.click("#ds-new");
    await page.setInputFiles("#ds-file", saved);
    await waitText("#ds-file-note", /imported/);
    check(sorted(await toml()) === sorted(designed), name + ": the reopened TOML differs:\n" + (await toml()) + "\nfrom\n" + designed);
    check((await page.inputValue("#ds-grid")) === p.grid, name + ": the reopened design is not on its grid");
    // The BurrTools file reads back on the same grid with the same cells.
    const [xm] = await Promise.all([page.waitForEvent("download"), page.click("#ds-export-xm")]);
    const xmPath = path.join(outDir, name + ".xmpuzzle");
    fs.copyFileSync(await xm.path(), xmPath);
    await page.setInputFiles("#ds-file", xmPath);
    await waitText("#ds-file-note", /imported .*\.xmpuzzle/);
    const back = await model();
    r.xmGrid = back.grid;
    r.xmCells = [Object.keys(back.target).length, ...back.pieces.map((q) => q.cells.length)];
    check(back.grid === p.grid, name + ": the .xmpuzzle came back on " + back.grid);
    check(JSON.stringify(r.xmCells) === JSON.stringify([p.target.length, ...p.pieces.map((q) => q.length)]), name + ": the .xmpuzzle's cells " + r.xmCells);
  }

  // A newcomer switches the grid with cells drawn: told what went, and Undo brings it back.
  const before = await toml();
  await page.selectOption("#ds-grid", "rhombic-dodecahedra");
  await waitText("#ds-file-note", /were cleared.*Undo brings them back/);
  r0(report).switched = await text("#ds-file-note");
  await page.click("#ds-undo");
  check((await toml()) === before, "Undo did not bring the cells back after switching the grid");
  await waitText("#ds-file-note", /Back on the grid of spheres/);
  check((await page.inputValue("#ds-grid")) === (await model()).grid, "the grid chooser does not show the design's grid");
  // A link with a voxel that is no cell of the grid: named beside the target, drawn as a cross.
  const link = await page.evaluate(() => {
    const m = Wurfel.pages.designer.model();
    m.target["1,0,0"] = "fixed";
    const compact = { n: m.name, g: m.grid, d: m.dims, t: Object.keys(m.target).map((k) => k.split(",").map(Number)), p: m.pieces.map((p) => ({ n: p.name, c: 1, m: 1, k: p.colour, s: p.cells.map((c) => c.split(",").map(Number)) })) };
    return btoa(JSON.stringify(compact)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  });
  await page.goto(url + "#/designer?p=" + link);
  await page.click('[data-object="target"]');
  await waitText("#ds-objects", /no cell of the grid of spheres/);
  r0(report).offGrid = await text('#ds-objects [data-note-for="target"]');
  check(await page.locator('#ds-layers .off-grid[data-cell="1,0,0"]').count() === 1, "the voxel off the grid is not drawn as a cross");
  // The preview draws the target's cells of the grid (the server refuses the others).
  await page.waitForFunction(() => {
    const f = document.getElementById("ds-viewer");
    return f.dataset.showing === "target" && f.contentWindow.wurfel && f.contentWindow.wurfel.scenes[0].pieces[0].cells.length === 9;
  }, null, { timeout: 10000 });
  await shot("designer-off-grid");
  await page.click('#ds-layers [data-cell="1,0,0"]');
  await waitText("#ds-check", /ready:/);

  // The rhombic grid: the dodecahedron brush fills the 48 cells around a block.
  await page.click("#ds-new");
  await page.selectOption("#ds-grid", "rhombic-dodecahedra");
  await dims([15, 15, 15]);
  await page.click('[data-object="target"]');
  await page.click('[data-brush="solid"] input');
  await page.click('#ds-layers [data-cell="7,6,5"]');
  const rd = await model();
  r0(report).dodecahedron = Object.keys(rd.target).sort();
  check(r0(report).dodecahedron.length === 48, "the dodecahedron brush filled " + r0(report).dodecahedron.length + " cells");
  await page.waitForFunction(() => {
    const f = document.getElementById("ds-viewer");
    return f.dataset.showing === "target" && f.contentWindow.wurfel && f.contentWindow.wurfel.scenes[0].pieces[0].cells.length === 48;
  }, null, { timeout: 10000 });
  await page.waitForTimeout(300);
  await shot("designer-rhombic");
  // Tetrahedra and octahedra: the same brush fills the eight corner pieces of an octahedron.
  await page.click("#ds-new");
  await page.selectOption("#ds-grid", "tetrahedra-octahedra");
  await page.click('[data-object="target"]');
  await page.click('[data-brush="solid"] input');
  await page.click('#ds-layers [data-cell="3,3,3"]');
  r0(report).octahedron = Object.keys((await model()).target).sort();
  check(r0(report).octahedron.length === 8, "the octahedron brush filled " + r0(report).octahedron);
  await page.waitForFunction(() => {
    const f = document.getElementById("ds-viewer");
    return f.dataset.showing === "target" && f.contentWindow.wurfel && f.contentWindow.wurfel.scenes[0].pieces[0].cells.length === 8;
  }, null, { timeout: 10000 });
  check(errors.length === 0, "grid pages: " + errors.join("; "));
  await page.close();
}

// A TOML text with each list of cells in sorted order (a file read back lists a shape's cells
// in the server's order, not in the order they were clicked).
const sorted = (t) => t.replace(/\[(\[[^\]]*\](?:, \[[^\]]*\])*)\]/g, (_, l) => "[" + l.split("], [").map((c) => c.replace(/[[\]]/g, "")).sort().join("|") + "]");

const r0 = (report) => (report.gridsWalk ||= {});
