import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NODE_FLAGS } from "./node-flags.js";

const ROOT = path.resolve(import.meta.dirname, "..");

describe("the server's Node.js flags are the same wherever it starts", () => {
  it("npm start and the systemd unit pass NODE_FLAGS to node", () => {
    const start = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start as string;
    expect(start).toBe(`node ${NODE_FLAGS.join(" ")} scripts/start.js`);
    const unit = fs.readFileSync(path.join(ROOT, "deploy/systemd/commerce-academy@.service"), "utf8");
    expect(unit).toMatch(
      new RegExp(`^ExecStart=/usr/bin/node ${NODE_FLAGS.join(" ")} /srv/commerce-academy/server\\.js$`, "m"),
    );
  });
});
