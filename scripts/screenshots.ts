/**
 * `npm run screenshots`: every page route × role × width as full-page PNGs, so a reviewer can look
 * at all screens in a minute. Starts the built app (building it when stale) on a fresh install with
 * a student who owns a course and an owner, like the layout test (tests/e2e/screens.e2e.test.ts),
 * and the player on the sample lecture with its caption showing at 360 and 1440
 * (`student/<width>/my-courses-sample-lecture-captions.png`).
 *
 *   npm run screenshots                          # everything, into screenshots/
 *   npm run screenshots -- --only /checkout      # routes starting with /checkout
 *   npm run screenshots -- --role student --width 360 --out /tmp/shots
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { mapPool } from "~/lib/map-pool";
import { launchBrowser } from "../tests/helpers/browser";
import {
  prepareScreenInstall,
  ROLES,
  type ScreenRole,
  screenUrls,
  storageForRoles,
  WIDTHS,
} from "../tests/helpers/screens";
import { ROOT, startServer } from "../tests/helpers/server";
import { buildIfStale } from "./build-if-stale.js";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: path.join(ROOT, "screenshots") },
    only: { type: "string" },
    role: { type: "string", multiple: true },
    width: { type: "string", multiple: true },
  },
});
const roles = (values.role?.length ? values.role : ROLES) as ScreenRole[];
const widths = values.width?.length ? values.width.map(Number) : [...WIDTHS];
for (const role of roles) if (!ROLES.includes(role)) throw new Error(`--role takes ${ROLES.join(", ")}`);
for (const width of widths)
  if (!Number.isInteger(width) || width < 240) throw new Error("--width takes a number of pixels");

buildIfStale();
const install = await prepareScreenInstall();
const server = await startServer({ dataDir: install.dataDir });
const browser = await launchBrowser();
try {
  const storage = await storageForRoles(browser, server.url, install);
  const urls = screenUrls(install.ids).filter((url) => !values.only || url.startsWith(values.only));
  const shots = roles.flatMap((role) => widths.flatMap((width) => urls.map((url) => ({ role, width, url }))));
  let done = 0;
  await mapPool(shots, 3, async ({ role, width, url }) => {
    const context = await browser.newContext({
      viewport: { width, height: width < 768 ? 740 : 900 },
      storageState: storage[role],
    });
    const page = await context.newPage();
    await page.goto(`${server.url}${url}`, { waitUntil: "networkidle" });
    // Lazy images load as they scroll into view.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 600) {
        window.scrollTo({ top: y, behavior: "instant" });
        await new Promise((r) => setTimeout(r, 30));
      }
      window.scrollTo({ top: 0, behavior: "instant" });
    });
    await page.waitForLoadState("networkidle");
    const name =
      url === "/"
        ? "home"
        : url
            .slice(1)
            .replace(/[^a-z0-9]+/gi, "-")
            .slice(0, 60);
    const file = path.join(values.out, role, String(width), `${name}.png`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.screenshot({ path: file, fullPage: true });
    await context.close();
    done += 1;
    if (done % 20 === 0 || done === shots.length) console.log(`${done}/${shots.length} screens`);
  });
  // The player on the sample lecture mid-sentence, its caption showing (issue 32).
  const sampleWidths = widths.filter((w) => w === 360 || w === 1440);
  if (roles.includes("student") && (!values.only || "/my-courses".startsWith(values.only.replace(/\/$/, ""))))
    for (const width of sampleWidths) {
      const context = await browser.newContext({
        viewport: { width, height: width < 768 ? 740 : 900 },
        storageState: storage.student,
      });
      const page = await context.newPage();
      await page.goto(`${server.url}/my-courses/${install.ids.ownedCourse}`, { waitUntil: "networkidle" });
      const video = page.locator("[data-hosted-video] video");
      await video.waitFor();
      await page.waitForFunction(() => (document.querySelector("video")?.readyState ?? 0) >= 1);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        v.currentTime = 10;
        return v.play();
      });
      await page.waitForFunction(
        () => {
          const v = document.querySelector("video");
          const track = v?.textTracks[0];
          return Boolean(v && v.currentTime > 10.5 && track?.mode === "showing" && track.activeCues?.length);
        },
        undefined,
        { timeout: 30_000 },
      );
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      await video.scrollIntoViewIfNeeded();
      const file = path.join(values.out, "student", String(width), "my-courses-sample-lecture-captions.png");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file });
      await context.close();
    }
  console.log(`Screenshots in ${values.out}/<role>/<width>/`);
} finally {
  await browser.close();
  await server.stop();
}
