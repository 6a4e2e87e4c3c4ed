import { describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/store/home";
import { loader as notFoundLoader } from "~/routes/store/not-found";
import { callLoader, thrownStatus } from "../helpers/route";

describe("home and 404 routes", () => {
  it("home loader returns the courses and four featured notes from the database", async () => {
    const data = await callLoader(homeLoader, "/");
    expect(data.courses).toHaveLength(6);
    expect(data.featuredNotes).toHaveLength(4);
    expect(data.courses[0]?.instructor).toBe("Priya Mehta");
  });

  it("the catch-all route answers 404", async () => {
    expect(await thrownStatus(() => callLoader(notFoundLoader, "/does-not-exist"))).toBe(404);
  });
});
