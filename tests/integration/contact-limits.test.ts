/**
 * The contact form is rate-limited like sign-up: per IP and per signed-in account, in the shared
 * database. Over the limit it answers 429 with a message for the form and stores nothing.
 */
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { CONTACT_PER_ACCOUNT, CONTACT_PER_IP } from "~/features/accounts/rate-limit.server";
import * as contactRoute from "~/routes/store/contact";
import { cookieFor, createTestUser } from "../helpers/auth";
import { callAction } from "../helpers/form";

async function storedMessages() {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(schema.contactMessages);
  return row!.n;
}

function send(n: number, opts: { clientIp?: string; cookie?: string }) {
  return callAction<{ formError?: string; values: Record<string, string> }>(
    contactRoute.action,
    "/contact",
    { name: "Ravi Kumar", email: "ravi@example.com", message: `Question number ${n}` },
    opts,
  );
}

describe("contact form rate limits", () => {
  it("takes 5 messages per IP in 15 minutes, then answers 429 on the form and stores nothing", async () => {
    expect(CONTACT_PER_IP).toEqual({ windowSeconds: 900, max: 5 });
    for (let n = 1; n <= 5; n++) {
      const ok = await send(n, { clientIp: "203.0.113.7" });
      expect(ok.status, `message ${n}`).toBe(302);
      expect(ok.location).toBe("/contact");
    }
    expect(await storedMessages()).toBe(5);

    const refused = await send(6, { clientIp: "203.0.113.7" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.data?.formError).toMatch(/^Too many messages\. Please wait 15 minutes and try again\.$/);
    // What was typed comes back, so nothing has to be written again.
    expect(refused.data?.values.message).toBe("Question number 6");
    expect(await storedMessages()).toBe(5);

    // Another address is not affected; a form with errors does not count and is answered as before.
    expect((await send(7, { clientIp: "203.0.113.8" })).status).toBe(302);
    const invalid = await callAction(
      contactRoute.action,
      "/contact",
      { name: "", email: "x", message: "" },
      {
        clientIp: "203.0.113.7",
      },
    );
    expect(invalid.status).toBe(400);
    expect(await storedMessages()).toBe(6);
  });

  it("takes 5 messages per signed-in account in 15 minutes, whatever the IP", async () => {
    expect(CONTACT_PER_ACCOUNT).toEqual({ windowSeconds: 900, max: 5 });
    const user = await createTestUser({ name: "Ravi Kumar" });
    const cookie = await cookieFor(user);
    for (let n = 1; n <= 5; n++) {
      expect((await send(n, { cookie, clientIp: `198.51.100.${n}` })).status, `message ${n}`).toBe(302);
    }
    const refused = await send(6, { cookie, clientIp: "198.51.100.99" });
    expect(refused.status).toBe(429);
    expect(refused.data?.formError).toMatch(/Too many messages/);
    expect(await storedMessages()).toBe(5);
    // Signed out, from a fresh address, the form works again: the account was limited, not the page.
    expect((await send(7, { clientIp: "198.51.100.100" })).status).toBe(302);
  });

  it("12 simultaneous messages from one address store 5: the limit is reserved atomically", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, n) => send(n, { clientIp: "203.0.113.31" })));
    expect(answers.filter((a) => a.status === 302)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    expect(await storedMessages()).toBe(5);
  });

  it("without a known client address (direct calls) all of them share one 'unknown' limit", async () => {
    for (let n = 1; n <= 5; n++) expect((await send(n, {})).status).toBe(302);
    expect((await send(6, {})).status).toBe(429);
  });
});
