import { ArrowLeft, ExternalLink, FileBarChart } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import { readFlash, redirectWithFlash } from "~/features/admin/flash.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { fieldErrors } from "~/features/admin/schema";
import { Badge, Card, ConfirmDialog, Field, inputClass, MessageBox, PageHeader } from "~/features/admin/ui";
import {
  CatalogError,
  deleteAdminProduct,
  getAdminProduct,
  listInstructors,
  setProductStatus,
  updateAdminProduct,
} from "~/features/catalog/catalog.server";
import {
  KIND_BASE_ROUTE,
  KIND_SHORT_LABELS as KIND_LABELS,
  STATUS_LABELS,
  SUBJECT_LABELS,
} from "~/features/catalog/labels";
import { instructorInput, NEW_INSTRUCTOR, productUpdateSchema, STATUSES, SUBJECTS } from "~/features/catalog/schema";
import { storeUpload, UploadError } from "~/features/files/upload.server";
import {
  addLesson,
  addModule,
  deleteLesson,
  deleteModule,
  getOutline,
  OutlineError,
  updateLesson,
} from "~/features/learning/outline.server";
import { readFormData } from "~/lib/form.server";
import { Button } from "~/ui/button";
import type { Route } from "./+types/course-edit";

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.product.title ?? "Edit"} | Admin | Commerce Academy` },
    { name: "robots", content: "noindex" },
  ];
}

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);

function parseId(raw: string | undefined) {
  const id = idSchema.safeParse(raw);
  if (!id.success) throw data({ message: "Item not found." }, { status: 404 });
  return id.data;
}

async function loadProduct(id: number) {
  try {
    return await getAdminProduct(await getDb(), id);
  } catch (error) {
    if (error instanceof CatalogError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  await requireAdmin(db, request);
  const id = parseId(params.id);
  const [product, instructors, outline, { flash, headers }] = await Promise.all([
    loadProduct(id),
    listInstructors(db),
    getOutline(db, id),
    readFlash(request),
  ]);
  return data({ product, instructors, outline, flash }, { headers });
}

const intentSchema = z.object({
  intent: z.enum([
    "save",
    "status",
    "delete",
    "add-module",
    "add-lesson",
    "update-lesson",
    "delete-lesson",
    "delete-module",
  ]),
});
const positiveId = z.coerce.number().int().positive().max(2_147_483_647);

/** A chosen file (browsers send an empty part when none was picked). */
function pickedFile(value: FormDataEntryValue | undefined) {
  return value instanceof File && value.size > 0 ? value : null;
}

export async function action({ request, params }: Route.ActionArgs) {
  const db = await getDb();
  const admin = await requireAdmin(db, request);
  const id = parseId(params.id);
  const formData = await readFormData(request);
  const form = Object.fromEntries(formData);
  const intent = intentSchema.safeParse(form);
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });
  const here = `/admin/courses/${id}`;
  try {
    if (intent.data.intent === "status") {
      const status = z.enum(STATUSES).safeParse(form.status);
      if (!status.success)
        return data({ errors: { status: "Choose Draft, Published or Archived." }, values: form }, { status: 400 });
      const row = await setProductStatus(db, admin.id, id, status.data);
      return redirectWithFlash(here, {
        kind: "success",
        message: `"${row.title}" is now ${STATUS_LABELS[row.status]}.`,
      });
    }
    if (intent.data.intent === "delete") {
      const row = await deleteAdminProduct(db, admin.id, id);
      return redirectWithFlash(`/admin/courses?kind=${row.kind}`, {
        kind: "success",
        message: `"${row.title}" was deleted.`,
      });
    }
    if (intent.data.intent === "add-module") {
      await addModule(db, admin.id, id, String(form.moduleTitle ?? ""));
      return redirectWithFlash(`${here}#outline`, { kind: "success", message: "Module added." });
    }
    if (intent.data.intent === "add-lesson") {
      const moduleId = positiveId.safeParse(form.moduleId);
      if (!moduleId.success)
        return data({ errors: { moduleId: "Choose a module of this course." }, values: form }, { status: 400 });
      await addLesson(db, admin.id, id, {
        moduleId: moduleId.data,
        title: String(form.lessonTitle ?? ""),
        videoUrl: String(form.videoUrl ?? ""),
      });
      return redirectWithFlash(`${here}#outline`, { kind: "success", message: "Lesson added." });
    }
    if (intent.data.intent === "update-lesson") {
      const target = positiveId.safeParse(form.targetId);
      if (!target.success) throw data({ message: "Not found." }, { status: 404 });
      await updateLesson(db, admin.id, id, target.data, {
        title: String(form.lessonTitle ?? ""),
        videoUrl: String(form.videoUrl ?? ""),
      });
      return redirectWithFlash(`${here}#outline`, { kind: "success", message: "Lesson updated." });
    }
    if (intent.data.intent === "delete-lesson" || intent.data.intent === "delete-module") {
      const target = positiveId.safeParse(form.targetId);
      if (!target.success) throw data({ message: "Not found." }, { status: 404 });
      if (intent.data.intent === "delete-lesson") await deleteLesson(db, admin.id, id, target.data);
      else await deleteModule(db, admin.id, id, target.data);
      return redirectWithFlash(`${here}#outline`, { kind: "success", message: "Removed." });
    }
    const stringFields = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === "string"));
    const parsed = productUpdateSchema.safeParse(stringFields);
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: stringFields }, { status: 400 });
    const v = parsed.data;
    // Files are checked by content and stored only once the other fields are valid.
    let image = v.image;
    let fileKey: string | undefined;
    try {
      const imageFile = pickedFile(formData.get("imageFile") ?? undefined);
      if (imageFile) image = `/media/${await storeUpload(imageFile, "image")}`;
    } catch (error) {
      if (error instanceof UploadError)
        return data({ errors: { imageFile: error.message }, values: stringFields }, { status: 400 });
      throw error;
    }
    try {
      const pdfFile = pickedFile(formData.get("pdfFile") ?? undefined);
      if (pdfFile) fileKey = await storeUpload(pdfFile, "pdf");
    } catch (error) {
      if (error instanceof UploadError)
        return data({ errors: { pdfFile: error.message }, values: stringFields }, { status: 400 });
      throw error;
    }
    const row = await updateAdminProduct(db, admin.id, id, {
      title: v.title,
      subject: v.category,
      classLevel: v.classLevel,
      status: v.status,
      pricePaise: v.price,
      rating: v.rating,
      ...instructorInput(v),
      description: v.description,
      modules: v.modules,
      image,
      ...(fileKey ? { fileKey } : {}),
    });
    return redirectWithFlash(here, { kind: "success", message: `"${row.title}" was saved.` });
  } catch (error) {
    if (error instanceof OutlineError) {
      if (error.status === 404) throw data({ message: error.message }, { status: 404 });
      return data(
        { errors: { [error.field ?? "form"]: error.message }, values: form as Record<string, unknown> },
        { status: error.status },
      );
    }
    if (error instanceof CatalogError) {
      if (error.status === 404) throw data({ message: error.message }, { status: 404 });
      const key = error.field ?? "form";
      return data(
        { errors: { [key]: error.message }, values: form, canArchive: error.status === 409 },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function CourseEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, instructors, outline, flash } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Record<string, unknown> = actionData?.values ?? {};
  const v = (k: string, fallback: string) => (typeof values[k] === "string" ? (values[k] as string) : fallback);
  const [instructor, setInstructor] = useState(v("instructor", String(product.instructorId)));
  const [image, setImage] = useState(v("image", product.image));
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const submit = useSubmit();
  const storeHref = `${KIND_BASE_ROUTE[product.kind]}/${product.id}`;
  return (
    <div className="space-y-6">
      <Link
        to={`/admin/courses?kind=${product.kind}`}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the list
      </Link>
      <PageHeader
        title={`Edit ${KIND_LABELS[product.kind].toLowerCase()}: ${product.title}`}
        subtitle={`Status: ${STATUS_LABELS[product.status]}`}
        actions={
          <>
            <Button asChild variant="secondary" size="sm">
              <Link to={`/admin/courses/${product.id}/report`}>
                <FileBarChart className="h-4 w-4" aria-hidden /> Report
              </Link>
            </Button>
            {product.status === "published" ? (
              <Button asChild variant="ghost" size="sm">
                <a href={storeHref} target="_blank" rel="noreferrer">
                  <ExternalLink className="h-4 w-4" aria-hidden /> View on the store
                </a>
              </Button>
            ) : null}
          </>
        }
      />
      {flash ? <MessageBox message={flash.message} kind={flash.kind} /> : null}
      {errors.form ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errors.form}
        </div>
      ) : null}
      <Card title="Status">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={product.status}>{STATUS_LABELS[product.status]}</Badge>
          {STATUSES.filter((s) => s !== product.status).map((s) => (
            <Form method="post" key={s}>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="status" value={s} />
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                {s === "published" ? "Publish" : s === "archived" ? "Archive" : "Move to Draft"}
              </Button>
            </Form>
          ))}
          <ConfirmDialog
            title={`Delete "${product.title}"?`}
            description="Only items that were never sold can be deleted. A sold item stays and can be archived: it leaves the store and its owners keep access."
            confirmLabel="Delete"
            disabled={busy}
            onConfirm={() => submit({ intent: "delete" }, { method: "post" })}
            trigger={
              <Button type="button" size="sm" variant="dangerGhost">
                Delete
              </Button>
            }
          />
        </div>
        <p className="mt-2 text-xs text-slate-500">
          Draft is hidden, Published is live, Archived leaves the store while owners keep access.
        </p>
      </Card>
      <Card title="Details">
        <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="save" />
          <div className="sm:col-span-2">
            <Field label="Title" name="title" error={errors.title}>
              {(p) => <input {...p} className={inputClass} defaultValue={v("title", product.title)} required />}
            </Field>
          </div>
          <Field label="Instructor" name="instructor" error={errors.instructor}>
            {(p) => (
              <select {...p} className={inputClass} value={instructor} onChange={(e) => setInstructor(e.target.value)}>
                {instructors.map((i) => (
                  <option key={i.id} value={i.id}>
                    {i.name}
                  </option>
                ))}
                <option value={NEW_INSTRUCTOR}>New Instructor</option>
              </select>
            )}
          </Field>
          <Field label="New instructor's name" name="newInstructor" error={errors.newInstructor}>
            {(p) => (
              <input
                {...p}
                className={inputClass}
                defaultValue={v("newInstructor", "")}
                disabled={instructor !== NEW_INSTRUCTOR}
              />
            )}
          </Field>
          <Field label="Category" name="category" error={errors.category}>
            {(p) => (
              <select {...p} className={inputClass} defaultValue={v("category", product.subject)}>
                {SUBJECTS.map((s) => (
                  <option key={s} value={s}>
                    {SUBJECT_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Class" name="classLevel" error={errors.classLevel}>
            {(p) => (
              <select {...p} className={inputClass} defaultValue={v("classLevel", product.classLevel)}>
                <option value="11">Class 11</option>
                <option value="12">Class 12</option>
                <option value="both">Class 11 and 12</option>
              </select>
            )}
          </Field>
          <Field label="Price (₹)" name="price" error={errors.price} hint="0 shows as “Free”.">
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                className={inputClass}
                defaultValue={v("price", (product.pricePaise / 100).toFixed(2))}
              />
            )}
          </Field>
          <Field label="Rating shown (0–5)" name="rating" error={errors.rating}>
            {(p) => (
              <input
                {...p}
                inputMode="decimal"
                className={inputClass}
                defaultValue={v("rating", String(product.rating))}
              />
            )}
          </Field>
          <Field label="Status" name="status" error={errors.status}>
            {(p) => (
              <select {...p} className={inputClass} defaultValue={v("status", product.status)}>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label="Image"
            name="image"
            error={errors.image}
            hint="A path such as /images/covers/… or an https:// address."
          >
            {(p) => <input {...p} className={inputClass} value={image} onChange={(e) => setImage(e.target.value)} />}
          </Field>
          <Field
            label="Upload a new image"
            name="imageFile"
            error={errors.imageFile}
            hint="PNG, JPEG, WebP, GIF or AVIF, up to 5 MB."
          >
            {(p) => (
              <input
                {...p}
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                className="text-sm"
                onChange={(e) => {
                  const file = e.currentTarget.files?.[0];
                  if (file) setImage(URL.createObjectURL(file));
                }}
              />
            )}
          </Field>
          {product.kind !== "course" ? (
            <Field
              label="PDF file"
              name="pdfFile"
              error={errors.pdfFile}
              hint={
                product.fileKey
                  ? "A PDF is attached; choose a file to replace it (up to 50 MB)."
                  : "No PDF yet; choose one (up to 50 MB)."
              }
            >
              {(p) => <input {...p} type="file" accept="application/pdf" className="text-sm" />}
            </Field>
          ) : null}
          <div className="sm:col-span-2">
            <p className="mb-1 text-sm font-medium text-slate-800">Preview</p>
            {image ? (
              <img
                src={image}
                alt="Cover preview"
                className="h-32 w-auto rounded-lg border border-slate-200 object-cover"
              />
            ) : null}
          </div>
          <div className="sm:col-span-2">
            <Field label="Description" name="description" error={errors.description}>
              {(p) => (
                <textarea
                  {...p}
                  rows={5}
                  className={`${inputClass} h-auto py-2`}
                  defaultValue={v("description", product.description)}
                />
              )}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Field label="Modules (“What you'll learn”), one per line" name="modules" error={errors.modules}>
              {(p) => (
                <textarea
                  {...p}
                  rows={6}
                  className={`${inputClass} h-auto py-2`}
                  defaultValue={v("modules", product.modules.join("\n"))}
                />
              )}
            </Field>
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={busy}>
              Save changes
            </Button>
          </div>
        </Form>
      </Card>
      {product.kind === "course" ? (
        <Card title="Modules and lessons" className="scroll-mt-20">
          <div id="outline" className="space-y-4">
            {outline.length === 0 ? (
              <p className="text-sm text-slate-600">No modules yet. Add the first one below.</p>
            ) : null}
            {outline.map((m) => (
              <div key={m.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{m.title}</h3>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-module" />
                    <input type="hidden" name="targetId" value={m.id} />
                    <Button
                      type="submit"
                      size="sm"
                      variant="dangerGhost"
                      disabled={busy}
                      aria-label={`Remove module ${m.title}`}
                    >
                      Remove
                    </Button>
                  </Form>
                </div>
                <ol className="mt-2 space-y-1 text-sm">
                  {m.lessons.map((l) => (
                    <li key={l.id} className="flex flex-wrap items-center justify-between gap-2">
                      <span className="min-w-0 truncate">
                        {l.title} <span className="text-xs text-slate-500">{l.videoUrl}</span>
                      </span>
                      <details className="w-full sm:order-last">
                        <summary className="cursor-pointer text-xs font-semibold text-brand-700">
                          Edit lesson <span className="sr-only">{l.title}</span>
                        </summary>
                        <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
                          <input type="hidden" name="intent" value="update-lesson" />
                          <input type="hidden" name="targetId" value={l.id} />
                          <label className="grid gap-1 text-xs">
                            Title
                            <input
                              name="lessonTitle"
                              required
                              defaultValue={l.title}
                              className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                            />
                          </label>
                          <label className="grid gap-1 text-xs">
                            Video URL (YouTube or Vimeo)
                            <input
                              name="videoUrl"
                              type="url"
                              required
                              defaultValue={l.videoUrl}
                              className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                            />
                          </label>
                          <Button type="submit" size="sm" className="self-end" disabled={busy}>
                            Save lesson
                          </Button>
                        </Form>
                      </details>
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete-lesson" />
                        <input type="hidden" name="targetId" value={l.id} />
                        <Button
                          type="submit"
                          size="sm"
                          variant="dangerGhost"
                          disabled={busy}
                          aria-label={`Remove lesson ${l.title}`}
                        >
                          Remove
                        </Button>
                      </Form>
                    </li>
                  ))}
                </ol>
              </div>
            ))}
            <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
              <input type="hidden" name="intent" value="add-module" />
              <div className="flex-1">
                <Field label="New module title" name="moduleTitle" error={errors.moduleTitle}>
                  {(p) => <input {...p} className={inputClass} />}
                </Field>
              </div>
              <Button type="submit" variant="secondary" disabled={busy}>
                Add module
              </Button>
            </Form>
            {outline.length ? (
              <Form method="post" className="grid gap-2 sm:grid-cols-4 sm:items-end" noValidate>
                <input type="hidden" name="intent" value="add-lesson" />
                <Field label="Module" name="moduleId" error={errors.moduleId}>
                  {(p) => (
                    <select {...p} className={inputClass}>
                      {outline.map((m) => (
                        <option key={m.id} value={m.id}>
                          {m.title}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label="Lesson title" name="lessonTitle" error={errors.lessonTitle}>
                  {(p) => <input {...p} className={inputClass} />}
                </Field>
                <Field label="Video link (YouTube or Vimeo)" name="videoUrl" error={errors.videoUrl}>
                  {(p) => <input {...p} className={inputClass} inputMode="url" placeholder="https://youtu.be/…" />}
                </Field>
                <Button type="submit" variant="secondary" disabled={busy}>
                  Add lesson
                </Button>
              </Form>
            ) : null}
          </div>
        </Card>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
