/** The one schema for a database id in a URL, a query string or a form field. */
import { z } from "zod";

/** Ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

/** A positive whole number that fits an `integer` column ("12" from a form or URL is fine). */
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);
