import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce } from "./csp.server";

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

describe("contentSecurityPolicy", () => {
  const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

  it("lets the player fetch segments from the object store (FILE_STORAGE=s3) and from nowhere else", () => {
    const local = contentSecurityPolicy("n");
    const s3 = contentSecurityPolicy("n", [], "https://media.s3.ap-south-1.amazonaws.com");
    expect(local).not.toContain("amazonaws");
    expect(directive(s3, "connect-src")).toBe(
      "connect-src 'self' https://api.razorpay.com https://lumberjack.razorpay.com https://media.s3.ap-south-1.amazonaws.com",
    );
    expect(directive(s3, "media-src")).toBe("media-src 'self' blob: https://media.s3.ap-south-1.amazonaws.com");
    // Only those two: every other directive is the same as with local storage.
    const others = (policy: string) =>
      policy.split("; ").filter((d) => !d.startsWith("connect-src") && !d.startsWith("media-src"));
    expect(others(s3)).toEqual(others(local));
  });
});
