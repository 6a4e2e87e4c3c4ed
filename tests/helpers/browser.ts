/** Launches Debian's Chromium through playwright-core. Missing browser = a failing test with the install hint, never a skip. */
import fs from "node:fs";
import { type Browser, type BrowserServer, chromium } from "playwright-core";

// Playwright adds --headless and a fresh temporary profile (--user-data-dir) itself.
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function findChromium(): string {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((c): c is string => Boolean(c && fs.existsSync(c)));
  if (!found) {
    throw new Error(
      "No Chromium found for the browser tests. Install it with `apt-get update && apt-get install -y chromium`, " +
        "or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary.",
    );
  }
  return found;
}

/**
 * The browser the test suite drives: Debian's `chromium-headless-shell` (Chromium's own headless
 * build, the one Playwright itself runs for headless tests) when installed, else `findChromium()`.
 * The same engine without the desktop browser's layers: the e2e project took 474 → 340 s with it
 * (docs/testing.md). Benchmarks and screenshots keep the full browser (`launchBrowser`), so their
 * figures compare with the earlier ones in bench/RESULTS.md.
 */
export function findTestBrowser(): string {
  if (process.env.PLAYWRIGHT_CHROMIUM_PATH) return findChromium();
  const shell = "/usr/lib/chromium/chromium-headless-shell";
  return fs.existsSync(shell) ? shell : findChromium();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_FLAGS });
}

/** The test browser that several test processes connect to (`chromium.connect(server.wsEndpoint())`). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: findTestBrowser(), headless: true, args: CHROMIUM_FLAGS });
}
