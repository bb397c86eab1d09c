// Drives the wurfel HTML viewer in headless Chromium (run by crates/render/tests/browser.rs).
// Usage: node test.mjs VIEWER.html OUT_DIR
// Writes OUT_DIR/before.png, after-drag.png, ... and prints a JSON report; exits 1 on failure.
import { chromium } from "playwright-core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [htmlPath, outDir] = process.argv.slice(2);
if (!htmlPath || !outDir) {
  console.error("usage: node test.mjs VIEWER.html OUT_DIR");
  process.exit(2);
}
const executablePath = process.env.WURFEL_CHROMIUM || "/usr/bin/chromium";
const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wurfel-chromium-"));
const failures = [];
const report = {};
const check = (ok, what) => { if (!ok) failures.push(what); };

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  viewport: { width: 1100, height: 720 },
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
try {
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  const external = [];
  page.on("pageerror", (e) => errors.push("pageerror: " + e.message));
  page.on("console", (m) => { if (m.type() === "error") errors.push("console: " + m.text()); });
  page.on("request", (r) => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) external.push(r.url()); });

  await page.goto(pathToFileURL(path.resolve(htmlPath)).href);
  await page.waitForSelector("body[data-ready='1']", { timeout: 10000 });
  const canvas = page.locator("#view");
  const shot = async (name) => {
    const buf = await canvas.screenshot({ path: path.join(outDir, name + ".png") });
    return buf.toString("base64");
  };
  // Distinct colours on the canvas, counted in the page.
  const colours = () => page.evaluate(() => {
    const c = document.getElementById("view");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    const set = new Set();
    for (let i = 0; i < d.length; i += 4) set.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    return set.size;
  });

  await page.screenshot({ path: path.join(outDir, "page.png") });
  const before = await shot("before");
  report.coloursBefore = await colours();
  check(report.coloursBefore >= 20, `too few colours on the canvas: ${report.coloursBefore}`);

  // Drag to rotate.
  const box = await canvas.boundingBox();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 140, cy + 50, { steps: 8 });
  await page.mouse.up();
  const afterDrag = await shot("after-drag");
  check(afterDrag !== before, "dragging did not change the picture");
  report.azimuth = await page.evaluate(() => window.wurfel.state.az);

  // Wheel zoom.
  await page.mouse.move(cx, cy);
  await page.mouse.wheel(0, -400);
  await page.waitForTimeout(50);
  const afterZoom = await shot("after-zoom");
  check(afterZoom !== afterDrag, "wheel did not zoom");
  report.zoom = await page.evaluate(() => window.wurfel.state.zoom);
  check(report.zoom > 1, "zoom did not grow");

  // Click a piece (the centre of the last face drawn) to highlight it, click the legend to clear.
  const [fx, fy] = await page.evaluate(() => {
    const d = window.wurfel.state.drawn;
    const q = d[d.length - 1].pts;
    return [(q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4];
  });
  await page.mouse.click(box.x + fx, box.y + fy);
  report.highlight = await page.evaluate(() => window.wurfel.state.highlight);
  check(report.highlight >= 0, "clicking the middle of the picture highlighted no piece");
  check(await page.locator("#legend li.hl").count() === 1, "highlighted piece not marked in the legend");
  await shot("highlight");
  await page.locator("#legend li.hl").click();
  check(await page.evaluate(() => window.wurfel.state.highlight) === -1, "legend click did not clear the highlight");

  // Hide a piece through its legend checkbox.
  await page.locator("#legend li input").first().click();
  check(await page.evaluate(() => window.wurfel.state.hidden.size) === 1, "legend checkbox did not hide a piece");

  // Assemble slider and explode slider.
  await page.locator("#assemble").fill("2");
  check(await page.evaluate(() => window.wurfel.state.assembled) === 2, "assemble slider had no effect");
  const partial = await shot("assemble-2");
  check(partial !== afterZoom, "assembling 2 pieces did not change the picture");
  await page.locator("#showAll").click();
  await page.locator("#explode").fill("20");
  const exploded = await shot("exploded");
  check(exploded !== partial, "explode did not change the picture");

  // Disassembly slider (the first scene carries moves).
  check(!(await page.locator("#disRow").isHidden()), "the take-apart slider is hidden on a scene with moves");
  await page.locator("#explode").fill("0");
  const together = await shot("disassembly-0");
  await page.locator("#dis").fill("2");
  check(await page.evaluate(() => window.wurfel.state.step) === 2, "take-apart slider had no effect");
  const apart = await shot("disassembly-2");
  check(apart !== together, "taking apart did not change the picture");
  await page.locator("#dis").fill("0");

  // Next solution.
  const n = await page.evaluate(() => window.wurfel.scenes.length);
  if (n > 1) {
    await page.locator("#next").click();
    report.count = await page.locator("#count").textContent();
    check(report.count.startsWith("2 /"), `next did not advance: ${report.count}`);
    check(await page.locator("#disRow").isHidden(), "the take-apart slider shows on a scene without moves");
    check((await page.locator("#text").textContent()).length > 0, "no layered text");
    await page.locator("#reset").click();
    await shot("second");
    await page.locator("#prev").click();
    check((await page.locator("#count").textContent()).startsWith("1 /"), "prev did not go back");
    // The last solution (a chain, in the Rust test), reached by the keyboard.
    for (let i = 1; i < n; i++) await page.keyboard.press("ArrowRight");
    check((await page.locator("#count").textContent()).startsWith(n + " /"), "arrow keys did not advance");
    await shot("last");
  }
  report.errors = errors;
  report.external = external;
  check(errors.length === 0, "page errors: " + errors.join("; "));
  check(external.length === 0, "network requests: " + external.join(", "));
} catch (e) {
  failures.push("exception: " + (e && e.stack ? e.stack : e));
} finally {
  await context.close();
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
report.failures = failures;
console.log(JSON.stringify(report));
process.exit(failures.length ? 1 : 0);
