import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { action, loader } from "~/routes/admin/lesson-video";
import { cookieFor, createTestUser } from "../helpers/auth";
import { makeRequest, routeCall, thrownStatus } from "../helpers/route";
import { useTestStorage } from "../helpers/storage";

async function firstLessonId() {
  // A video lesson (a lesson of type test takes no video).
  const [lesson] = await (await getDb())
    .select({ id: schema.lessons.id })
    .from(schema.lessons)
    .where(isNull(schema.lessons.testProductId))
    .orderBy(schema.lessons.id)
    .limit(1);
  return lesson!.id;
}

const statusOf = async (run: () => Promise<unknown>) => {
  try {
    const out = await run();
    return (out as { init?: ResponseInit })?.init?.status ?? 200;
  } catch (error) {
    return thrownStatus(() => {
      throw error;
    });
  }
};

describe("admin lesson video route", () => {
  it("only admins see or change a lesson's video", async () => {
    const id = String(await firstLessonId());
    const student = await cookieFor(await createTestUser());
    const get = (cookie?: string) =>
      routeCall(loader, {
        request: makeRequest(`/admin/videos/${id}`, { headers: cookie ? { cookie } : {} }),
        params: { lessonId: id },
        context: {},
      } as never);
    expect(await statusOf(() => get())).toBe(302);
    expect(await statusOf(() => get(student))).toBe(403);
    const post = routeCall(action, {
      request: makeRequest(`/admin/videos/${id}`, {
        method: "POST",
        headers: { cookie: student },
        body: new URLSearchParams({ intent: "begin", name: "a.mp4", size: "100" }),
      }),
      params: { lessonId: id },
      context: {},
    } as never);
    expect(await statusOf(() => post)).toBe(403);
  });

  it("an admin starts an upload; bad input is a 4xx that changes nothing", async () => {
    useTestStorage();
    const id = String(await firstLessonId());
    const owner = await createTestUser({ role: "admin" });
    const admin = await cookieFor(owner);
    const call = (init: RequestInit, query = "", lessonId = id) =>
      routeCall(action, {
        request: makeRequest(`/admin/videos/${lessonId}${query}`, { ...init, headers: { cookie: admin } }),
        params: { lessonId },
        context: {},
      } as never);
    const begun = (await call({
      method: "POST",
      body: new URLSearchParams({ intent: "begin", name: "lecture.mp4", size: "1000" }),
    })) as { data: { received: number; status: string } };
    expect(begun.data).toMatchObject({ received: 0, status: "uploading" });
    // The action is audited with the admin who did it.
    const audited = await (await getDb())
      .select({ actorId: schema.auditLog.actorId, description: schema.auditLog.description })
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityType, "lesson"), eq(schema.auditLog.entityId, id)));
    expect(audited).toEqual([
      { actorId: owner.id, description: expect.stringContaining('Video "lecture.mp4" upload started') },
    ]);
    expect(await statusOf(() => call({ method: "PUT", body: "x" }, "?offset=-4"))).toBe(400);
    expect(await statusOf(() => call({ method: "PUT", body: "x" }, "?offset=500"))).toBe(409);
    expect(
      await statusOf(() =>
        call({ method: "POST", body: new URLSearchParams({ intent: "begin", name: "", size: "0" }) }),
      ),
    ).toBe(400);
    expect(await statusOf(() => call({ method: "POST", body: new URLSearchParams({ intent: "retry" }) }))).toBe(409);
    expect(await statusOf(() => call({ method: "POST", body: new URLSearchParams({ intent: "nope" }) }))).toBe(400);
    expect(
      await statusOf(() =>
        call({ method: "POST", body: new URLSearchParams({ intent: "begin", name: "a", size: "5" }) }, "", "abc"),
      ),
    ).toBe(404);
  });
});
