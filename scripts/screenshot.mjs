import { chromium } from "playwright-core";

const [, , base, out, ...paths] = process.argv;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const p of paths) {
  for (const [w, h] of [
    [360, 740],
    [1440, 900],
  ]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(base + p, { waitUntil: "networkidle" });
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 500) {
        window.scrollTo(0, y);
        await new Promise((r) => setTimeout(r, 20));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(200);
    const name = `${out}/${p.replace(/\W+/g, "_") || "home"}-${w}.png`;
    await page.screenshot({ path: name, fullPage: true });
    console.log(name);
    await page.close();
  }
}
await browser.close();
