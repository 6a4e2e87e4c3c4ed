/**
 * The same sources give the same browser build from any checkout path (issue 34: a fresh clone in
 * another directory got other chunk hashes, and so other first-load bytes). The sources of this
 * checkout (git's tracked and untracked-but-not-ignored files, so uncommitted work is included) are
 * copied to a temporary directory at another depth, built there once, and every file of
 * build/client (names and bytes) is compared with the build the e2e global setup made here.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../helpers/server";

let copy: string | undefined;
afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

/** Every file under `dir`, relative to it, sorted. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe("reproducible build", () => {
  it("builds the same build/client, byte for byte, from another checkout path", { timeout: 300_000 }, () => {
    const listed = spawnSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
      cwd: ROOT,
      encoding: "utf8",
      maxBuffer: 16 * 1024 * 1024,
    });
    expect(listed.status, listed.stderr).toBe(0);
    const sources = listed.stdout.split("\0").filter((f) => f && fs.existsSync(path.join(ROOT, f)));
    expect(sources).toContain("vite.config.ts");

    // Another directory name and depth than this checkout's.
    copy = fs.mkdtempSync(path.join(os.tmpdir(), "ca-reproducible-"));
    const other = path.join(copy, "another", "checkout");
    for (const file of sources) {
      fs.mkdirSync(path.dirname(path.join(other, file)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, file), path.join(other, file));
    }
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(other, "node_modules"), "dir");

    const build = spawnSync(process.execPath, [path.join(other, "node_modules/@react-router/dev/bin.js"), "build"], {
      cwd: other,
      // As scripts/build-if-stale.js builds: the production build whatever Vitest's NODE_ENV is.
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(build.status, `${build.stdout}${build.stderr}`).toBe(0);

    const here = path.join(ROOT, "build", "client");
    const there = path.join(other, "build", "client");
    const files = filesUnder(here);
    expect(files.filter((f) => /^assets\/framework-[\w-]+\.js$/.test(f))).toHaveLength(1);
    expect(filesUnder(there)).toEqual(files);
    const differing = files.filter(
      (f) => !fs.readFileSync(path.join(here, f)).equals(fs.readFileSync(path.join(there, f))),
    );
    expect(differing).toEqual([]);
  });
});
