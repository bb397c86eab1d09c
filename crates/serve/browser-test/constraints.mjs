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
