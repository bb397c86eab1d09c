// The designer keeps what it does not edit: BurrTools' colour constraints and piece groups of
// an imported file are shown in words (and as colour numbers in the grids), survive a turn of
// the shape, and come back out in the TOML and .xmpuzzle exports (read back by the server).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// A 2x2x1 box with one cell of constraint colour 1 and one of colour 2; a domino RB coloured
// 1 and 2, in group 1, and a neutral domino N. Colour 1 goes on 1, 2 on 2 only.
const COLOURED =
  '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors>' +
  '<color red="220" green="40" blue="40"/><color red="30" green="30" blue="30"/></colors><shapes>' +
  '<voxel x="2" y="1" z="1" type="0" name="RB">#1#2</voxel>' +
  '<voxel x="2" y="1" z="1" type="0" name="N">##</voxel>' +
  '<voxel x="2" y="2" z="1" type="0" name="box">#1#2##</voxel></shapes><problems>' +
  '<problem name="coloured"><shapes><shape id="0" count="1" group="1"/><shape id="1" count="1"/></shapes>' +
  '<result id="2"/><bitmap><pair piece="0" result="0"/><pair piece="1" result="1"/></bitmap></problem>' +
  "</problems></puzzle>";

export async function constraints({ page, check, report, waitText, outDir, api, shot }) {
  const file = path.join(outDir, "coloured.xmpuzzle");
  fs.writeFileSync(file, COLOURED);
  await page.setInputFiles("#ds-file", file);
  await waitText("#ds-file-note", /imported coloured\.xmpuzzle/);
  await waitText("#ds-check", /ready: 2 pieces, 4 target cells/);
  const want = (await api("/check", { puzzle_text: COLOURED })).model;
  check(JSON.stringify(want.color_rules) === "[[1,1],[2,2]]" && JSON.stringify(want.pieces[0].groups) === "[[1,1]]",
    "the check model lacks the file's rules or groups: " + JSON.stringify(want));
  // In words: the rules and the group above the list; each shape's coloured cells in its row.
  report.constraintWords = await page.locator("#ds-constraints").innerText();
  check(/1 on 1, 2 on 2/.test(report.constraintWords) && /RB in group 1/.test(report.constraintWords), "the constraints in words: " + report.constraintWords);
  const row = await page.locator('[data-object="piece-0"]').innerText();
  check(/2 cells, 1 in constraint colour 1, 1 in colour 2, group 1/.test(row), "piece RB's row: " + row);
  check(/4 cells, 1 in constraint colour 1, 1 in colour 2/.test(await page.locator('[data-object="target"]').innerText()), "the target's row lacks its colours");
  const numbers = await page.$$eval("#ds-layers .cell[data-colour]", (cs) => cs.map((c) => c.dataset.colour + "@" + c.dataset.cell).sort());
  check(numbers.join(" ") === "1@0,0,0 2@1,0,0", "the target grid's colour numbers: " + numbers);
  await shot("designer-constraints");
  // A quarter turn of RB carries each cell's colour with it: still one of each.
  await page.click('[data-object="piece-0"]');
  await page.click("#ds-tool-rz");
  const turned = await page.evaluate(() => Wurfel.pages.designer.model().pieces[0]);
  check(Object.values(turned.cellColors).sort().join() === "1,2" && turned.cells.every((k) => k in turned.cellColors),
    "the turn lost RB's colours: " + JSON.stringify(turned));
  await page.click("#ds-undo");
  // The TOML says it all, and reads back to the same rules, colours and groups.
  const toml = await page.evaluate(() => Wurfel.pages.designer.toToml());
  check(/^color_rules = \[\[1, 1\], \[2, 2\]\]$/m.test(toml) && /^group = 1$/m.test(toml) && /cell_colors = \[\[0, 0, 0, 1\], \[1, 0, 0, 2\]\]/.test(toml),
    "the TOML export lost the constraints:\n" + toml);
  const same = (m, what) => {
    const pick = (x) => JSON.stringify([x.color_rules, x.target_colors, x.pieces.map((p) => [p.cell_colors, p.groups])]);
    check(pick(m) === pick(want), what + " reads back as " + pick(m) + ", the file as " + pick(want));
  };
  same((await api("/check", { puzzle_text: toml, format: "toml" })).model, "the TOML export");
  const [xm] = await Promise.all([page.waitForEvent("download"), page.click("#ds-export-xm")]);
  let bytes = fs.readFileSync(await xm.path());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = zlib.gunzipSync(bytes);
  same((await api("/check", { puzzle_text: bytes.toString("utf8") })).model, "the .xmpuzzle export");
}

// Constraints are edited on the page too: a 2x2x1 target with its corner (0,0,0) in constraint
// colour 1 and the other three cells in colour 2; domino A with one end in colour 1, domino B
// plain. Without a rule A's coloured end fits on no target cell, so nothing is counted; with
// "1 on 1" it must lie on the corner: A along x or along y, B in the two cells left — 2 raw
// solutions, one up to rotations (the quarter-turn about the box's diagonal that keeps the
// corner swaps them).
export async function editConstraints({ page, check, report, waitText, api, shot }) {
  const cell = (k) => page.click(`#ds-layers [data-cell="${k}"]`);
  const model = () => page.evaluate(() => Wurfel.pages.designer.model());
  const toml = () => page.evaluate(() => Wurfel.pages.designer.toToml());
  const paint = async (colour) => { await page.check("[name=ds-brush][value=colour]"); await page.fill("#ds-paint", String(colour)); };
  await page.click("#ds-new");
  await waitText("#ds-objects", /Start here/);
  for (const [k, v] of [["x", 2], ["y", 2], ["z", 1]]) await page.fill("#ds-dim-" + k, String(v));
  await page.locator("#ds-dim-z").dispatchEvent("change");
  await page.click('[data-object="target"]');
  await page.check("[name=ds-brush][value=fixed]");
  for (const k of ["0,0,0", "1,0,0", "0,1,0", "1,1,0"]) await cell(k);
  await page.click('[data-object="piece-0"]');
  for (const k of ["0,0,0", "1,0,0"]) await cell(k);
  await page.click("#ds-add");
  await page.click('[data-object="piece-1"]');
  for (const k of ["0,0,0", "1,0,0"]) await cell(k);
  // The colour brush: on the target, and on piece A (its brush offers no optional cells).
  await page.click('[data-object="target"]');
  await paint(1);
  await cell("0,0,0");
  await paint(2);
  for (const k of ["1,0,0", "0,1,0", "1,1,0"]) await cell(k);
  await page.click('[data-object="piece-0"]');
  check(await page.locator("[data-brush=optional]").isHidden(), "a piece's brush offers optional cells");
  await paint(1);
  await cell("1,0,0");
  await cell("1,0,0");   // the same colour again takes it off
  check(Object.keys((await model()).pieces[0].cellColors).length === 0, "painting a cell its own colour did not clear it");
  await cell("0,0,0");
  const m = await model();
  check(JSON.stringify(m.targetColors) === '{"0,0,0":1,"1,0,0":2,"0,1,0":2,"1,1,0":2}' && JSON.stringify(m.pieces[0].cellColors) === '{"0,0,0":1}',
    "the painted colours: " + JSON.stringify([m.targetColors, m.pieces[0].cellColors]));
  // The 3D preview of piece A shows its coloured end in colour 1's display colour (red, as
  // pictures of solutions show it), its other end in the piece's colour.
  const tints = () => page.evaluate(() => {
    const f = document.getElementById("ds-viewer");
    const w = f.dataset.showing === "piece-0" && f.contentWindow && f.contentWindow.wurfel;
    return w ? JSON.stringify(w.scenes[0].pieces[0].tints || null) : "";
  });
  try {
    await page.waitForFunction(() => {
      const f = document.getElementById("ds-viewer");
      const w = f.dataset.showing === "piece-0" && f.contentWindow && f.contentWindow.wurfel;
      return w && JSON.stringify(w.scenes[0].pieces[0].tints) === '["#dc2828",null]';
    }, null, { timeout: 10000 });
  } catch (e) { check(false, "the preview's constraint colours: " + await tints()); }
  check(/no rules: coloured piece cells fit only on uncoloured target cells/.test(await page.locator("#ds-rules").innerText()), "no word that nothing is allowed");
  const apiCount = async () => (await api("/count", { puzzle_text: await toml(), format: "toml" })).raw;
  report.constraintCountNoRule = await apiCount();
  check(report.constraintCountNoRule === 0, "without a rule the design counts " + report.constraintCountNoRule);
  // A rule from the form, then "each colour on itself" adds 2 on 2 (1 on 1 is there).
  await page.fill("#ds-rule-piece", "1");
  await page.fill("#ds-rule-target", "1");
  await page.click("#ds-rule-add");
  await page.click("#ds-rule-same");
  check(JSON.stringify((await model()).colorRules) === "[[1,1],[2,2]]", "the rules: " + JSON.stringify((await model()).colorRules));
  check(/^color_rules = \[\[1, 1\], \[2, 2\]\]$/m.test(await toml()), "the TOML lacks the rules:\n" + await toml());
  await waitText("#ds-check", /ready: 2 pieces, 4 target cells/);
  await page.click("#ds-count");
  await page.waitForSelector("#ds-counts [data-count=raw]", { timeout: 30000 });
  const shown = {};
  for (const k of ["raw", "rotations"]) shown[k] = Number((await page.locator(`#ds-counts [data-count=${k}]`).innerText()).replace(/,/g, ""));
  report.constraintCounts = shown;
  check(shown.raw === 2 && shown.rotations === 1 && (await apiCount()) === 2, "the coloured design counts " + JSON.stringify(shown));
  await shot("designer-constraints-edit");
  // Removing "1 on 1" leaves A nowhere to go again.
  await page.click('#ds-rules [data-rule="1,1"]');
  check(JSON.stringify((await model()).colorRules) === "[[2,2]]", "the rule was not removed");
  check((await apiCount()) === 0, "without 1 on 1 the design still counts");
  // A group number puts every copy of the piece in that group; 0 takes it out; undo works.
  await page.fill('[data-group-for="0"]', "1");
  await page.locator('[data-group-for="0"]').dispatchEvent("change");
  const sections = (await toml()).split("[[piece]]");
  check(/name = "A"/.test(sections[1]) && /^group = 1$/m.test(sections[1]) && !/group/.test(sections[2]), "A's group is not in the TOML:\n" + await toml());
  check(/Piece groups .*A in group 1/.test(await page.locator("#ds-constraints").innerText()), "the group is not said in words");
  await page.click("#ds-undo");
  check(!/group = /.test(await toml()), "undo left the group in:\n" + await toml());
}
