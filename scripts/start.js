// `npm start`: builds when there is no current build, then serves it.
import path from "node:path";
import { buildIfStale } from "./build-if-stale.js";

try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import(path.resolve(import.meta.dirname, "..", "server.js"));
