// Drives the wurfel web app in headless Chromium (run by crates/cli/tests/serve_browser.rs).
// Usage: node test.mjs URL OUT_DIR PLAN.json — PLAN holds the designer's puzzle (cells to click)
// and the 4x4x4 facelets to paint. Writes OUT_DIR/*.png and prints a JSON report of what the
// pages showed; exits 1 on failure.
import { chromium } from "playwright-core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pages } from "./pages.mjs";
import { grids } from "./grids.mjs";
import { pageKit } from "./kit.mjs";

const [url, outDir, planPath] = process.argv.slice(2);
if (!url || !outDir || !planPath) {
  console.error("usage: node test.mjs URL OUT_DIR PLAN.json");
  process.exit(2);
}
const plan = JSON.parse(fs.readFileSync(planPath, "utf8"));
const executablePath = process.env.WURFEL_CHROMIUM || "/usr/bin/chromium";
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wurfel-chromium-"));
const failures = [];
const report = {};
const check = (ok, what) => { if (!ok) failures.push(what); };
const origin = new URL(url).origin;

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  viewport: { width: 1400, height: 900 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
const errors = [];
const external = [];
try {
  const page = context.pages()[0] || (await context.newPage());
  page.on("pageerror", (e) => errors.push("pageerror: " + e.message));
  // Refused requests (4xx: a puzzle still being drawn fails the server's checks) are answers
  // the page shows, not errors; anything else logged as an error is.
  page.on("console", (m) => { if (m.type() === "error" && !/status of 4\d\d/.test(m.text())) errors.push("console: " + m.text()); });
  page.on("request", (r) => {
    const u = r.url();
    if (!u.startsWith(origin) && !u.startsWith("data:") && !u.startsWith("about:") && !u.startsWith("blob:")) external.push(u);
  });
  const { shot, text, waitText } = pageKit(page, outDir, "failure");

  // ---- Designer: a 3x3x3 puzzle of three pieces, built by clicking voxels; counted ----
  await page.goto(url + "#/designer");
  await page.waitForSelector("#ds-layers .cell");
  for (const [k, v] of [["x", 3], ["y", 3], ["z", 3]]) await page.fill("#ds-dim-" + k, String(v));
  await page.locator("#ds-dim-z").dispatchEvent("change");
  await page.fill("#ds-name", "clicked cube");
  await page.locator("#ds-name").dispatchEvent("change");
  const click = async (cells) => { for (const c of cells) await page.click(`#ds-layers [data-cell="${c.join(",")}"]`); };
  await page.click('[data-object="target"]');
  await click(plan.target);
  for (let i = 0; i < plan.pieces.length; i++) {
    if (i > 0) await page.click("#ds-add");
    await page.click(`[data-object="piece-${i}"]`);
    await click(plan.pieces[i]);
  }
  await waitText("#ds-check", /ready:/);
  report.designerCheck = await text("#ds-check");
  report.designerToml = await page.evaluate(() => Wurfel.pages.designer.toToml());
  // Undo and redo one click: the same puzzle again.
  await page.click("#ds-undo");
  const undone = await page.evaluate(() => Wurfel.pages.designer.toToml());
  check(undone !== report.designerToml, "undo changed nothing");
  await page.click("#ds-redo");
  check((await page.evaluate(() => Wurfel.pages.designer.toToml())) === report.designerToml, "redo did not restore the puzzle");
  await page.click("#ds-unique");
  await waitText("#ds-out", /^(unique|not unique|no solution)/, 20000);
  report.designerUnique = await text("#ds-out");
  await page.click("#ds-count");
  await page.waitForSelector("#ds-counts [data-count=raw]", { timeout: 30000 });
  report.designerCounts = {};
  for (const k of ["raw", "rotations", "rotations_reflections"]) {
    report.designerCounts[k] = Number((await text(`#ds-counts [data-count=${k}]`)).replace(/,/g, ""));
  }
  await page.waitForTimeout(400);
  await shot("designer");
  // The share link carries the puzzle: a fresh page opened on it has the same puzzle.
  const link = url + "#/designer?p=" + (await page.evaluate(() => Wurfel.pages.designer.link()));
  const second = await context.newPage();
  await second.goto(link);
  await second.waitForSelector("#ds-layers .cell");
  // Wait for the state (the link's puzzle loaded), not for a time.
  const carried = await second.waitForFunction((t) => Wurfel.pages.designer.toToml() === t, report.designerToml, { timeout: 10000 }).then(() => true, () => false);
  check(carried, "the share link did not carry the puzzle");
  await second.close();

  // ---- Catalog: Bedlam's pieces, a count started and cancelled ----
  await page.goto(url + "#/catalog");
  await page.click('tr[data-id="bedlam"]');
  await page.waitForFunction(() => {
    const f = document.getElementById("cat-viewer");
    return f.contentWindow && f.contentWindow.wurfel && f.contentWindow.wurfel.scenes.length === 1;
  }, null, { timeout: 10000 });
  // The pieces lie loose: no assemble/play/explode controls, which would mean nothing there.
  const pf = page.frameLocator("#cat-viewer");
  check(await pf.locator("#assembleRow").isHidden() && await pf.locator("#playRow").isHidden() && await pf.locator("#explodeRow").isHidden(), "the pieces view shows assembly controls");
  await page.click("#cat-count");
  await waitText("#cat-progress", /nodes [1-9]/, 30000);
  report.bedlamProgress = await text("#cat-progress");
  await shot("catalog-counting");
  await page.click("#cat-count");  // now "Cancel"
  await waitText("#cat-out", /^cancelled/, 20000);
  report.bedlamCancelled = await text("#cat-counts");
  check(/CANCELLED — partial counts/.test(report.bedlamCancelled), "the cancelled count does not say it is partial");
  check((await text("#cat-count")) === "Count", "the Cancel button did not turn back into Count");
  // Browse solutions of the Diabolical cube, with their disassembly.
  await page.click('tr[data-id="diabolical"]');
  await page.click("#cat-browse");
  await page.waitForFunction(() => {
    const f = document.getElementById("cat-viewer");
    return f.contentWindow && f.contentWindow.wurfel && f.contentWindow.wurfel.scenes.length > 1;
  }, null, { timeout: 20000 });
  const frame = page.frameLocator("#cat-viewer");
  await frame.locator("#next").click();
  report.browse = await frame.locator("#count").innerText();
  check(report.browse.startsWith("2 /"), "next solution did not advance: " + report.browse);
  check(!(await frame.locator("#disRow").isHidden()), "no disassembly in the browsed solution");
  check(!(await frame.locator("#assembleRow").isHidden()), "a solution hides its assemble control");
  await frame.locator("#dis").fill("1");
  await page.waitForTimeout(200);
  await shot("catalog");

  // ---- 4x4x4: paint the net from a scramble's facelets, solve, step to the end ----
  await page.goto(url + "#/revenge");
  await page.click("#rv-reset");
  const solved = "URFDLB".split("").map((f) => f.repeat(16)).join("");
  for (let i = 0; i < 96; i++) {
    if (plan.facelets[i] === solved[i]) continue;
    await page.click(`.swatches [data-colour="${plan.facelets[i]}"]`);
    await page.click(`#rv-net [data-i="${i}"]`);
  }
  await waitText("#rv-check", /valid 4x4x4 position/);
  report.painted = await page.getAttribute("#rv-net", "data-facelets");
  check(report.painted === plan.facelets, "the painted net is not the scramble's position");
  // A wrong sticker is refused with the CLI's message.
  await page.click('.swatches [data-colour="U"]');
  const wrong = [...Array(96).keys()].find((i) => plan.facelets[i] !== "U");
  await page.click(`#rv-net [data-i="${wrong}"]`);
  await waitText("#rv-check", /U ×17/);
  report.invalid = await text("#rv-check");
  await page.click(`.swatches [data-colour="${plan.facelets[wrong]}"]`);
  await page.click(`#rv-net [data-i="${wrong}"]`);
  await waitText("#rv-check", /valid 4x4x4 position/);
  // The scramble itself gives the same position.
  await page.fill("#rv-scramble", plan.scramble);
  await page.click("#rv-apply");
  await page.waitForFunction((f) => document.getElementById("rv-net").dataset.facelets === f, plan.facelets, { timeout: 10000 });
  await waitText("#rv-check", /valid 4x4x4 position/);
  await page.click("#rv-solve");
  await page.waitForSelector("#rv-player:not([hidden])", { timeout: 60000 });
  report.revengeSolution = await text("#rv-solution");
  // Every face one colour (solved, perhaps turned as a whole).
  const isSolved = (f) => [0, 1, 2, 3, 4, 5].every((k) => new Set(f.slice(16 * k, 16 * k + 16)).size === 1);
  const cubeShows = () => page.getAttribute("#rv-cube", "data-facelets");
  // At the start the 3D cube shows the scrambled position, as the net does.
  check(await cubeShows() === plan.facelets, "the 3D cube does not show the position");
  // Stepping moves the net and the cube together; each step changes some stickers.
  for (let k = 1; k <= 3; k++) {
    await page.click("#rv-next");
    const net = await page.getAttribute("#rv-net", "data-facelets");
    check(await cubeShows() === net, `step ${k}: the 3D cube and the net differ`);
    check(Number(await page.getAttribute("#rv-cube", "data-changed")) > 0, `step ${k}: no sticker outlined as moved`);
  }
  await page.click("#rv-prev");
  report.revengeCurrent = await text("#rv-current");
  check(/^move 2: \S+ · solution \d+ OBTM, \d+ STM$/.test(report.revengeCurrent), "the current move line: " + report.revengeCurrent);
  check(await page.locator("#rv-moves span.cur").count() === 1, "no current move highlighted");
  await shot("revenge");
  await page.click("#rv-last");
  report.revengeEnd = await text("#rv-step-text");
  const last = await page.getAttribute("#rv-net", "data-facelets");
  report.revengeSolved = isSolved(last);
  check(report.revengeSolved, "the last position is not solved: " + last);
  check(/solved/.test(report.revengeEnd), "the step counter does not say solved: " + report.revengeEnd);
  // The 3D cube at the end: the same stickers, solved by the test's own reading of them and
  // by the page's.
  const cubeLast = await cubeShows();
  report.revengeCubeSolved = isSolved(cubeLast) && cubeLast === last;
  check(report.revengeCubeSolved, "the 3D cube at the end is not the solved net: " + cubeLast);
  check(await page.getAttribute("#rv-cube", "data-solved") === "true", "the 3D cube does not call itself solved");
  await shot("revenge-end");

  // ---- Snake: a chain solved and counted, the folding stepped through ----
  await page.goto(url + "#/snake");
  await page.fill("#sn-chain", plan.chain);
  await page.click("#sn-solve");
  await page.waitForSelector("#sn-list table", { timeout: 20000 });
  report.snakeFoldings = await page.locator("#sn-list tr").count() - 1;
  await page.click("#sn-count");
  await page.waitForSelector("#sn-count-table", { timeout: 20000 });
  report.snakeSolutions = Number((await text('#sn-count-table [data-count="solutions"]')).replace(/,/g, ""));
  const sf = page.frameLocator("#sn-viewer");
  await sf.locator("#assemble").fill("5");
  report.snakeStep = await sf.locator("#assembleOut").innerText();
  await page.waitForTimeout(200);
  await shot("snake");
  // A long count, cancelled: the partial counts are shown, not an error.
  await page.fill("#sn-chain", plan.longChain);
  await page.fill("#sn-box", "4");
  await page.click("#sn-count");
  await waitText("#sn-out", /counting: .* tasks/, 20000);
  check((await text("#sn-count")) === "Cancel", "the Count button does not become Cancel");
  await page.click("#sn-count");
  await page.waitForSelector('#sn-count-table[data-complete="false"]', { timeout: 10000 });
  report.snakeStopped = await text("#sn-out");
  report.snakePartial = Number((await text('#sn-count-table [data-count="embeddings"]')).replace(/[,+]/g, ""));
  check(/STOPPED \(cancelled\) — partial counts/.test(report.snakeStopped), "the stopped count says: " + report.snakeStopped);
  check(report.snakePartial > 0, "no foldings in the partial count");
  check((await text("#sn-count")) === "Count", "the Cancel button does not turn back into Count");
  await shot("snake-cancelled");
  await (await import("./viewer.mjs")).viewer({ page, url, plan, shot, check, report, waitText, text });
  await pages({ context, url, outDir, check, report });
  await grids({ context, url, outDir, plan, check, report });
} catch (e) {
  failures.push("exception: " + (e && e.stack ? e.stack : e));
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
report.errors = errors;
report.external = external;
check(errors.length === 0, "page errors: " + errors.join("; "));
check(external.length === 0, "requests elsewhere: " + external.join(", "));
report.failures = failures;
console.log(JSON.stringify(report));
process.exit(failures.length ? 1 : 0);
