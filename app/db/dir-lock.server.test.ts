import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDirLock, DatabaseLockedError, LOCK_FILE, processIdentity } from "./dir-lock.server";

const children: { kill(): boolean }[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** A live process other than this one (as the running server would be), with its pid. */
async function otherProcess() {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  children.push(child);
  await once(child, "spawn");
  return child.pid as number;
}

function dirWithLock(text: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-lock-"));
  fs.writeFileSync(path.join(dir, LOCK_FILE), text);
  return dir;
}

describe("the embedded database's directory lock", () => {
  it("names this process by pid and start, and releases only its own lock", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ca-lock-"));
    const release = acquireDirLock(dir);
    const text = fs.readFileSync(path.join(dir, LOCK_FILE), "utf8");
    expect(text).toBe(`${process.pid} ${processIdentity(process.pid)}`);
    expect(processIdentity(process.pid)).toMatch(/^[0-9a-f-]{36}:\d+$/);
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it("refuses a directory a live process holds, by its identity or by its pid alone (older lock files)", async () => {
    const pid = await otherProcess();
    for (const text of [`${pid} ${processIdentity(pid)}`, String(pid)]) {
      const dir = dirWithLock(text);
      expect(() => acquireDirLock(dir)).toThrow(DatabaseLockedError);
      expect(() => acquireDirLock(dir)).toThrow(`in use by another process (pid ${pid})`);
      // Nothing was changed: the holder's lock is still there.
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(text);
    }
  });

  it("takes over a lock whose pid now belongs to another process (a reboot, a reused pid)", async () => {
    const pid = await otherProcess();
    // The pid is alive, but the lock was written by a process that started at another time or boot.
    for (const identity of [`${processIdentity(pid)?.split(":")[0]}:1`, "00000000-0000-0000-0000-000000000000:42"]) {
      const dir = dirWithLock(`${pid} ${identity}`);
      const release = acquireDirLock(dir);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toBe(`${process.pid} ${processIdentity(process.pid)}`);
      release();
    }
  });

  it("takes over a lock of a process that is gone, and a lock file that names no process", async () => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await once(child, "exit");
    for (const text of [
      `${child.pid} ${processIdentity(process.pid)?.split(":")[0]}:7`,
      String(child.pid),
      "",
      "junk",
    ]) {
      const dir = dirWithLock(text);
      const release = acquireDirLock(dir);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE), "utf8")).toMatch(new RegExp(`^${process.pid} `));
      release();
    }
  });
});
