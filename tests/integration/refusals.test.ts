/**
 * One way to refuse (issue 33, item 3): every route that refuses a method answers 405 with `Allow`
 * and `{ message }` (methodNotAllowed), and an id in a URL's path is read by paramId/parseId, so a
 * malformed one is the route's 404 however Number() would read it.
 */
import { describe, expect, it } from "vitest";
import * as accountOrder from "~/routes/account/order";
import * as adminLessonVideo from "~/routes/admin/lesson-video";
import * as cart from "~/routes/api/cart";
import * as practiceAnswer from "~/routes/api/practice-answer";
import * as webhook from "~/routes/api/razorpay-webhook";
import * as video from "~/routes/api/video";
import * as coursePlayer from "~/routes/store/course-player";
import * as practiceAttempt from "~/routes/store/practice-attempt";
import { cookieFor, createTestUser } from "../helpers/auth";
import { normalise } from "../helpers/form";
import { makeRequest, routeCall } from "../helpers/route";

// biome-ignore lint/suspicious/noExplicitAny: route modules declare their own generated arg types
type Fn = (args: any) => unknown;

async function answer(fn: Fn, path: string, method: string, params: Record<string, string> = {}, cookie?: string) {
  const request = makeRequest(path, {
    method,
    headers: cookie ? { cookie } : {},
    body: method === "GET" || method === "HEAD" ? undefined : new URLSearchParams({ intent: "clear" }),
  });
  let result: unknown;
  try {
    result = await routeCall(fn, { request, params, context: {} });
  } catch (thrown) {
    result = thrown;
  }
  return normalise<{ message?: string }>(result);
}

describe("a method a route does not take", () => {
  it("is a 405 with Allow and { message } on every route that refuses one", async () => {
    const admin = await cookieFor(await createTestUser({ role: "admin" }));
    const student = await cookieFor(await createTestUser());
    const cases: Array<[string, Promise<Awaited<ReturnType<typeof answer>>>, string]> = [
      ["GET webhook", answer(webhook.loader, "/api/payments/razorpay/webhook", "GET"), "POST"],
      ["PUT webhook", answer(webhook.action, "/api/payments/razorpay/webhook", "PUT"), "POST"],
      ["GET answers", answer(practiceAnswer.loader, "/api/practice/attempts/1/answers", "GET"), "POST"],
      [
        "DELETE answers",
        answer(practiceAnswer.action, "/api/practice/attempts/1/answers", "DELETE", { attemptId: "1" }, student),
        "POST",
      ],
      ["PUT cart", answer(cart.action, "/api/cart", "PUT", {}, student), "GET, POST"],
      [
        "PUT position",
        answer(video.action, "/api/video/1/position", "PUT", { lessonId: "1", "*": "position" }, student),
        "POST",
      ],
      [
        "DELETE admin video",
        answer(adminLessonVideo.action, "/admin/videos/1", "DELETE", { lessonId: "1" }, admin),
        "POST, PUT",
      ],
    ];
    for (const [label, pending, allow] of cases) {
      const refused = await pending;
      expect(refused.status, label).toBe(405);
      expect(refused.headers.get("Allow"), label).toBe(allow);
      expect(refused.headers.get("Cache-Control"), label).toBe("no-store");
      expect(refused.data, label).toEqual({ message: `Use ${allow.replace(", ", " or ")}.` });
    }
  });
});

describe("an id in a URL's path", () => {
  const MALFORMED = ["0", "012", "1e1", " 1", "0x1", "1.0", "2147483648", "abc"];

  it("is the route's 404 when malformed, as a missing id is", async () => {
    const cookie = await cookieFor(await createTestUser());
    for (const raw of MALFORMED) {
      const player = await answer(coursePlayer.loader, `/my-courses/${raw}`, "GET", { id: raw }, cookie);
      expect([raw, player.status, player.data]).toEqual([raw, 404, { message: "Course not found." }]);
      const attempt = await answer(
        practiceAttempt.loader,
        `/my-courses/tests/${raw}`,
        "GET",
        { attemptId: raw },
        cookie,
      );
      expect([raw, attempt.status, attempt.data]).toEqual([raw, 404, { message: "Attempt not found." }]);
      const lesson = await answer(video.loader, `/api/video/${raw}/master.m3u8`, "GET", {
        lessonId: raw,
        "*": "master.m3u8",
      });
      expect([raw, lesson.status, lesson.data]).toEqual([raw, 404, { message: "No such video." }]);
    }
    const order = await answer(accountOrder.loader, "/account/orders/12", "GET", { orderId: "12" }, cookie);
    expect([order.status, order.data]).toEqual([404, { message: "Order not found." }]);
  });
});
