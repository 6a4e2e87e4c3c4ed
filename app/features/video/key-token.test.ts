import { describe, expect, it } from "vitest";
import { issueKeyToken, KEY_TOKEN_SECONDS, KEY_TOKEN_STEP_SECONDS, keyTokenValid } from "./playback.server";

const secret = "a-test-secret-of-some-length-0123456789";
// A whole minute, in ms.
const minute = 1_800_000_000_000;

describe("the key token issued with a media playlist", () => {
  it("is the same for every playlist of a lesson served to one user within a minute (one key URI for all renditions)", () => {
    const first = issueKeyToken(secret, "user-1", 7, minute);
    expect(issueKeyToken(secret, "user-1", 7, minute + 30_000)).toBe(first);
    expect(issueKeyToken(secret, "user-1", 7, minute + 59_999)).toBe(first);
    // The next minute, another user or another lesson: another token.
    expect(issueKeyToken(secret, "user-1", 7, minute + 60_000)).not.toBe(first);
    expect(issueKeyToken(secret, "user-2", 7, minute)).not.toBe(first);
    expect(issueKeyToken(secret, "user-1", 8, minute)).not.toBe(first);
  });

  it("stays valid 9 to 10 minutes after it was issued, for its user and lesson only", () => {
    const issuedAt = minute + 59_000;
    const token = issueKeyToken(secret, "user-1", 7, issuedAt);
    const lastValid = (KEY_TOKEN_SECONDS - KEY_TOKEN_STEP_SECONDS + 1) * 1000;
    expect(keyTokenValid(secret, token, "user-1", 7, issuedAt + lastValid - 1000)).toBe(true);
    expect(keyTokenValid(secret, token, "user-1", 7, issuedAt + lastValid + 1000)).toBe(false);
    expect(keyTokenValid(secret, token, "user-2", 7, issuedAt)).toBe(false);
    expect(keyTokenValid(secret, token, "user-1", 8, issuedAt)).toBe(false);
    expect(keyTokenValid("another-secret-of-some-length-01234567", token, "user-1", 7, issuedAt)).toBe(false);
  });
});
