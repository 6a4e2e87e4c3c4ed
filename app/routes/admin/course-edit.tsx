import { ArrowLeft, ExternalLink, FileBarChart } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { requireAdmin } from "~/features/accounts/guards.server";
import {
  CatalogError,
  deleteAdminProduct,
  getAdminProduct,
  listInstructors,
  setProductStatus,
  updateAdminProduct,
} from "~/features/admin/catalog-admin.server";
import { readFlash, redirectWithFlash } from "~/features/admin/flash.server";
import { KIND_LABELS, STATUS_LABELS } from "~/features/admin/labels";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import {
  fieldErrors,
  instructorInput,
  NEW_INSTRUCTOR,
  productUpdateSchema,
  STATUSES,
  SUBJECTS,
} from "~/features/admin/schema";
import { Badge, Card, ConfirmDialog, Field, inputClass, MessageBox, PageHeader } from "~/features/admin/ui";
import { KIND_BASE_ROUTE, SUBJECT_LABELS } from "~/features/catalog/labels";
import { Button } from "~/ui/button";
import type { Route } from "./+types/course-edit";

export function meta({ data: d }: Route.MetaArgs) {
  return [
    { title: `${d?.product.title ?? "Edit"} | Admin | Commerce Academy` },
    { name: "robots", content: "noindex" },
  ];
}

const idSchema = z.coerce.number().int().positive();

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
  await requireAdmin(request);
  const id = parseId(params.id);
  const [product, instructors, { flash, headers }] = await Promise.all([
    loadProduct(id),
    listInstructors(await getDb()),
    readFlash(request),
  ]);
  return data({ product, instructors, flash }, { headers });
}

const intentSchema = z.object({ intent: z.enum(["save", "status", "delete"]) });

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = parseId(params.id);
  const form = Object.fromEntries(await request.formData());
  const intent = intentSchema.safeParse(form);
  if (!intent.success) throw data({ message: "Unknown action." }, { status: 400 });
  const db = await getDb();
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
    const parsed = productUpdateSchema.safeParse(form);
    if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: form }, { status: 400 });
    const v = parsed.data;
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
      image: v.image,
    });
    return redirectWithFlash(here, { kind: "success", message: `"${row.title}" was saved.` });
  } catch (error) {
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
  const { product, instructors, flash } = loaderData;
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
              <Button type="button" size="sm" variant="ghost" className="text-red-700 hover:bg-red-50">
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
        <Form method="post" className="grid gap-4 sm:grid-cols-2" noValidate>
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
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
