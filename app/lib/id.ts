/** The one schema for a database id in a form field or a query string, and the one reader of an id in a URL's path. */
import { z } from "zod";
import { invariantResponse } from "./errors";

/** Ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

/** A positive whole number that fits an `integer` column ("12" from a form or URL is fine). */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);

const ID_TEXT = /^[1-9]\d{0,9}$/;

/** An id as a URL writes it ("12"; never "012", "1e1", " 12" or past MAX_ID), or null. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}

/**
 * A route's id param (`paramId(params.id, "Item not found.")`): a malformed id is a 404 `{ message }`
 * like a missing one. Ids that are not integers (an order's UUID, a user's text id) pass their schema.
 */
export function paramId(raw: string | undefined, message?: string): number;
export function paramId<T>(raw: string | undefined, message: string, schema: z.ZodType<T>): T;
export function paramId<T>(raw: string | undefined, message = "Not found.", schema?: z.ZodType<T>) {
  if (!schema) {
    const id = parseId(raw);
    invariantResponse(id !== null, message, 404);
    return id;
  }
  const parsed = schema.safeParse(raw);
  invariantResponse(parsed.success, message, 404);
  return parsed.data;
}
