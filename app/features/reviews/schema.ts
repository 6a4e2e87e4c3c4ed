/** Input schemas of reviews: the student's review form, reports, and the admin's moderation. */
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { HIDE_REASON_MAX, REVIEW_BODY_MAX, REVIEW_TITLE_MAX } from "./limits";

export const RATING_ERROR = "Choose a rating from 1 to 5 stars.";
export const PLAIN_TEXT_ERROR = "Please write plain text: HTML tags are not allowed.";

/** Text that looks like markup (a tag, a comment, a doctype): refused, reviews are plain text. */
export function looksLikeHtml(text: string): boolean {
  return /<\s*[a-zA-Z!/?]/.test(text);
}

/** Optional plain text of at most `max` characters; empty becomes null. */
function plainText(max: number, tooLong: string) {
  return z
    .string()
    .default("")
    .transform((v) => v.replace(/\r\n/g, "\n").trim())
    .refine((v) => Array.from(v).length <= max, tooLong)
    .refine((v) => !looksLikeHtml(v), PLAIN_TEXT_ERROR)
    .transform((v) => (v === "" ? null : v));
}

export const reviewFormSchema = z.object({
  intent: z.enum(["create", "update"], { error: "Unknown action." }),
  rating: z
    .string({ error: RATING_ERROR })
    .regex(/^[1-5]$/, RATING_ERROR)
    .transform(Number),
  title: plainText(REVIEW_TITLE_MAX, `Keep the title under ${REVIEW_TITLE_MAX} characters.`),
  body: plainText(REVIEW_BODY_MAX, `Keep your review under ${REVIEW_BODY_MAX} characters.`),
  reviewerClass: z
    .enum(["", "11", "12"], { error: "Choose Class 11 or Class 12." })
    .default("")
    .transform((v) => (v === "" ? null : v)),
});
export type ReviewInput = Omit<z.output<typeof reviewFormSchema>, "intent">;

export const reviewIntentSchema = z.object({
  intent: z.enum(["create", "update", "delete", "report"], { error: "Unknown action." }),
});

export const reportSchema = z.object({ reviewId: idSchema });

export const reviewModerationSchema = z.object({
  intent: z.enum(["hide", "restore"], { error: "Unknown action." }),
});

export const hideSchema = z.object({
  intent: z.literal("hide"),
  reviewId: idSchema,
  reason: z
    .string({ error: "Say why the review is hidden." })
    .trim()
    .min(1, "Say why the review is hidden.")
    .max(HIDE_REASON_MAX, `Keep the reason under ${HIDE_REASON_MAX} characters.`),
});

export const restoreSchema = z.object({ intent: z.literal("restore"), reviewId: idSchema });

export const adminReviewFiltersSchema = z.object({
  product: idSchema.optional().catch(undefined),
  rating: z.coerce.number().int().min(1).max(5).optional().catch(undefined),
  status: z.enum(["visible", "hidden", "reported"]).optional().catch(undefined),
  // Offset paging, so a forged deep page is refused (back to the first): filters narrow the list instead.
  page: z.coerce.number().int().min(1).max(200).default(1).catch(1),
});
export type AdminReviewFilters = z.output<typeof adminReviewFiltersSchema>;
