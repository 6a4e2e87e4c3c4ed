/** Zod schemas of the product forms (shared by the admin route actions and their tests). */
import { z } from "zod";
import { MAX_ID } from "~/lib/id";
import { KINDS, NEW_INSTRUCTOR, STATUSES, SUBJECTS } from "./labels";

export { KINDS, NEW_INSTRUCTOR, STATUSES, SUBJECTS };

const instructorChoice = {
  instructor: z.string().min(1, "Choose an instructor."),
  newInstructor: z.string().trim().max(120).optional(),
};

/** The instructor select: an existing id, or "new" with a name typed beside it. */
function refineInstructor<T extends { instructor: string; newInstructor?: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.instructor === NEW_INSTRUCTOR) {
    if (!v.newInstructor)
      ctx.addIssue({ code: "custom", path: ["newInstructor"], message: "Enter the new instructor's name." });
  } else if (!/^\d{1,10}$/.test(v.instructor) || Number(v.instructor) > MAX_ID) {
    ctx.addIssue({ code: "custom", path: ["instructor"], message: "Choose an instructor." });
  }
}

export function instructorInput(v: { instructor: string; newInstructor?: string }) {
  return v.instructor === NEW_INSTRUCTOR ? { newInstructor: v.newInstructor } : { instructorId: Number(v.instructor) };
}

export const newProductSchema = z
  .object({
    kind: z.enum(KINDS, { error: "Choose course, note or PYQ." }),
    name: z.string().trim().min(1, "Course name is required.").max(200, "Keep the name under 200 characters."),
    ...instructorChoice,
    category: z.enum(SUBJECTS, { error: "Choose a category." }),
    status: z.enum(STATUSES, { error: "Choose Draft, Published or Archived." }),
    description: z.string().trim().max(5000).default(""),
  })
  .superRefine(refineInstructor);

const rupees = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter a price in rupees, e.g. 999 or 999.99.")
  .transform((v) => Math.round(Number(v) * 100));

export const productUpdateSchema = z
  .object({
    title: z.string().trim().min(1, "Title is required.").max(200),
    ...instructorChoice,
    category: z.enum(SUBJECTS, { error: "Choose a category." }),
    classLevel: z.enum(["11", "12", "both"], { error: "Choose Class 11, Class 12 or both." }),
    status: z.enum(STATUSES, { error: "Choose Draft, Published or Archived." }),
    price: rupees,
    rating: z.coerce
      .number({ error: "Enter a rating from 0 to 5." })
      .min(0, "Enter a rating from 0 to 5.")
      .max(5, "Enter a rating from 0 to 5."),
    description: z.string().trim().max(5000).default(""),
    modules: z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(z.string().max(200, "Keep each module title under 200 characters.")).max(100, "At most 100 modules."),
      ),
    image: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/|https:\/\/)\S*$/, "Use a path starting with / or an https:// address.")
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .superRefine(refineInstructor);
