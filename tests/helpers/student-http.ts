/**
 * A student driving a running server over plain HTTP, the way the no-JS forms do:
 * sign up, fill the server cart through /api/cart, place the order at /checkout and
 * pay it on the test gateway's page. Used by the drills and by bench/checkout-load.ts.
 *
 * `ip` is sent as X-Forwarded-For: only a server started with TRUST_PROXY=1 (behind a
 * proxy, as in production) reads it, so many simulated students each get their own
 * per-IP rate limits, like real students on their own phones.
 */
import { cookieHeaderFrom } from "./auth";

export const STUDENT_PASSWORD = "correct-horse-battery";

/** No step of a student may hang a drill or a benchmark. */
const STEP_TIMEOUT_MS = 30_000;

export class HttpStepError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${step}: HTTP ${status} ${detail}`.trim());
    this.name = "HttpStepError";
  }
}

export interface Student {
  email: string;
  name: string;
  password: string;
  ip?: string;
  /** The session cookie (Cookie header value) once signed up or in. */
  cookie?: string;
}

function headersFor(baseUrl: string, student: Pick<Student, "ip" | "cookie">, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { origin: baseUrl, ...extra };
  if (student.ip) headers["x-forwarded-for"] = student.ip;
  if (student.cookie) headers.cookie = student.cookie;
  return headers;
}

async function expectRedirect(step: string, res: Response, pattern: RegExp): Promise<string> {
  const location = res.headers.get("location") ?? "";
  if (res.status !== 302 || !pattern.test(location)) {
    const body = await res.text().catch(() => "");
    throw new HttpStepError(step, res.status, `→ ${location || body.replace(/\s+/g, " ").slice(0, 200)}`);
  }
  await res.body?.cancel();
  return location;
}

/** POST /signup (autoSignIn): returns the session cookie. */
export async function signUpOverHttp(baseUrl: string, student: Student): Promise<string> {
  const res = await fetch(`${baseUrl}/signup`, {
    method: "POST",
    body: new URLSearchParams({
      name: student.name,
      email: student.email,
      password: student.password,
      redirectTo: "/",
    }),
    headers: headersFor(baseUrl, { ip: student.ip }),
    redirect: "manual",
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  await expectRedirect("sign up", res, /^\/$/);
  const cookie = cookieHeaderFrom(res);
  if (!cookie) throw new HttpStepError("sign up", res.status, "no session cookie");
  student.cookie = cookie;
  return cookie;
}

export interface CartPayload {
  items: { id: number; title: string; pricePaise: number }[];
  notices?: string[];
}

/** GET /api/cart */
export async function getServerCart(baseUrl: string, student: Student): Promise<CartPayload> {
  const res = await fetch(`${baseUrl}/api/cart`, {
    headers: headersFor(baseUrl, student),
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  if (res.status !== 200) throw new HttpStepError("read cart", res.status, await res.text());
  return (await res.json()) as CartPayload;
}

/** POST /api/cart intent=add */
export async function addToServerCart(baseUrl: string, student: Student, productId: number): Promise<CartPayload> {
  const res = await fetch(`${baseUrl}/api/cart`, {
    method: "POST",
    body: JSON.stringify({ intent: "add", productId }),
    headers: headersFor(baseUrl, student, { "content-type": "application/json" }),
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  if (res.status !== 200) throw new HttpStepError("add to cart", res.status, await res.text());
  return (await res.json()) as CartPayload;
}

/** POST /checkout: returns the new order's id (the redirect to its pay page). */
export async function placeOrderOverHttp(baseUrl: string, student: Student): Promise<string> {
  const res = await fetch(`${baseUrl}/checkout`, {
    method: "POST",
    // A new student is asked for their state (GST place of supply) once: Maharashtra.
    body: new URLSearchParams({ coupon: "", state: "27" }),
    headers: headersFor(baseUrl, student),
    redirect: "manual",
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  const location = await expectRedirect("checkout", res, /^\/checkout\/pay\/[0-9a-f-]{36}$/);
  return location.split("/").pop()!;
}

/** POST /checkout/pay/:orderId intent=pay on the test gateway: resolves once the order page is the answer. */
export async function payOnTestGateway(baseUrl: string, student: Student, orderId: string): Promise<void> {
  const res = await fetch(`${baseUrl}/checkout/pay/${orderId}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "pay" }),
    headers: headersFor(baseUrl, student),
    redirect: "manual",
    signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
  });
  await expectRedirect("pay", res, new RegExp(`^/account/orders/${orderId}$`));
}

/** Signs the student up and has them buy one product on the test gateway (the benchmarks' student). */
export async function buyerOverHttp(baseUrl: string, student: Student, productId: number): Promise<void> {
  await signUpOverHttp(baseUrl, student);
  await addToServerCart(baseUrl, student, productId);
  await payOnTestGateway(baseUrl, student, await placeOrderOverHttp(baseUrl, student));
}

/**
 * The first free test of the Class 12 list (/tests/std/12), started (POST
 * /my-courses/tests/start/:id) and handed in as it is (intent=submit): the student then has an attempt
 * and chapter strengths on My Tests.
 */
export async function takeFreeTestOverHttp(baseUrl: string, student: Student): Promise<number> {
  const list = await (await fetch(`${baseUrl}/tests/std/12`, { signal: AbortSignal.timeout(STEP_TIMEOUT_MS) })).text();
  const ids = [...new Set([...list.matchAll(/href="\/tests\/(\d+)"/g)].map((m) => Number(m[1])))];
  for (const id of ids) {
    const res = await fetch(`${baseUrl}/my-courses/tests/start/${id}`, {
      method: "POST",
      body: new URLSearchParams(),
      headers: headersFor(baseUrl, student),
      redirect: "manual",
      signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
    });
    const location = res.headers.get("location") ?? "";
    await res.body?.cancel();
    // A paid test the student does not own is refused: try the next.
    if (res.status !== 302 || !/^\/my-courses\/tests\/\d+$/.test(location)) continue;
    const submitted = await fetch(`${baseUrl}${location}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "submit" }),
      headers: headersFor(baseUrl, student),
      redirect: "manual",
      signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
    });
    await expectRedirect("submit the test", submitted, /^\/my-courses\/tests\/\d+/);
    return Number(location.split("/").pop());
  }
  throw new HttpStepError("take a free test", 404, `none of ${ids.length} tests at /tests/std/12 could be started`);
}
