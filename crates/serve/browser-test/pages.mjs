// The designer, snake and catalog pages as a newcomer walks them (called from test.mjs):
// each page shows one state, results belong to the input that produced them; the designer
// keeps a draft, saves TOML at any stage, shows checks beside the shape they name, answers
// "is it unique?", counts and disassembles (the answer viewer fits the assembly at step 0 and
// keeps every piece in view at the last); a BurrTools file with two problems imports with a
// problem chooser and each problem's own answer; mirror, shift and copy change the piece's cells
// as they should; a TOML file's own colours are kept; a BurrTools file's colour constraints and
// piece groups are shown and kept through the exports (constraints.mjs); the snake menu says
// "custom" for a typed chain.
import fs from "node:fs";
import path from "node:path";
import { constraints, editConstraints } from "./constraints.mjs";
import { pageKit } from "./kit.mjs";

// A BurrTools file: a 2x2x2 box; problem 1 fills it with two 2x2 slabs, problem 2 with four
// 1x2 bars.
const XMPUZZLE =
  '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>' +
  '<voxel x="2" y="2" z="1" type="0" name="slab">####</voxel>' +
  '<voxel x="2" y="1" z="1" type="0" name="bar">##</voxel>' +
  '<voxel x="2" y="2" z="2" type="0" name="box">########</voxel></shapes><problems>' +
  '<problem name="slabs"><shapes><shape id="0" count="2"/></shapes><result id="2"/><bitmap/></problem>' +
  '<problem name="bars"><shapes><shape id="1" count="4"/></shapes><result id="2"/><bitmap/></problem>' +
  "</problems></puzzle>";

// What the designer's answer viewer draws: the drawn faces' box against the canvas (`size`:
// the box's larger side over the canvas's smaller one), whether all of it is inside the canvas,
// and how many pieces are drawn.
function answerView(page) {
  return page.evaluate(() => {
    const f = document.getElementById("ds-viewer");
    const w = f.contentWindow.wurfel, c = f.contentDocument.getElementById("view");
    const pts = w.state.drawn.flatMap((d) => d.pts);
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    return {
      step: w.state.step, steps: w.scenes[w.state.index].moves.length - 1, canvas: [c.clientWidth, c.clientHeight],
      box: box.map(Math.round), size: Math.max(box[2] - box[0], box[3] - box[1]) / Math.min(c.clientWidth, c.clientHeight),
      inside: box[0] >= 0 && box[1] >= 0 && box[2] <= c.clientWidth && box[3] <= c.clientHeight,
      drawnPieces: new Set(w.state.drawn.map((d) => d.pi)).size, pieces: w.scenes[w.state.index].pieces.length,
    };
  });
}

// The designer's editing tools, each checked on the piece's cells in the page's model: mirror,
// shift (and its refusal at the box's edge), copy a piece. Then a TOML file with its own piece
// colours, imported: the list, the grids, the 3D preview and an answer's viewer use them.
async function tools({ page, check, report, waitText, outDir }) {
  const cells = (i) => page.evaluate((i) => Wurfel.pages.designer.model().pieces[i].cells.slice().sort(), i);
  const keys = (l) => l.map((c) => c.join(",")).sort();
  const same = async (i, want, what) => {
    const got = await cells(i);
    check(JSON.stringify(got) === JSON.stringify(keys(want)), what + ": piece " + i + " has " + got.join(" ") + ", not " + keys(want).join(" "));
  };
  await page.click('[data-object="piece-0"]');
  // An L in the bottom layer of the 3x3x3 box.
  const L = [[0, 0, 0], [1, 0, 0], [2, 0, 0], [0, 1, 0]];
  for (const c of L) await page.click(`#ds-layers [data-cell="${c.join(",")}"]`);
  await same(0, L, "clicking the L");
  // Mirrored left to right within its own extent (x from 0 to 2): x becomes 2 - x.
  const mirrored = L.map(([x, y, z]) => [2 - x, y, z]);
  await page.click("#ds-tool-mirror");
  await same(0, mirrored, "mirror");
  await page.click("#ds-shift-yp");
  await same(0, mirrored.map(([x, y, z]) => [x, y + 1, z]), "shift y+1");
  await page.click("#ds-shift-zp");
  const shifted = mirrored.map(([x, y, z]) => [x, y + 1, z + 1]);
  await same(0, shifted, "shift up");
  // At the box's edge (x reaches 2 of 0..2): refused, said, nothing changed.
  await page.click("#ds-shift-xp");
  await waitText("#ds-shape-msgs", /edge of the box/);
  await same(0, shifted, "a refused shift");
  await page.click("#ds-copy");
  const m = await page.evaluate(() => Wurfel.pages.designer.model());
  check(m.pieces.length === 2 && m.pieces[1].name === "B" && m.pieces[1].colour !== m.pieces[0].colour, "copy did not add a piece B in its own colour: " + JSON.stringify(m.pieces.map((p) => [p.name, p.colour])));
  await same(1, shifted, "the copy");
  check(await page.locator('[data-object="piece-1"]').evaluate((li) => li.classList.contains("sel")), "the copy is not the selected shape");

  // ---- a TOML file with piece colours of its own: kept everywhere ----
  const colours = { P: "#123456", Q: "#c0ff33" };
  const file = path.join(outDir, "coloured.toml");
  fs.writeFileSync(file, 'name = "coloured"\n[target]\nbox = [3, 1, 1]\n' + Object.entries(colours).map(([n, c], i) =>
    "[[piece]]\nname = \"" + n + "\"\ncells = " + (i ? "[[0, 0, 0]]" : "[[0, 0, 0], [1, 0, 0]]") + "\ncolor = \"" + c + "\"\n").join(""));
  await page.setInputFiles("#ds-file", file);
  await waitText("#ds-file-note", /imported coloured\.toml/);
  await waitText("#ds-check", /ready: 2 pieces, 3 target cells/);
  report.importedColours = await page.$$eval("#ds-objects input.colour", (xs) => xs.map((x) => x.value));
  check(JSON.stringify(report.importedColours) === JSON.stringify(Object.values(colours)), "the list's colours are not the file's: " + report.importedColours);
  const rgb = (c) => "rgb(" + [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)).join(", ") + ")";
  await page.click('[data-object="piece-1"]');
  const grid = await page.locator("#ds-layers .cell.on").evaluateAll((cs) => cs.map((c) => getComputedStyle(c).backgroundColor));
  check(grid.length === 1 && grid.every((g) => g === rgb(colours.Q)), "the grids draw Q in " + grid + ", the file in " + colours.Q);
  await page.waitForFunction((c) => {
    const f = document.getElementById("ds-viewer");
    const w = f.dataset.showing === "piece-1" && f.contentWindow && f.contentWindow.wurfel;
    return w && w.scenes[0] && w.scenes[0].pieces[0].colour === c;
  }, colours.Q, { timeout: 10000 }).catch(() => check(false, "the 3D preview does not draw Q in the file's colour"));
  check((await page.evaluate(() => Wurfel.pages.designer.toToml())).includes('color = "' + colours.P + '"'), "the TOML export lost P's colour");
  // An answer's viewer: each piece in the file's colour.
  await page.click("#ds-unique");
  await waitText("#ds-out", /^(unique|not unique)/, 20000);
  const drawn = await page.waitForFunction(() => {
    const f = document.getElementById("ds-viewer");
    const w = f.dataset.showing === "answer" && f.contentWindow && f.contentWindow.wurfel;
    return w && w.scenes[0] && w.scenes[0].pieces.map((p) => [p.name, p.colour]);
  }, null, { timeout: 20000 }).then((h) => h.jsonValue());
  report.answerColours = drawn;
  for (const [name, colour] of Object.entries(colours)) {
    const first = drawn.find(([n]) => n === name);
    check(first && first[1] === colour, "the answer draws " + name + " in " + (first && first[1]) + ", the file in " + colour);
  }
}

export async function pages({ context, url, outDir, check, report }) {
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push("pageerror: " + e.message));
  const { shot, text, waitText } = pageKit(page, outDir, "failure-pages");
  const toml = () => page.evaluate(() => Wurfel.pages.designer.toToml());
  const api = (p, body) => page.evaluate(async ([p, body]) => (await fetch("/api/v1" + p, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })).json(), [p, body]);

  // ---- Designer: a draft this version did not write (damaged, older, empty) is repaired or
  // dropped, never a page error ----
  await page.goto(url + "#/designer");
  await page.waitForSelector("#ds-layers .cell");
  for (const broken of ['{"model":{"pieces":[{}]}}', '{"model":{"dims":"x","target":{"a":1},"pieces":[{"name":"A","cells":[[0,0,0],"q"]}]},"sel":7}', "not JSON", '{"model":{}}']) {
    await page.evaluate((b) => localStorage.setItem("wurfel.designer.draft", b), broken);
    await page.reload();
    await page.waitForSelector("#ds-layers .cell");
    await page.waitForFunction(() => document.querySelectorAll("#ds-objects li[data-object]").length > 0);
  }
  check(errors.length === 0, "a damaged draft gave page errors: " + errors.join("; "));
  await page.evaluate(() => localStorage.clear());
  await page.reload();

  // ---- Designer: a fresh page greets, it does not scold ----
  await page.goto(url + "#/catalog");
  await page.evaluate(() => localStorage.clear());
  await page.goto(url + "#/designer");
  await page.waitForSelector("#ds-layers .cell");
  await waitText("#ds-objects", /Start here/);
  const fresh = await text("#ds-check") + await text("#ds-objects");
  check(!/puzzle_text|\d+ \||error/i.test(fresh), "a fresh designer shows an error: " + fresh);
  check(await page.locator("#ds-count").isDisabled(), "Count is enabled on an empty design");
  // A new piece's colour is the one the server gives an uncoloured piece in its place.
  const plain = "name = \"p\"\n[target]\nbox = [14, 1, 1]\n" + [...Array(14).keys()].map((k) => "[[piece]]\nname = \"p" + k + "\"\ncells = [[0, 0, 0]]\n").join("");
  const served = (await api("/check", { puzzle_text: plain, format: "toml" })).model.pieces.map((p) => p.color);
  const palette = await page.evaluate((n) => Wurfel.pages.designer.palette.slice(0, n), served.length);
  check(JSON.stringify(palette) === JSON.stringify(served), "the designer's palette " + palette + " is not the server's " + served);
  check(await page.locator('[data-object="piece-0"] input.colour').inputValue() === served[0], "a fresh piece A is not in the first colour");
  await shot("designer-fresh");

  // ---- import a BurrTools file with two problems; choose the second ----
  const xm = path.join(outDir, "two-problems.xmpuzzle");
  fs.writeFileSync(xm, XMPUZZLE);
  await page.setInputFiles("#ds-file", xm);
  await waitText("#ds-file-note", /imported two-problems\.xmpuzzle — problem 1 of 2/);
  check(!(await page.locator("#ds-problem-row").isHidden()), "no problem chooser for a file with two problems");
  report.designerProblems = await page.locator("#ds-problem option").allInnerTexts();
  check(report.designerProblems.join("|") === "1. slabs|2. bars", "the problems: " + report.designerProblems);
  // Each problem's answer is its own: "is it unique?" as the API's solve of that problem says,
  // and problem 1's answer gone once problem 2 is chosen.
  const uniqueOf = async (n) => {
    const found = await api("/solve", { puzzle_text: XMPUZZLE, problem: "#" + n, limit: 2 });
    await page.click("#ds-unique");
    await waitText("#ds-out", /^(unique|not unique|no solution)/, 20000);
    const shown = await text("#ds-out");
    check(shown.startsWith(found.length === 1 ? "unique" : found.length ? "not unique" : "no solution"), "problem " + n + ": unique? says " + shown + ", the API found " + found.length);
    return shown;
  };
  await waitText("#ds-check", /ready: 2 pieces, 8 target cells/);
  report.designerProblemAnswers = [await uniqueOf(1)];
  await page.selectOption("#ds-problem", "2");
  await waitText("#ds-file-note", /problem 2 of 2/);
  await waitText("#ds-check", /ready: 4 pieces, 8 target cells/);
  check((await text("#ds-out")) === "", "problem 1's answer still shown for problem 2: " + await text("#ds-out"));
  report.designerProblemAnswers.push(await uniqueOf(2));
  check(/name = "bar"/.test(await toml()) && /count = 4/.test(await toml()), "problem 2 not loaded: " + await toml());
  // Colours: the list's swatch, its thumbnail's colour and the 3D preview are the check model's
  // colour (piece 0 of a file without colours: the palette's first; the target takes no slot).
  const listColours = () => page.$$eval("#ds-objects input.colour", (xs) => xs.map((x) => x.value));
  const modelColours = (await api("/check", { puzzle_text: XMPUZZLE, problem: "#2" })).model.pieces.map((p) => p.color);
  report.designerColours = await listColours();
  check(JSON.stringify(report.designerColours) === JSON.stringify(modelColours), "the list's colours " + report.designerColours + " are not the check model's " + modelColours);
  await page.click('[data-object="piece-0"]');
  const previewColour = () => page.waitForFunction(() => {
    const f = document.getElementById("ds-viewer");
    const w = f.dataset.showing === "piece-0" && f.contentWindow && f.contentWindow.wurfel;
    return w && w.scenes[0] && w.scenes[0].pieces[0].colour;
  }, null, { timeout: 10000 }).then((h) => h.jsonValue());
  report.designerPreviewColour = await previewColour();
  check(report.designerPreviewColour === modelColours[0], "the 3D preview draws piece 0 in " + report.designerPreviewColour + ", the list in " + modelColours[0]);
  // A colour chosen in the list is the colour of the grids, the preview and the file.
  await page.locator('[data-object="piece-0"] input.colour').fill("#aa3311");
  await page.locator('[data-object="piece-0"] input.colour').dispatchEvent("change");
  check(/color = "#aa3311"/.test(await toml()), "the chosen colour is not in the TOML");
  check(await page.locator('#ds-layers .cell.on').first().evaluate((c) => getComputedStyle(c).backgroundColor) === "rgb(170, 51, 17)", "the grids do not show the chosen colour");
  await page.waitForFunction(() => {
    const w = document.getElementById("ds-viewer").contentWindow.wurfel;
    return w && w.scenes[0].pieces[0].colour === "#aa3311";
  }, null, { timeout: 10000 });
  // The plate of the imported puzzle downloads as a 3MF (a zip package).
  const [plateFile] = await Promise.all([page.waitForEvent("download"), page.click("#ds-plate")]);
  const plateBytes = fs.readFileSync(await plateFile.path());
  check(plateBytes.subarray(0, 2).toString() === "PK" && plateFile.suggestedFilename().endsWith("-plate.3mf"), "the plate is not a 3MF package: " + plateFile.suggestedFilename());
  await waitText("#ds-file-note", /saved .*-plate\.3mf: 4 pieces/);
  await page.click("#ds-undo");

  // ---- the count box: typing 2 means two copies; a range is explicit ----
  await page.fill('[data-object="piece-0"] input.copies', "3");
  await page.locator('[data-object="piece-0"] input.copies').dispatchEvent("change");
  check(/count = 3\n/.test(await toml()) && !/min =/.test(await toml()), "3 copies is not `count = 3`: " + await toml());
  await waitText("#ds-check", /cover 6 cells .* target has 8 cells/);
  report.designerVolume = await text("#ds-check");
  check(!/puzzle_text|\d+ \|/.test(report.designerVolume), "the volume message points into a text: " + report.designerVolume);

  // An invalid design saves all the same, as a draft.
  const [invalid] = await Promise.all([page.waitForEvent("download"), page.click("#ds-export-toml")]);
  check(/count = 3/.test(fs.readFileSync(await invalid.path(), "utf8")), "the invalid design was not saved");
  await waitText("#ds-file-note", /saved bars\.toml \(a draft/);

  // ---- a new piece: its message sits beside it ----
  await page.click("#ds-add");
  await waitText('#ds-objects [data-note-for="A"]', /no cells yet/);
  report.designerPieceNote = await text('#ds-objects [data-note-for="A"]');
  await page.click('#ds-layers [data-cell="0,0,0"]');
  await page.click('#ds-layers [data-cell="0,1,0"]');
  await page.click('#ds-layers [data-cell="1,1,0"]');
  await page.click('#ds-layers [data-cell="1,1,1"]');
  await page.click('#ds-layers [data-cell="1,0,1"]');
  // Bars as a range: 0 to 3 of them with the new piece's 5 cells can cover 8.
  await page.locator('[data-object="piece-0"] input.range').check();
  await page.fill('[data-object="piece-0"] input.min', "0");
  await page.locator('[data-object="piece-0"] input.min').dispatchEvent("change");
  check(/min = 0\nmax = 3/.test(await toml()), "the range is not min 0 max 3: " + await toml());
  await waitText("#ds-check", /ready: /);
  check(await page.locator('#ds-objects [data-note-for="A"]').count() === 0, "the note beside A stays after it got cells");
  await shot("designer-check");

  // ---- save a draft while it is invalid: the TOML downloads; reload restores it ----
  const draftToml = await toml();
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#ds-export-toml")]);
  const saved = fs.readFileSync(await download.path(), "utf8");
  check(saved === draftToml, "the saved TOML is not the design");
  await waitText("#ds-file-note", /saved .*\.toml/);
  await page.reload();
  await page.waitForSelector("#ds-layers .cell");
  await waitText("#ds-file-note", /Restored the design/);
  check((await toml()) === draftToml, "the draft was not restored");
  // Remove the piece that fits nowhere, back to four bars: ready.
  await page.click('[data-object="piece-1"] button[title="remove this piece"]');
  await page.locator('[data-object="piece-0"] input.range').uncheck();
  await page.fill('[data-object="piece-0"] input.copies', "4");
  await page.locator('[data-object="piece-0"] input.copies').dispatchEvent("change");
  await waitText("#ds-check", /ready: 4 pieces, 8 target cells/);

  // ---- the editing tools: rotate, shift and copy a piece ----
  await page.click('[data-object="piece-0"]');
  const before = await toml();
  await page.click("#ds-tool-rz");
  check((await toml()) !== before, "rotating the bar changed nothing");
  await page.click("#ds-undo");
  check((await toml()) === before, "undo did not undo the rotation");
  await page.waitForFunction(() => document.getElementById("ds-viewer").dataset.showing === "piece-0", null, { timeout: 10000 });

  // ---- answers: unique?, count, disassemble — each the API's answer ----
  const source = { puzzle_text: before, format: "toml" };
  const two = await api("/solve", Object.assign({ limit: 2 }, source));
  await page.click("#ds-unique");
  await waitText("#ds-out", /^(unique|not unique|no solution)/, 20000);
  report.designerUnique2 = await text("#ds-out");
  check(report.designerUnique2.startsWith(two.length === 1 ? "unique" : two.length ? "not unique" : "no solution"), "unique? says " + report.designerUnique2);
  await page.click("#ds-count");
  await page.waitForSelector("#ds-counts [data-count=rotations]", { timeout: 30000 });
  const counted = Number((await text("#ds-counts [data-count=rotations]")).replace(/,/g, ""));
  report.designerBarsRotations = counted;
  check(counted >= two.length, "the count is below the solutions found");
  await page.click("#ds-disassemble");
  await waitText("#ds-out", /comes apart: level|none comes apart|no solution/, 30000);
  report.designerDisassemble = await text("#ds-out");
  const apart = await api("/solve", Object.assign({ limit: 1, disassemble: true }, source));
  if (apart.length) {
    check(report.designerDisassemble.includes("level " + apart[0].level), "the level differs from the API's " + apart[0].level);
    await page.waitForFunction(() => {
      const f = document.getElementById("ds-viewer");
      return f.dataset.showing === "answer" && f.contentWindow.wurfel && !f.contentDocument.getElementById("disRow").hidden;
    }, null, { timeout: 20000 });
    // The solution's first copy of each piece is in the list's colour (the others in shades).
    const drawn = await page.evaluate(() => document.getElementById("ds-viewer").contentWindow.wurfel.scenes[0].pieces.map((p) => [p.name, p.colour]));
    const listed = await page.$$eval("#ds-objects li[data-object^=piece]", (li) => li.map((l) => [l.querySelector("input[type=text]").value, l.querySelector("input.colour").value]));
    for (const [name, colour] of listed) {
      const first = drawn.find(([n]) => n === name);
      check(first && first[1] === colour, "the viewer draws " + name + " in " + (first && first[1]) + ", the list in " + colour);
    }
    // The camera fits the assembly at step 0 (it fills much of the view) and widens as the
    // parts leave: at the last step every piece is drawn, inside the view.
    const dv = page.frameLocator("#ds-viewer");
    report.answerStart = await answerView(page);
    check(report.answerStart.size >= 0.5, "the assembly is small in the answer viewer at step 0: " + JSON.stringify(report.answerStart));
    await dv.locator("#dis").fill(String(report.answerStart.steps));
    await page.waitForFunction(() => !document.getElementById("ds-viewer").contentWindow.wurfel.state.fitting, null, { timeout: 5000 });
    report.answerEnd = await answerView(page);
    const e = report.answerEnd;
    check(e.step === e.steps && e.drawnPieces === e.pieces && e.inside, "at the last step not every piece is in view: " + JSON.stringify(e));
    await shot("designer-apart");
    await dv.locator("#dis").fill("0");
    await page.waitForFunction(() => !document.getElementById("ds-viewer").contentWindow.wurfel.state.fitting, null, { timeout: 5000 });
  }
  await page.waitForTimeout(300);
  await shot("designer");
  // An edit puts the answers away: they were for the design before it.
  await page.click('[data-object="target"]');
  await page.click('#ds-layers [data-cell="0,0,0"]');
  await waitText("#ds-check", /cover 8 cells .* target has 7 cells/);
  check((await text("#ds-out")) === "" && (await text("#ds-counts")) === "", "answers of the earlier design still shown");
  await page.waitForFunction(() => document.getElementById("ds-viewer").dataset.showing === "target", null, { timeout: 10000 });
  // New design: a friendly start again.
  await page.click("#ds-new");
  await waitText("#ds-objects", /Start here/);
  await tools({ page, check, report, waitText, outDir });
  await constraints({ page, check, report, waitText, outDir, api, shot });
  await editConstraints({ page, check, report, waitText, api, shot });

  // ---- Snake: an error after results shows only the error ----
  await page.goto(url + "#/snake");
  await page.waitForSelector("#sn-chain");
  await page.waitForSelector('#sn-builtin option[value="king-46"]', { state: "attached" });
  await page.click("#sn-solve");
  await page.waitForSelector("#sn-list table", { timeout: 20000 });
  await page.selectOption("#sn-builtin", "king-46");
  check(await page.locator("#sn-list").evaluate((e) => !!e.closest(".stale")), "the foldings of the earlier chain are not marked as earlier");
  await page.click("#sn-count");
  await page.waitForSelector("#sn-count-table", { timeout: 60000 });
  check(await page.locator("#sn-list tr").count() === 0, "King-46's count sits beside the standard snake's foldings");
  check(await page.locator("#sn-viewer").isHidden(), "King-46's count sits beside the standard snake's folding in 3D");
  check(await page.inputValue("#sn-chain") === "king-46", "choosing King-46 did not put it in the chain box");
  await page.fill("#sn-chain", "3,2,2,3,2,3,2,2,3,3,2,2,2,3,3,3");
  await page.fill("#sn-box", "3");
  await page.locator("#sn-chain").dispatchEvent("input");
  // The menu no longer names King-46: the chain is the user's own.
  report.snakeMenu = await page.$eval("#sn-builtin", (s) => [s.value, s.selectedOptions[0].text]);
  check(report.snakeMenu[0] === "" && /custom/.test(report.snakeMenu[1]), "the built-in menu still shows " + report.snakeMenu[1] + " for a typed chain");
  check(await page.locator("#sn-counts").evaluate((e) => e.classList.contains("stale")), "King-46's counts are not greyed once the chain changes");
  await page.click("#sn-solve");
  await page.waitForSelector("#sn-out .msg.error", { timeout: 20000 });
  report.snakeError = await text("#sn-out");
  check((await text("#sn-counts")) === "" && (await text("#sn-list")) === "", "the error sits beside earlier results");
  check(await page.locator("#sn-viewer").isHidden(), "the error sits beside an earlier folding");
  await shot("snake-error");

  // ---- Catalog: a cancelled count says it is partial, no green match, no ETA ----
  await page.goto(url + "#/catalog");
  await page.click('tr[data-id="bedlam"]');
  await page.click("#cat-count");
  await waitText("#cat-progress", /nodes [1-9]/, 30000);
  await page.click("#cat-count");
  await page.waitForSelector('#cat-counts [data-count="rotations"]', { timeout: 20000 });
  report.catalogCancelled = await text("#cat-counts");
  report.catalogCancelledStats = await text("#cat-progress");
  check(/at least [\d,]+ — cancelled/.test(report.catalogCancelled), "the cancelled count does not say “at least … — cancelled”: " + report.catalogCancelled);
  check(await page.locator("#cat-counts .ok").count() === 0, "a partial count is shown with a green match");
  check(!/ETA/.test(report.catalogCancelledStats), "the ETA stays after Cancel: " + report.catalogCancelledStats);
  await shot("catalog-cancelled");
  check(errors.length === 0, "page errors: " + errors.join("; "));
  await page.close();
}
