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

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), headless: true, args: CHROMIUM_FLAGS });
}

/** A Chromium that several test processes connect to (`chromium.connect(server.wsEndpoint())`). */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: findChromium(), headless: true, args: CHROMIUM_FLAGS });
}
