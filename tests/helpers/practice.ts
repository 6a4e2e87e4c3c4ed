/** Helpers of the practice-test integration tests (app/features/practice/*.integration.test.ts). */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import * as schema from "~/db/schema";
import { createUser } from "./factories";

/** The id of a seeded product by its slug (e.g. "accountancy-class-12-mock-paper-1"). */
export async function productIdBySlug(slug: string) {
  const db = await getDb();
  const [row] = await db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, slug));
  if (!row) throw new Error(`no product ${slug}`);
  return row.id;
}

/** A new student, as the viewer the practice functions take. */
export async function newStudent() {
  const user = await createUser();
  return { id: user.id, role: "student" as const };
}

/** The status and message of the HttpError a call is expected to throw. */
export async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as { status?: number; message: string };
    return { status: e.status, message: e.message };
  }
  throw new Error("expected a refusal");
}

/** The bank's rows of these questions, by id (their correct options and model answers). */
export async function correctOptions(ids: number[]) {
  const db = await getDb();
  const rows = await db.select().from(schema.practiceQuestions);
  return new Map(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, r]));
}
