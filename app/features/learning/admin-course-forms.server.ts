/**
 * The forms of Course Management (the list at /admin/courses and the editor at /admin/courses/:id):
 * what each submit means and which catalog and outline functions it calls. Routes read the form,
 * call `applyCourseListForm` / `applyCourseEditorForm`, and turn the outcome into a redirect with a
 * message or a refusal (app/lib/form.server.ts). Refusals a person can act on are HttpErrors.
 */
import { z } from "zod";
import type { Db } from "~/db/client.server";
import {
  createAdminProduct,
  deleteAdminProduct,
  setProductStatus,
  type TestScopeCheck,
  updateAdminProduct,
} from "~/features/catalog/catalog.server";
import { STATUS_LABELS } from "~/features/catalog/labels";
import { missingForItem, publishRefusal } from "~/features/catalog/publishing.server";
import {
  accessRuleOf,
  instructorInput,
  KINDS,
  newProductSchema,
  productUpdateSchema,
  STATUSES,
  SUBJECTS,
} from "~/features/catalog/schema";
import { HttpError } from "~/lib/errors";
import { type ActionFailure, noNul, schemaFields, validate } from "~/lib/form.server";
import { idSchema } from "~/lib/id";
import { storeUpload, type UploadKind } from "~/platform/files/upload.server";
import { addLesson, addModule, deleteLesson, deleteModule, type LessonContent, updateLesson } from "./outline.server";

/** Done: where to go next and what to tell the admin there. */
export type FormOutcome = { ok: true; to: string; message: string } | ({ ok: false } & ActionFailure);

/** The fields the list's and the editor's forms send back with a refusal (their schemas' and the outline's). */
export const COURSE_FORM_FIELDS = new Set([
  ...schemaFields(newProductSchema),
  ...schemaFields(productUpdateSchema),
  ...[
    "intent",
    "id",
    "status",
    "moduleTitle",
    "moduleId",
    "lessonTitle",
    "lessonType",
    "testProductId",
    "videoUrl",
    "isPreview",
  ],
  "targetId",
]);

/** The list's filters (bad values fall back to the defaults). */
export const courseListQuery = z.object({
  kind: z.enum(KINDS).catch("course"),
  category: z.enum([...SUBJECTS, "all"]).catch("all"),
  q: z.string().max(200).refine(noNul).catch(""),
});

const listIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }).passthrough(),
  z.object({ intent: z.literal("status"), id: idSchema, status: z.enum(STATUSES) }),
  z.object({ intent: z.literal("delete"), id: idSchema }),
]);

/** The id of the item a list submit asks to delete (a refused delete offers to archive it instead). */
export function deleteTarget(form: Record<string, unknown>): number | undefined {
  const parsed = listIntent.safeParse(form);
  return parsed.success && parsed.data.intent === "delete" ? parsed.data.id : undefined;
}

/**
 * A submit of the list page: create an item (then its editor opens), change one's status, or delete
 * one. `backTo` is the list.
 */
export async function applyCourseListForm(
  db: Db,
  actorId: string,
  form: Record<string, FormDataEntryValue>,
  backTo: string,
): Promise<FormOutcome> {
  const parsed = listIntent.safeParse(form);
  if (!parsed.success) throw new HttpError(400, "Unknown action.");
  const input = parsed.data;
  if (input.intent === "create") {
    const result = validate(newProductSchema, form);
    if (!result.ok) return result;
    const v = result.data;
    const row = await createAdminProduct(db, actorId, {
      kind: v.kind,
      title: v.name,
      ...instructorInput(v),
      subject: v.category,
      classLevel: v.classLevel,
      pricePaise: v.price,
      isFree: v.free,
      status: v.status,
      description: v.description,
    });
    const created = `"${row.title}" was created as ${STATUS_LABELS[row.status]}.`;
    // A draft says at once what it still needs to go live (a new course always needs its lessons).
    const missing = row.status === "draft" ? await missingForItem(db, row.id, row) : [];
    // The new item's editor opens (issue 32): its lessons, files or test come next, and no filled-in
    // Add New form stays behind to be saved twice.
    return {
      ok: true,
      to: `/admin/courses/${row.id}`,
      message: missing.length ? `${created} ${publishRefusal(missing)}` : created,
    };
  }
  if (input.intent === "status") {
    const row = await setProductStatus(db, actorId, input.id, input.status);
    return { ok: true, to: backTo, message: `"${row.title}" is now ${STATUS_LABELS[row.status]}.` };
  }
  const row = await deleteAdminProduct(db, actorId, input.id);
  return { ok: true, to: backTo, message: `"${row.title}" was deleted.` };
}

const editorIntent = z.enum([
  "save",
  "status",
  "delete",
  "add-module",
  "add-lesson",
  "update-lesson",
  "delete-lesson",
  "delete-module",
]);

/** A chosen file (browsers send an empty part when none was picked). */
function pickedFile(value: FormDataEntryValue | null) {
  return value instanceof File && value.size > 0 ? value : null;
}

/** Stores an upload; a refused file is an error on its own field. */
async function upload(field: string, file: File, kind: UploadKind) {
  try {
    return await storeUpload(file, kind);
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(error.status, error.message, { field });
    throw error;
  }
}

/** A lesson form's content: `lessonType` "test" with `testProductId`, else a video with `videoUrl`. */
function lessonContent(form: Record<string, FormDataEntryValue>): LessonContent {
  if (form.lessonType === "test") {
    const test = idSchema.safeParse(form.testProductId);
    return { type: "test", testProductId: test.success ? test.data : null };
  }
  if (form.lessonType !== undefined && form.lessonType !== "video") {
    throw new HttpError(400, "Choose Video or Practice test.", { field: "lessonType" });
  }
  return { type: "video", videoUrl: typeof form.videoUrl === "string" ? form.videoUrl : "" };
}

/** The id of a module or lesson named by the form; anything else is not found. */
function targetId(value: FormDataEntryValue | undefined) {
  const id = idSchema.safeParse(value);
  if (!id.success) throw new HttpError(404, "Not found.");
  return id.data;
}

/**
 * A submit of the editor of item `id`: details (with image and PDF uploads), status, delete, outline.
 * `assertScopeKept` is practice's check of a test's subject and class, passed in by the route.
 */
export async function applyCourseEditorForm(
  db: Db,
  actorId: string,
  id: number,
  formData: FormData,
  assertScopeKept: TestScopeCheck,
): Promise<FormOutcome> {
  const form = Object.fromEntries(formData);
  const intent = editorIntent.safeParse(form.intent);
  if (!intent.success) throw new HttpError(400, "Unknown action.");
  const here = `/admin/courses/${id}`;
  const outline = `${here}#outline`;
  const text = (key: string) => (typeof form[key] === "string" ? (form[key] as string) : "");
  switch (intent.data) {
    case "status": {
      const status = z.enum(STATUSES).safeParse(form.status);
      if (!status.success) throw new HttpError(400, "Choose Draft, Published or Archived.", { field: "status" });
      const row = await setProductStatus(db, actorId, id, status.data);
      return { ok: true, to: here, message: `"${row.title}" is now ${STATUS_LABELS[row.status]}.` };
    }
    case "delete": {
      const row = await deleteAdminProduct(db, actorId, id);
      return { ok: true, to: `/admin/courses?kind=${row.kind}`, message: `"${row.title}" was deleted.` };
    }
    case "add-module":
      await addModule(db, actorId, id, text("moduleTitle"));
      return { ok: true, to: outline, message: "Module added." };
    case "add-lesson": {
      const moduleId = idSchema.safeParse(form.moduleId);
      if (!moduleId.success) throw new HttpError(400, "Choose a module of this course.", { field: "moduleId" });
      await addLesson(db, actorId, id, {
        moduleId: moduleId.data,
        title: text("lessonTitle"),
        isPreview: form.isPreview === "on",
        ...lessonContent(form),
      });
      return { ok: true, to: outline, message: "Lesson added." };
    }
    case "update-lesson":
      await updateLesson(db, actorId, id, targetId(form.targetId), {
        title: text("lessonTitle"),
        // The checkbox: sent when ticked, absent when not.
        isPreview: form.isPreview === "on",
        ...lessonContent(form),
      });
      return { ok: true, to: outline, message: "Lesson updated." };
    case "delete-lesson":
      await deleteLesson(db, actorId, id, targetId(form.targetId));
      return { ok: true, to: outline, message: "Removed." };
    case "delete-module":
      await deleteModule(db, actorId, id, targetId(form.targetId));
      return { ok: true, to: outline, message: "Removed." };
    case "save":
      break;
  }
  const parsed = validate(productUpdateSchema, formData);
  if (!parsed.ok) return parsed;
  const v = parsed.data;
  // Files are checked by content and stored only once the other fields are valid.
  const imageFile = pickedFile(formData.get("imageFile"));
  const image = imageFile ? `/media/${await upload("imageFile", imageFile, "image")}` : v.image;
  const pdfFile = pickedFile(formData.get("pdfFile"));
  const fileKey = pdfFile ? await upload("pdfFile", pdfFile, "pdf") : undefined;
  const row = await updateAdminProduct(
    db,
    actorId,
    id,
    {
      title: v.title,
      subject: v.category,
      classLevel: v.classLevel,
      status: v.status,
      pricePaise: v.price,
      isFree: v.free,
      ...instructorInput(v),
      description: v.description,
      modules: v.modules,
      image,
      ...(fileKey ? { fileKey } : {}),
      ...accessRuleOf(v),
    },
    assertScopeKept,
  );
  return { ok: true, to: here, message: `"${row.title}" was saved.` };
}
