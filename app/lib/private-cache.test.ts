/**
 * The private-cache rule is middleware on the layouts of app/routes.ts (app/lib/private-cache.server.ts):
 * every route whose path is personalised (isPersonalisedPath: account, orders and invoices, checkout,
 * my courses, downloads, the admin area) must sit under a layout whose middleware lists `privateAnswer`,
 * so a new route there is covered only by being put in the right place. The e2e test
 * tests/e2e/security-headers.e2e.test.ts checks the headers over HTTP.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { privateAnswer, privateWhenCookie } from "./private-cache.server";
import { isPersonalisedPath } from "./route-path";

type Entry = { path?: string; file: string; children?: Entry[] };
const APP = path.resolve(import.meta.dirname, "..");

const marksPrivate = (file: string) =>
  /export const middleware[^;]*\bprivateAnswer\b/.test(fs.readFileSync(path.join(APP, file), "utf8"));

/** Every route (pathless layouts aside) with its URL pattern and whether a layout above it (or itself) marks answers private. */
function walk(entries: Entry[], parent = "", covered = false): Array<{ url: string; file: string; covered: boolean }> {
  return entries.flatMap((entry) => {
    const url = entry.path ? `${parent.replace(/\/$/, "")}/${entry.path}` : parent || "/";
    const isCovered = covered || marksPrivate(entry.file);
    const self = entry.path === undefined && entry.children ? [] : [{ url, file: entry.file, covered: isCovered }];
    return [...self, ...walk(entry.children ?? [], url, isCovered)];
  });
}

describe("private answers", () => {
  it("every personalised route of app/routes.ts is under a layout whose middleware makes its answers private", () => {
    const all = walk(routes as Entry[]);
    const personal = all.filter((r) => isPersonalisedPath(r.url.replace(/:\w+/g, "1")));
    expect(personal.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        "/admin",
        "/account",
        "/account/orders/:orderId/invoice",
        "/checkout",
        "/downloads/:productId",
      ]),
    );
    expect(personal.filter((r) => !r.covered).map((r) => `${r.url} (${r.file})`)).toEqual([]);
    // And nothing public is: the catalog pages stay cacheable.
    expect(all.filter((r) => r.covered && !isPersonalisedPath(r.url.replace(/:\w+/g, "1"))).map((r) => r.url)).toEqual(
      [],
    );
  });

  it("privateAnswer overrides a route's caching and adds Vary: Cookie, on a redirect too", async () => {
    const args = { request: new Request("http://localhost/account") } as never;
    const page = await privateAnswer(
      args,
      async () => new Response("x", { headers: { "Cache-Control": "public, max-age=60", Vary: "Accept-Encoding" } }),
    );
    expect(page?.headers.get("cache-control")).toBe("private, no-store");
    expect(page?.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const moved = await privateAnswer(args, async () => Response.redirect("http://localhost/login", 302));
    expect(moved?.status).toBe(302);
    expect(moved?.headers.get("location")).toBe("http://localhost/login");
    expect(moved?.headers.get("cache-control")).toBe("private, no-store");
  });

  it("privateWhenCookie marks answers to a request with a cookie unless the route chose its caching", async () => {
    const withCookie = { request: new Request("http://localhost/", { headers: { cookie: "a=1" } }) } as never;
    const anonymous = { request: new Request("http://localhost/") } as never;
    const page = await privateWhenCookie(withCookie, async () => new Response("x"));
    expect(page?.headers.get("cache-control")).toBe("private, no-store");
    expect(page?.headers.get("vary")).toBe("Cookie");
    const image = await privateWhenCookie(
      withCookie,
      async () => new Response("x", { headers: { "Cache-Control": "public, max-age=31536000, immutable" } }),
    );
    expect(image?.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(image?.headers.get("vary")).toBe("Cookie");
    const open = await privateWhenCookie(anonymous, async () => new Response("x"));
    expect(open?.headers.get("cache-control")).toBeNull();
  });
});
