import { describe, expect, it } from "vitest";
import { countQueriesOf, queryCountLogger } from "./query-count.server";

describe("queries per request", () => {
  it("counts the queries logged inside a request's handling, across awaits, and no other request's", async () => {
    let finishA: () => void = () => {};
    let finishB: () => void = () => {};
    const doneA = new Promise<void>((resolve) => (finishA = resolve));
    const doneB = new Promise<void>((resolve) => (finishB = resolve));
    const a = countQueriesOf(() => {
      queryCountLogger.logQuery("select 1", []);
      setTimeout(() => {
        queryCountLogger.logQuery("select 2", []);
        void Promise.resolve().then(() => {
          queryCountLogger.logQuery("select 3", []);
          finishA();
        });
      }, 5);
    });
    const b = countQueriesOf(() => {
      void Promise.resolve().then(() => {
        queryCountLogger.logQuery("select 1", []);
        finishB();
      });
    });
    queryCountLogger.logQuery("outside any request", []);
    await Promise.all([doneA, doneB]);
    expect(a.queries).toBe(3);
    expect(b.queries).toBe(1);
  });
});
