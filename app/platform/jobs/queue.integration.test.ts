import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { placeOrder } from "~/features/checkout/checkout.server";
import { ORDER_JOBS, orderJobs } from "~/features/orders/jobs.server";
import { buyerWithCart, getOrder } from "../../../tests/helpers/checkout";
import { getDbHandle } from "../../../tests/helpers/db";
import { type JobDefinition, type JobQueue, startJobQueue } from "./queue.server";

let queue: JobQueue | undefined;
afterEach(async () => {
  await queue?.stop();
  queue = undefined;
});

const fast = { retryLimit: 2, retryDelay: 1, retryBackoff: false, expireInSeconds: 60 };

async function waitFor<T>(probe: () => Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const jobState = (name: string, id: string) => async () => {
  const job = await queue!.boss.getJobById(name, id);
  return job && ["completed", "failed"].includes(job.state) ? job : undefined;
};

describe("job queue (pg-boss on the test database)", () => {
  it("retries a failing job and completes it on a later attempt", async () => {
    const attempts: number[] = [];
    const flaky: JobDefinition = {
      name: "test.flaky",
      queue: { policy: "standard", ...fast },
      pollingIntervalSeconds: 0.5,
      async run(_data, ctx) {
        attempts.push(ctx.retryCount);
        if (attempts.length === 1) throw new Error("first attempt fails");
        return { ok: true };
      },
    };
    queue = await startJobQueue(await getDbHandle(), [flaky]);
    const id = (await queue.send("test.flaky", {}))!;
    const job = await waitFor(jobState("test.flaky", id));
    expect(job.state).toBe("completed");
    expect(attempts).toEqual([0, 1]);
  });

  it("a stately queue never runs two of the same job at once and keeps only one queued", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const slow: JobDefinition = {
      name: "test.single",
      queue: { policy: "stately", ...fast },
      pollingIntervalSeconds: 0.5,
      async run() {
        running++;
        runs++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 400));
        running--;
      },
    };
    queue = await startJobQueue(await getDbHandle(), [slow]);
    const first = await queue.boss.send("test.single", {});
    const second = await queue.boss.send("test.single", {});
    expect(first).toBeTruthy();
    expect(second).toBeNull(); // one already queued
    await waitFor(jobState("test.single", first!));
    const third = (await queue.send("test.single", {}))!;
    await waitFor(jobState("test.single", third));
    expect(most).toBe(1);
    expect(runs).toBe(2);
  });

  it("stop() aborts a running job through its signal, and the job is failed to be retried", async () => {
    let aborted = false;
    let started = false;
    const long: JobDefinition = {
      name: "test.long",
      queue: { policy: "standard", ...fast },
      pollingIntervalSeconds: 0.5,
      async run(_data, ctx) {
        started = true;
        await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve()));
        aborted = true;
        throw new Error("stopped by shutdown");
      },
    };
    queue = await startJobQueue(await getDbHandle(), [long]);
    const boss = queue.boss;
    const id = (await queue.send("test.long", {}))!;
    await waitFor(async () => started);
    const began = Date.now();
    await queue.stop();
    queue = undefined;
    expect(aborted).toBe(true);
    expect(Date.now() - began).toBeLessThan(4000);
    // A new start finds the job again (retry), no work lost.
    queue = await startJobQueue(await getDbHandle(), []);
    const job = await queue.boss.getJobById("test.long", id);
    expect(job?.state).toMatch(/retry|created|failed/);
    expect(boss).not.toBe(queue.boss);
  });
});

describe("orders jobs", () => {
  it("settle-pending, run as a job, cancels an unpaid order past its expiry", async () => {
    const { user } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    const db = await getDb();
    await db
      .update(schema.orders)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(schema.orders.id, placed.orderId));
    queue = await startJobQueue(await getDbHandle(), orderJobs(db, 0));
    const id = (await queue.send(ORDER_JOBS.settlePending, {}))!;
    const job = await waitFor(jobState(ORDER_JOBS.settlePending, id));
    expect(job.state).toBe("completed");
    expect(job.output).toMatchObject({ expired: 1 });
    expect((await getOrder(placed.orderId)).status).toBe("cancelled");
  });

  it("fulfil-paid, run as a job, fulfils an order left paid by a crash", async () => {
    const { user } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    const db = await getDb();
    await db.update(schema.orders).set({ status: "paid" }).where(eq(schema.orders.id, placed.orderId));
    queue = await startJobQueue(await getDbHandle(), orderJobs(db, 0));
    const id = (await queue.send(ORDER_JOBS.fulfilPaid, {}))!;
    const job = await waitFor(jobState(ORDER_JOBS.fulfilPaid, id));
    expect(job.state).toBe("completed");
    expect(job.output).toMatchObject({ fulfilled: 1 });
    expect((await getOrder(placed.orderId)).status).toBe("fulfilled");
  });

  it("confirmation-emails, run as a job, sends an owed confirmation once", async () => {
    const { user } = await buyerWithCart();
    const placed = await placeOrder(await getDb(), user.id);
    const db = await getDb();
    await db
      .update(schema.orders)
      .set({ status: "fulfilled", fulfilledAt: new Date(Date.now() - 10 * 60_000), confirmationSentAt: null })
      .where(eq(schema.orders.id, placed.orderId));
    queue = await startJobQueue(await getDbHandle(), orderJobs(db, 0));
    const id = (await queue.send(ORDER_JOBS.confirmationEmails, {}))!;
    const job = await waitFor(jobState(ORDER_JOBS.confirmationEmails, id));
    expect(job.output).toEqual({ emailsResent: 1 });
    expect((await getOrder(placed.orderId)).confirmationSentAt).toBeInstanceOf(Date);
  });

  it("with an interval, the instance's timer sends the jobs by itself (throttled to one per interval)", async () => {
    const db = await getDb();
    const completed = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = ${ORDER_JOBS.fulfilPaid} and state = 'completed'`,
        )
      ).rows[0]?.n ?? 0;
    const before = await completed();
    queue = await startJobQueue(await getDbHandle(), orderJobs(db, 1));
    await waitFor(async () => (await completed()) > before);
  });
});
