// Renders the default Open Graph image (1200×630 JPEG, small enough for WhatsApp previews) with Chromium: link previews on WhatsApp,
// Facebook and X do not show SVG. Run: node scripts/generate-og-image.mjs
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const root = path.resolve(import.meta.dirname, "..");
const logo = fs.readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;justify-content:space-between;
  background:linear-gradient(135deg,#142a6e,#2452e0 60%,#3b6cf6);color:#fff;font-family:system-ui,'Segoe UI',Roboto,Arial,sans-serif">
  <div style="display:flex;align-items:center;gap:24px;font-size:44px;font-weight:800">
    <div style="width:88px;height:88px">${logo.replace("<svg", '<svg width="88" height="88"')}</div>Commerce Academy
  </div>
  <div>
    <div style="font-size:76px;font-weight:800;line-height:1.05">Excel in Your Commerce Exams</div>
    <div style="margin-top:24px;font-size:34px;opacity:.92">Courses, notes and previous-year papers for Class 11 &amp; 12</div>
  </div>
  <div style="font-size:30px;font-weight:700;color:#f59e0b">Accountancy · Economics · Business Studies · English</div>
</div></body></html>`;

const browser = await chromium.launch({
  // A developer tool, not the app: it reads the tests' Chromium setting directly (no app config).
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
const out = path.join(root, "public/images/og-default.jpg");
await page.screenshot({ path: out, type: "jpeg", quality: 85 });
await browser.close();
console.log(`wrote ${out}`);
