// What every page walk of the browser test needs on its page: screenshots into the output
// folder, an element's text, and a wait for text that, on a timeout, keeps a picture of the
// failure and says what the element showed instead.
import path from "node:path";

export function pageKit(page, outDir, failure) {
  const shot = (name) => page.screenshot({ path: path.join(outDir, name + ".png") });
  const text = (sel) => page.locator(sel).innerText();
  const waitText = async (sel, re, timeout) => {
    try {
      await page.waitForFunction(([s, r]) => { const e = document.querySelector(s); return e && new RegExp(r).test(e.innerText); }, [sel, re.source], { timeout: timeout || 10000 });
    } catch (e) {
      await page.screenshot({ path: path.join(outDir, failure + ".png") });
      const shown = await page.locator(sel).count() ? await text(sel) : "(nothing)";
      throw new Error(`${sel} never showed ${re}: it shows ${JSON.stringify(shown)}`);
    }
  };
  return { shot, text, waitText };
}
