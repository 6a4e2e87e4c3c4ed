/** Drill: two app instances on one PostgreSQL share everything that matters. */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDrillDatabase } from "../helpers/pg-drill";
import { type RunningServer, startServer } from "../helpers/server";

let url: string;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  url = await createDrillDatabase("two");
  // Both start at once: migrations and the seed run exactly once under advisory locks.
  [a, b] = await Promise.all([
    startServer({ env: { DATABASE_URL: url } }),
    startServer({ env: { DATABASE_URL: url } }),
  ]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("two instances, one database", () => {
  it("seeded the shared database once although both started together", async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query("select count(*)::int as n from products where kind = 'course'");
      expect(rows[0].n).toBe(6);
    } finally {
      await client.end();
    }
  });

  it("a content change made through another connection empties instance A's page cache at once", async () => {
    await fetch(`${a.url}/`).then((r) => r.text());
    const cached = await fetch(`${a.url}/`);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(await cached.text()).toContain("Economics Class 12");

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        "update products set title = 'Economics Class 12: Macro Masterclass' where title = 'Economics Class 12'",
      );
    } finally {
      await client.end();
    }
    let html = "";
    for (let i = 0; i < 40 && !html.includes("Macro Masterclass"); i++) {
      await sleep(50);
      html = await (await fetch(`${a.url}/`)).text();
    }
    expect(html).toContain("Economics Class 12: Macro Masterclass");
    expect(await (await fetch(`${b.url}/`)).text()).toContain("Macro Masterclass");
  });
});
