import { afterEach, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "./env.server";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe("env", () => {
  it("uses documented defaults", () => {
    delete process.env.PORT;
    delete process.env.DATA_DIR;
    delete process.env.DATABASE_URL;
    resetEnvCache();
    const env = getEnv();
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("fails fast with a clear message on a bad value", () => {
    process.env.DATABASE_URL = "mysql://nope";
    resetEnvCache();
    expect(() => getEnv()).toThrow(/DATABASE_URL must start with postgres:\/\//);
  });
});
