/** The owner's announcement form (issue 36): audience, title and body, all plain text. */
import { z } from "zod";
import { idSchema } from "~/lib/id";

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 2_000;
/** A second identical announcement within this many minutes is a double submit, refused. */
export const ANNOUNCEMENT_REPEAT_MINUTES = 10;

export const AUDIENCES = ["course", "class", "everyone"] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABELS: Record<Audience, string> = {
  course: "Students of one course",
  class: "Students of a class",
  everyone: "Every student",
};

export const PLAIN_TEXT_ONLY = "Write plain text: HTML tags are not allowed.";

/** Text that looks like markup (a tag, a comment, a doctype): refused, announcements are plain text. */
function looksLikeHtml(text: string): boolean {
  return /<\s*[a-zA-Z!/?]/.test(text);
}

const length = (v: string) => Array.from(v).length;

const audienceFields = {
  audience: z.enum(AUDIENCES, { error: "Choose who gets the announcement." }),
  productId: z.string().default(""),
  classLevel: z.string().default(""),
};

export const announcementSchema = z
  .object({
    ...audienceFields,
    title: z
      .string({ error: "Write a title." })
      .transform((v) => v.replace(/\s+/g, " ").trim())
      .refine((v) => v.length > 0, "Write a title.")
      .refine((v) => length(v) <= ANNOUNCEMENT_TITLE_MAX, `Keep the title to ${ANNOUNCEMENT_TITLE_MAX} characters.`)
      .refine((v) => !looksLikeHtml(v), PLAIN_TEXT_ONLY),
    body: z
      .string({ error: "Write the announcement." })
      .transform((v) =>
        v
          .replace(/\r\n?/g, "\n")
          .replace(/[ \t]+$/gm, "")
          .replace(/\n{3,}/g, "\n\n")
          .trim(),
      )
      .refine((v) => v.length > 0, "Write the announcement.")
      .refine(
        (v) => length(v) <= ANNOUNCEMENT_BODY_MAX,
        `Keep the announcement to ${ANNOUNCEMENT_BODY_MAX} characters.`,
      )
      .refine((v) => !looksLikeHtml(v), PLAIN_TEXT_ONLY),
  })
  .superRefine((v, ctx) => {
    if (v.audience === "course" && !idSchema.safeParse(v.productId).success)
      ctx.addIssue({ code: "custom", path: ["productId"], message: "Choose a course." });
    if (v.audience === "class" && v.classLevel !== "11" && v.classLevel !== "12")
      ctx.addIssue({ code: "custom", path: ["classLevel"], message: "Choose Class 11 or Class 12." });
  })
  .transform(({ audience, productId, classLevel, title, body }) => ({
    audience,
    productId: audience === "course" ? Number(productId) : null,
    classLevel: audience === "class" ? (classLevel as "11" | "12") : null,
    title,
    body,
  }));

export type AnnouncementInput = z.output<typeof announcementSchema>;
