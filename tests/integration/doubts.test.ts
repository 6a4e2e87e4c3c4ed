/**
 * Doubts (issue 36) through the course player's, the practice result's, the photo's and the admin
 * queue's loaders and actions: only the course's students ask and see; five a day (IST); only admins
 * answer and hide; the answer is emailed to the asker; other students see answered doubts with the
 * asker's first name only, never hidden ones; the search finds them by words; a photo is checked by its
 * bytes and served to the course's students only. Every refusal is a 4xx that stores nothing.
 */
import { eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { listNotifications } from "~/features/admin/notifications.server";
import { DOUBT_LIMIT_REACHED, DOUBTS_PER_DAY, NOT_YOUR_COURSE, startOfIstDay } from "~/features/doubts/doubts.server";
import * as adminDoubts from "~/routes/admin/doubts";
import * as player from "~/routes/store/course-player";
import * as photoRoute from "~/routes/store/doubt-photo";
import * as mediaRoute from "~/routes/store/media";
import * as attemptRoute from "~/routes/store/practice-attempt";
import * as startRoute from "~/routes/store/practice-start";
import { cookieFor, createTestUser, type TestUser } from "../helpers/auth";
import { type Answer, expectRefusalStoresNothing, invoke, messageOf, requestFor, urlencoded } from "../helpers/hostile";
import { makeRequest, routeCall } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;

/** A 1×1 PNG: what file-type recognises as an image. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

let lesson: { id: number; productId: number };
let asker: TestUser;
let classmate: TestUser;
let outsider: TestUser;
let admin: TestUser;
const cookies: Record<string, string> = {};

async function enrol(user: TestUser, productId: number) {
  await (await getDb()).insert(schema.enrolments).values({ userId: user.id, productId, source: "grant" });
}

beforeEach(async () => {
  const db = await getDb();
  const [row] = await db
    .select({ id: schema.lessons.id, productId: schema.lessons.productId })
    .from(schema.lessons)
    .where(isNull(schema.lessons.testProductId))
    .orderBy(schema.lessons.id)
    .limit(1);
  lesson = row!;
  asker = await createTestUser({ name: "Asha Verma" });
  classmate = await createTestUser({ name: "Ravi Kumar" });
  outsider = await createTestUser({ name: "Olu Outsider" });
  admin = await createTestUser({ role: "admin", name: "Teacher Admin" });
  await enrol(asker, lesson.productId);
  await enrol(classmate, lesson.productId);
  for (const [k, u] of Object.entries({ asker, classmate, outsider, admin })) cookies[k] = await cookieFor(u);
});

const lessonPath = (q = "") => `/my-courses/${lesson.productId}?lesson=${lesson.id}${q}`;

/** POST a doubt under the lesson as `who`; a refusal must store nothing (no row, no file). */
async function ask(who: string, fields: Record<string, string | File>, multipart = false): Promise<Answer> {
  const body = { intent: "ask", lessonId: String(lesson.id), ...fields };
  const s = multipart ? { encoding: "multipart" as const, fields: body } : urlencoded(body as Record<string, string>);
  const { answer } = await expectRefusalStoresNothing(`ask as ${who}`, () =>
    invoke(player.action, requestFor(lessonPath(), s, { cookie: cookies[who] }), { id: String(lesson.productId) }),
  );
  return answer;
}

async function lessonPage(who: string, q = "") {
  const answer = await invoke(player.loader, makeRequest(lessonPath(q), { headers: { cookie: cookies[who]! } }), {
    id: String(lesson.productId),
  });
  return answer as Answer & {
    body: { doubts: { id: number; body: string; askedBy: string; mine: boolean; answer: string | null }[] };
  };
}

async function adminPost(fields: Record<string, string>, who = "admin") {
  return invoke(adminDoubts.action, requestFor("/admin/doubts", urlencoded(fields), { cookie: cookies[who] }));
}

async function doubtsOf(user: TestUser) {
  return (await getDb()).select().from(schema.doubts).where(eq(schema.doubts.userId, user.id));
}

describe("asking", () => {
  it("a student who does not own the course cannot ask (403) or see the lesson's doubts", async () => {
    const refused = await ask("outsider", { body: "What is goodwill exactly?" });
    expect(refused.status).toBe(403);
    expect(messageOf(refused.body)).toBe(NOT_YOUR_COURSE);
    expect((await lessonPage("outsider")).status).toBe(404);
    // Signed out: to the login page, nothing stored.
    const anonymous = await invoke(
      player.action,
      requestFor(lessonPath(), urlencoded({ intent: "ask", lessonId: String(lesson.id), body: "x".repeat(20) })),
      { id: String(lesson.productId) },
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
  });

  it("an owner asks; the asker sees the open doubt, classmates do not until it is answered", async () => {
    const sent = await ask("asker", { body: "  Why is goodwill an intangible asset?  " });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`${lessonPath()}#doubt-list`);
    const [row] = await doubtsOf(asker);
    expect(row).toMatchObject({
      productId: lesson.productId,
      lessonId: lesson.id,
      practiceQuestionId: null,
      body: "Why is goodwill an intangible asset?",
      status: "open",
      photoKey: null,
    });
    // The admins' bell lists it until it is answered.
    const bell = await listNotifications(await getDb(), admin.id);
    expect(bell.items).toContainEqual(
      expect.objectContaining({
        id: `doubt-${row!.id}`,
        kind: "doubt",
        href: `/admin/doubts?product=${lesson.productId}`,
      }),
    );
    const own = (await lessonPage("asker")).body.doubts;
    expect(own.map((d) => [d.id, d.mine])).toEqual([[row!.id, true]]);
    expect((await lessonPage("classmate")).body.doubts).toEqual([]);
  });

  it("refuses bad input with a 4xx and stores nothing", async () => {
    expect((await ask("asker", { body: "too short" })).status).toBe(400);
    expect((await ask("asker", { body: "x".repeat(2001) })).status).toBe(400);
    expect((await ask("asker", { body: "" })).status).toBe(400);
    // Five emoji are ten UTF-16 units but five characters: too short, never a database error.
    expect((await ask("asker", { body: "😀😀😀😀😀" })).status).toBe(400);
    expect((await ask("asker", { body: "A valid doubt text", lessonId: "abc" })).status).toBe(400);
    // A lesson of another course: not found.
    const db = await getDb();
    const foreign = (
      await db.select({ id: schema.lessons.id, productId: schema.lessons.productId }).from(schema.lessons)
    ).find((l) => l.productId !== lesson.productId);
    expect((await ask("asker", { body: "A valid doubt text", lessonId: String(foreign!.id) })).status).toBe(404);
    expect(await doubtsOf(asker)).toEqual([]);
  });

  it(`allows ${DOUBTS_PER_DAY} doubts a day (IST): the next is a 429 with a clear message`, async () => {
    const db = await getDb();
    // One asked just before midnight IST does not count today.
    await db.insert(schema.doubts).values({
      userId: asker.id,
      productId: lesson.productId,
      lessonId: lesson.id,
      body: "Asked yesterday evening",
      createdAt: new Date(startOfIstDay(new Date()).getTime() - 60_000),
    });
    for (let i = 1; i <= DOUBTS_PER_DAY; i++) {
      expect((await ask("asker", { body: `Doubt number ${i} about this lesson` })).status).toBe(302);
    }
    const sixth = await ask("asker", { body: "One doubt too many for today" });
    expect(sixth.status).toBe(429);
    expect(messageOf(sixth.body)).toBe(DOUBT_LIMIT_REACHED);
    expect(await doubtsOf(asker)).toHaveLength(DOUBTS_PER_DAY + 1);
    expect((await lessonPage("asker")).body).toMatchObject({ doubtsLeft: 0 });
  });

  it("midnight in India starts the day: 18:29 UTC is the previous day, 18:30 UTC the next", () => {
    expect(startOfIstDay(new Date("2026-11-26T18:29:00Z")).toISOString()).toBe("2026-11-25T18:30:00.000Z");
    expect(startOfIstDay(new Date("2026-11-26T18:30:00Z")).toISOString()).toBe("2026-11-26T18:30:00.000Z");
  });
});

describe("answering, seeing and hiding", () => {
  async function askOne(body: string, who = "asker") {
    expect((await ask(who, { body })).status).toBe(302);
    const db = await getDb();
    const [row] = await db.select().from(schema.doubts).where(eq(schema.doubts.body, body));
    return row!;
  }

  it("only an admin answers (a student and an instructor get 403); the answer emails the asker", async () => {
    const doubt = await askOne("How do we value goodwill by super profit?");
    const instructor = await createTestUser({ role: "instructor" });
    cookies.instructor = await cookieFor(instructor);
    for (const who of ["asker", "instructor"]) {
      const refused = await expectRefusalStoresNothing(`answer as ${who}`, () =>
        adminPost({ intent: "answer", doubtId: String(doubt.id), answer: "By my say-so." }, who),
      );
      expect(refused.answer.status).toBe(403);
    }
    const db = await getDb();
    const outboxBefore = (await db.select().from(schema.emailOutbox)).length;
    const answered = await adminPost({
      intent: "answer",
      doubtId: String(doubt.id),
      answer: "Multiply the super profit by the number of years' purchase.",
    });
    expect(answered.status).toBe(302);
    const [row] = await db.select().from(schema.doubts).where(eq(schema.doubts.id, doubt.id));
    expect(row).toMatchObject({ status: "answered", answeredBy: admin.id });
    const emails = await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, asker.email));
    expect(emails).toHaveLength(1);
    expect((await db.select().from(schema.emailOutbox)).length).toBe(outboxBefore + 1);
    expect(emails[0]!.subject).toContain("Your doubt is answered");
    expect(emails[0]!.text).toContain("Multiply the super profit by the number of years' purchase.");
    expect(emails[0]!.text).toContain(`/my-courses/${lesson.productId}?lesson=${lesson.id}`);
    // Changing the answer does not email again.
    await adminPost({ intent: "answer", doubtId: String(doubt.id), answer: "Super profit × years' purchase." });
    expect(await db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, asker.email))).toHaveLength(1);
  });

  it("refuses a bad answer, an unknown doubt and an unknown action with a 4xx", async () => {
    const doubt = await askOne("What is a revaluation account for?");
    for (const [fields, status] of [
      [{ intent: "answer", doubtId: String(doubt.id), answer: "x" }, 400],
      [{ intent: "answer", doubtId: String(doubt.id), answer: "y".repeat(4001) }, 400],
      [{ intent: "answer", doubtId: "99999999", answer: "A fine answer" }, 404],
      [{ intent: "hide", doubtId: "abc" }, 400],
      [{ intent: "delete", doubtId: String(doubt.id) }, 400],
    ] as const) {
      const { answer } = await expectRefusalStoresNothing(JSON.stringify(fields), () => adminPost({ ...fields }));
      expect(answer.status, JSON.stringify(fields)).toBe(status);
    }
  });

  it("classmates see answered doubts with the asker's first name only; hidden ones vanish for every student", async () => {
    const doubt = await askOne("Is goodwill shown on the balance sheet?");
    await adminPost({ intent: "answer", doubtId: String(doubt.id), answer: "Only purchased goodwill is." });
    const page = await lessonPage("classmate");
    expect(page.body.doubts).toEqual([
      expect.objectContaining({ id: doubt.id, askedBy: "Asha", mine: false, answer: "Only purchased goodwill is." }),
    ]);
    const text = JSON.stringify(page.body.doubts);
    expect(text).not.toContain("Verma");
    expect(text).not.toContain(asker.email);
    expect(text).not.toContain(asker.id);

    expect((await adminPost({ intent: "hide", doubtId: String(doubt.id) })).status).toBe(302);
    expect((await lessonPage("classmate")).body.doubts).toEqual([]);
    expect((await lessonPage("asker")).body.doubts).toEqual([]);
    // The admin's queue still lists it, marked hidden; unhiding brings it back.
    const queue = await invoke(
      adminDoubts.loader,
      makeRequest("/admin/doubts?status=hidden", { headers: { cookie: cookies.admin! } }),
    );
    expect((queue.body as { rows: { id: number; hiddenAt: unknown }[] }).rows.map((r) => r.id)).toEqual([doubt.id]);
    await adminPost({ intent: "unhide", doubtId: String(doubt.id) });
    expect((await lessonPage("classmate")).body.doubts.map((d) => d.id)).toEqual([doubt.id]);
  });

  it("the queue lists unanswered first, filters by course, and names the student and the lesson", async () => {
    const first = await askOne("First question asked about this lesson");
    const second = await askOne("Second question asked about this lesson", "classmate");
    await adminPost({ intent: "answer", doubtId: String(first.id), answer: "Answered first." });
    const all = await invoke(
      adminDoubts.loader,
      makeRequest(`/admin/doubts?product=${lesson.productId}`, { headers: { cookie: cookies.admin! } }),
    );
    const rows = (all.body as { rows: { id: number; studentName: string; lessonId: number; status: string }[] }).rows;
    expect(rows.map((r) => [r.id, r.status, r.studentName, r.lessonId])).toEqual([
      [second.id, "open", "Ravi Kumar", lesson.id],
      [first.id, "answered", "Asha Verma", lesson.id],
    ]);
    const otherCourse = await invoke(
      adminDoubts.loader,
      makeRequest(`/admin/doubts?product=${lesson.productId + 100000}`, { headers: { cookie: cookies.admin! } }),
    );
    expect((otherCourse.body as { rows: unknown[] }).rows).toEqual([]);
  });

  it("the search under the lesson finds answered doubts by their words (in the doubt or its answer)", async () => {
    const a = await askOne("How is goodwill valued on admission of a partner?");
    const b = await askOne("What goes into the realisation account?", "classmate");
    await askOne("Unanswered goodwill question stays private");
    await adminPost({ intent: "answer", doubtId: String(a.id), answer: "By the average profit method." });
    await adminPost({ intent: "answer", doubtId: String(b.id), answer: "Assets and liabilities at book value." });
    const ids = async (q: string) =>
      (await lessonPage("classmate", `&dq=${encodeURIComponent(q)}`)).body.doubts.map((d) => d.id);
    expect(await ids("goodwill")).toEqual([a.id]);
    expect(await ids("GOODWILL partner")).toEqual([a.id]);
    expect(await ids("book value")).toEqual([b.id]);
    expect(await ids("goodwill realisation")).toEqual([]);
    expect((await ids("")).sort()).toEqual([a.id, b.id].sort());
    // %, _ and backslashes match themselves; a NUL (which PostgreSQL cannot take) is dropped, never a 500.
    expect(await ids("100%")).toEqual([]);
    expect(await ids("good\u0000will")).toEqual([a.id]);
    expect(await ids("x".repeat(5000))).toEqual([]);
  });
});

describe("photos", () => {
  it("refuses a file that is not an image by its bytes, and stores nothing", async () => {
    const fake = new File([new TextEncoder().encode("<script>alert(1)</script>")], "notes.png", {
      type: "image/png",
    });
    const refused = await ask("asker", { body: "Here is my notebook page", photo: fake }, true);
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors.photo).toMatch(/PNG, JPEG/);
  });

  it("takes a phone photo of a few MB; over 5 MB is refused with a clear message", async () => {
    const big = new Uint8Array(2 * 1024 * 1024);
    big.set(PNG);
    const sent = await ask("asker", { body: "My notebook page, please", photo: new File([big], "page.png") }, true);
    expect(sent.status).toBe(302);
    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(PNG);
    const refused = await ask("asker", { body: "My notebook page again", photo: new File([huge], "page.png") }, true);
    expect(refused.status).toBe(400);
    expect((refused.body as { fieldErrors: Record<string, string> }).fieldErrors.photo).toBe(
      "The file is too large: the limit is 5 MB.",
    );
  });

  it("a photo is stored privately and served to the asker, classmates once answered, and admins only", async () => {
    const photo = new File([PNG], "page.png", { type: "image/png" });
    expect((await ask("asker", { body: "Please see my working", photo }, true)).status).toBe(302);
    const [doubt] = await doubtsOf(asker);
    expect(doubt!.photoKey).toMatch(/^doubts\/[0-9a-f-]{36}\.png$/);
    const get = (who: string | null, id = String(doubt!.id)) =>
      invoke(
        photoRoute.loader,
        makeRequest(`/doubts/${id}/photo`, who ? { headers: { cookie: cookies[who]! } } : undefined),
        { doubtId: id },
      );
    // The asker gets the bytes as sent, private and never run as a page.
    const request = makeRequest(`/doubts/${doubt!.id}/photo`, { headers: { cookie: cookies.asker! } });
    const raw = (await routeCall(photoRoute.loader as Fn, {
      request,
      params: { doubtId: String(doubt!.id) },
    })) as Response;
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toBe("image/png");
    expect(raw.headers.get("cache-control")).toBe("private, no-store");
    expect(raw.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await raw.arrayBuffer())).toEqual(PNG);

    expect((await get("outsider")).status).toBe(403);
    expect((await get("classmate")).status).toBe(404); // not answered yet: not theirs to see
    expect((await get("admin")).status).toBe(200);
    expect((await get(null)).status).toBe(302);
    expect((await get("asker", "abc")).status).toBe(404);
    await adminPost({ intent: "answer", doubtId: String(doubt!.id), answer: "Your working is right." });
    expect((await get("classmate")).status).toBe(200);
    expect((await get("outsider")).status).toBe(403);
    // Never public: the product images' route does not serve it.
    const name = doubt!.photoKey!.split("/")[1]!;
    const media = await invoke(mediaRoute.loader, makeRequest(`/media/images/${name}`), { name });
    expect(media.status).toBe(404);
  });
});

describe("practice questions", () => {
  it("a student asks under a question of their submitted result; others cannot ask from that attempt", async () => {
    const db = await getDb();
    const [test] = await db
      .select({ id: schema.products.id })
      .from(schema.products)
      .where(eq(schema.products.slug, "accountancy-class-12-free-sample-test"));
    const started = await invoke(
      startRoute.action,
      requestFor(`/my-courses/tests/start/${test!.id}`, urlencoded({}), { cookie: cookies.outsider }),
      { productId: String(test!.id) },
    );
    const attemptId = started.location!.split("/").at(-1)!;
    const path = `/my-courses/tests/${attemptId}`;
    const submit = await invoke(
      attemptRoute.action,
      requestFor(path, urlencoded({ intent: "submit" }), { cookie: cookies.outsider }),
      { attemptId },
    );
    expect(submit.status).toBe(302);
    const [attempt] = await db
      .select()
      .from(schema.practiceAttempts)
      .where(eq(schema.practiceAttempts.id, Number(attemptId)));
    const questionId = attempt!.questionIds[0]!;
    const askAs = (who: string, fields: Record<string, string>) =>
      expectRefusalStoresNothing(`ask on a question as ${who}`, () =>
        invoke(
          attemptRoute.action,
          requestFor(path, urlencoded({ intent: "ask", questionId: String(questionId), ...fields }), {
            cookie: cookies[who],
          }),
          { attemptId },
        ),
      );
    // Somebody else's attempt: refused.
    expect((await askAs("asker", { body: "Why is option B right here?" })).answer.status).toBe(403);
    // A question not on this paper: refused.
    expect(
      (await askAs("outsider", { body: "Why is option B right here?", questionId: "99999999" })).answer.status,
    ).toBe(403);
    expect((await askAs("outsider", { body: "short" })).answer.status).toBe(400);
    const sent = await askAs("outsider", { body: "Why is option B right here?" });
    expect(sent.answer.status).toBe(302);
    expect(sent.answer.location).toBe(`${path}#rq-${questionId}`);
    const [row] = await doubtsOf(outsider);
    expect(row).toMatchObject({ productId: test!.id, practiceQuestionId: questionId, lessonId: null });
    // The result page shows it under its question.
    const page = await invoke(attemptRoute.loader, makeRequest(path, { headers: { cookie: cookies.outsider! } }), {
      attemptId,
    });
    const doubts = (page.body as { doubts: { list: { id: number; questionId: number }[]; left: number } }).doubts;
    expect(doubts.list).toEqual([expect.objectContaining({ id: row!.id, questionId })]);
    expect(doubts.left).toBe(DOUBTS_PER_DAY - 1);
  });
});
