/** Zod schemas of the product forms (shared by the admin route actions and their tests). */
import { z } from "zod";
import { MAX_ACCESS_MONTHS, MIN_ACCESS_MONTHS } from "~/lib/access-period";
import { isCalendarDay, istToday } from "~/lib/dates";
import { MAX_ID } from "~/lib/id";
import { CLASS_LEVELS, type ClassLevel } from "./class-levels";
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

/** A price in rupees as paise; left empty, the item has no price yet (0, and not free). */
const rupees = z
  .string()
  .trim()
  .default("")
  .refine((v) => v === "" || /^\d{1,7}(\.\d{1,2})?$/.test(v), "Enter a price in rupees, e.g. 999 or 999.99.")
  .transform((v) => (v === "" ? 0 : Math.round(Number(v) * 100)));

/** The price and the "Free" box: an item is free only when the box is ticked (a price of 0 alone is no price). */
const priceChoice = {
  price: rupees,
  free: z
    .string()
    .optional()
    .transform((v) => v === "on"),
};

/** Checked as a refinement (not an enum) so a missing class never hides the form's other errors. */
const classLevel = z
  .string()
  .default("")
  .refine(
    (v): v is ClassLevel => (CLASS_LEVELS as readonly string[]).includes(v),
    "Choose Class 11, Class 12 or both.",
  );

/** Instructor, and the Free box without a price (a free item with a price is a contradiction to fix). */
function refineProduct<T extends { instructor: string; newInstructor?: string; price: number; free: boolean }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  refineInstructor(v, ctx);
  if (v.free && v.price > 0)
    ctx.addIssue({ code: "custom", path: ["price"], message: "A free item has no price: clear it or untick Free." });
}

export const ACCESS_CHOICES = ["lifetime", "until", "months"] as const;

/**
 * The access period (issue 36): lifetime (the default), until a date after today, or 1–36 months
 * from the purchase. The field of the rule not chosen is ignored.
 */
const accessChoice = {
  access: z.enum(ACCESS_CHOICES, { error: "Choose Lifetime, Until a date or A number of months." }).default("lifetime"),
  accessUntil: z.string().trim().max(10).default(""),
  accessMonths: z.string().trim().max(3).default(""),
};

function refineAccess(v: { access: string; accessUntil: string; accessMonths: string }, ctx: z.RefinementCtx) {
  if (v.access === "until") {
    const day = v.accessUntil;
    if (!isCalendarDay(day))
      ctx.addIssue({ code: "custom", path: ["accessUntil"], message: "Enter the last day of access." });
    else if (day <= istToday())
      ctx.addIssue({ code: "custom", path: ["accessUntil"], message: "Choose a date after today." });
  }
  if (v.access === "months") {
    const n = /^\d{1,3}$/.test(v.accessMonths) ? Number(v.accessMonths) : Number.NaN;
    if (!(n >= MIN_ACCESS_MONTHS && n <= MAX_ACCESS_MONTHS))
      ctx.addIssue({
        code: "custom",
        path: ["accessMonths"],
        message: `Enter a whole number of months from ${MIN_ACCESS_MONTHS} to ${MAX_ACCESS_MONTHS}.`,
      });
  }
}

/** The stored rule of a valid access choice: at most one of the two set. */
export function accessRuleOf(v: { access: string; accessUntil: string; accessMonths: string }) {
  return {
    accessUntil: v.access === "until" ? v.accessUntil : null,
    accessMonths: v.access === "months" ? Number(v.accessMonths) : null,
  };
}

export const newProductSchema = z
  .object({
    kind: z.enum(KINDS, { error: "Choose course, note, PYQ or test." }),
    name: z.string().trim().min(1, "Course name is required.").max(200, "Keep the name under 200 characters."),
    ...instructorChoice,
    category: z.enum(SUBJECTS, { error: "Choose a category." }),
    classLevel,
    ...priceChoice,
    status: z.enum(STATUSES, { error: "Choose Draft, Published or Archived." }).default("draft"),
    description: z.string().trim().max(5000).default(""),
  })
  .superRefine(refineProduct);

export const productUpdateSchema = z
  .object({
    title: z.string().trim().min(1, "Title is required.").max(200),
    ...instructorChoice,
    category: z.enum(SUBJECTS, { error: "Choose a category." }),
    classLevel,
    status: z.enum(STATUSES, { error: "Choose Draft, Published or Archived." }),
    ...priceChoice,
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
    ...accessChoice,
  })
  .superRefine((v, ctx) => {
    refineProduct(v, ctx);
    refineAccess(v, ctx);
  });

/** Most items one bundle may hold. */
export const MAX_BUNDLE_ITEMS = 50;

/**
 * The bundle editor (issue 36): its own fields; the items are checkboxes named `item_<id>`
 * (`bundleItemIds`), the rules on them and the price are catalog/bundles.ts `bundleProblems`.
 */
export const bundleFormSchema = z.object({
  title: z.string().trim().min(1, "Title is required.").max(200, "Keep the title under 200 characters."),
  category: z.enum(SUBJECTS, { error: "Choose a category." }),
  classLevel,
  status: z.enum(STATUSES, { error: "Choose Draft, Published or Archived." }),
  price: rupees,
  description: z.string().trim().max(5000).default(""),
});

/** The ids of the items ticked in the bundle editor, in the form's order. */
export function bundleItemIds(form: Record<string, unknown>): number[] {
  return Object.keys(form)
    .map((key) => /^item_([1-9]\d{0,9})$/.exec(key)?.[1])
    .filter((id): id is string => id !== undefined && Number(id) <= MAX_ID)
    .map(Number)
    .slice(0, MAX_BUNDLE_ITEMS + 1);
}
