/** Integration tests keep files in a temporary folder per worker, never in ./data. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalStorage, type FileStorage, setFileStorage } from "~/platform/files/storage.server";

const key = Symbol.for("commerce-academy.test-storage");
type G = typeof globalThis & { [key]?: { root: string; storage: FileStorage } };
const g = globalThis as G;

export function useTestStorage(): { root: string; storage: FileStorage } {
  if (!g[key]) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "ca-files-"));
    g[key] = { root, storage: createLocalStorage(root) };
    process.once("exit", () => fs.rmSync(root, { recursive: true, force: true }));
  }
  setFileStorage(g[key].storage);
  return g[key];
}
