import { describe, expect, it } from "vitest";
import { createNonce } from "./csp.server";

describe("createNonce", () => {
  it("gives 16 fresh random bytes each time, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, createNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    // Not a constant or a counter: the bytes of many nonces together look random.
    const bytes = Buffer.concat(nonces.map((n) => Buffer.from(n, "base64")));
    const distinct = new Set(bytes).size;
    expect(distinct).toBeGreaterThan(250);
  });
});
