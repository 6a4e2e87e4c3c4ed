/** The admin editor of a course, note or PYQ (/admin/courses/:id) and the Add New form of the list. */

import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { Badge, Card, ConfirmDialog } from "~/features/admin/ui";
import { CLASS_LABELS, CLASS_LEVELS } from "~/features/catalog/class-levels";
import {
  KIND_SHORT_LABELS as KIND_LABELS,
  type KINDS,
  NEW_INSTRUCTOR,
  STATUS_LABELS,
  STATUSES,
  SUBJECT_LABELS,
  SUBJECTS,
} from "~/features/catalog/labels";
import { LessonVideoPanel, type LessonVideoState } from "~/features/video/admin-lesson-video";
import { istToday } from "~/lib/dates";
import { ratingStars } from "~/lib/display";
import type { FieldErrors, FormValues } from "~/lib/form.server";
import { paiseToDecimal } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { CheckboxField, Field, SelectField, TextareaField } from "~/ui/field";

type Status = (typeof STATUSES)[number];
type Kind = (typeof KINDS)[number];

export interface EditedProduct {
  id: number;
  kind: Kind;
  title: string;
  status: Status;
  instructorId: number;
  subject: (typeof SUBJECTS)[number];
  classLevel: "11" | "12" | "both";
  pricePaise: number;
  isFree: boolean;
  /** The figures from reviews (read-only: students' reviews set them). */
  rating: number;
  reviewCount: number;
  image: string;
  fileKey: string | null;
  description: string;
  modules: string[];
  /** The access period (issue 36): until the end of this day (IST), or this many months; neither: lifetime. */
  accessUntil: string | null;
  accessMonths: number | null;
}

export interface OutlineModule {
  id: number;
  title: string;
  lessons: {
    id: number;
    title: string;
    videoUrl: string | null;
    testProductId: number | null;
    /** A free preview lesson (issue 36): anyone may watch it from the course page. */
    isPreview: boolean;
  }[];
}

/** A test a lesson may open (the add/edit lesson forms' choices). */
export interface LessonTestOption {
  id: number;
  title: string;
  status: "draft" | "published" | "archived";
}

function TestOptions({ tests }: { tests: LessonTestOption[] }) {
  return (
    <>
      <option value="">Choose a test…</option>
      {tests.map((t) => (
        <option key={t.id} value={t.id}>
          {t.title}
          {t.status === "published" ? "" : ` (${STATUS_LABELS[t.status]})`}
        </option>
      ))}
    </>
  );
}

type Instructor = { id: number; name: string };

/** The first day an "until" date may be (the date input's minimum): tomorrow in India. */
function tomorrowIst() {
  return istToday(new Date(Date.now() + 86_400_000));
}

/** The value to show: what was sent (after a refusal), else the stored one. */
function sentOr(values: FormValues, key: string, fallback: string) {
  return values[key] ?? fallback;
}

/** The price (empty: none yet) and the "Free" box, which empties and locks the price. */
function PriceFields({ price, free, errors }: { price: string; free: boolean; errors: FieldErrors }) {
  const [isFree, setFree] = useState(free);
  return (
    <>
      <Field
        label="Price (₹)"
        name="price"
        error={errors.price}
        hint="Empty until you decide; publishing needs a price or Free."
        inputMode="decimal"
        defaultValue={isFree ? "" : price}
        disabled={isFree}
      />
      <CheckboxField
        label="Free: students get it at ₹0"
        name="free"
        className="sm:pt-7"
        checked={isFree}
        onChange={(e) => setFree(e.currentTarget.checked)}
      />
    </>
  );
}

const ACCESS_LABELS = {
  lifetime: "Lifetime",
  until: "Until a date",
  months: "A number of months",
};

/**
 * How long a purchase gives access (issue 36): for life, until the end of a day (India time), or a
 * number of months from the purchase. Only the field of the chosen rule counts; it shows first.
 */
function AccessFields({
  access,
  until,
  months,
  errors,
}: {
  access: string;
  until: string;
  months: string;
  errors: FieldErrors;
}) {
  const [rule, setRule] = useState(access);
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Access after purchase</legend>
      <SelectField
        label="Access"
        name="access"
        error={errors.access}
        defaultValue={rule}
        onChange={(e) => setRule(e.currentTarget.value)}
      >
        {(["lifetime", "until", "months"] as const).map((k) => (
          <option key={k} value={k}>
            {ACCESS_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <Field
        label="Last day of access"
        name="accessUntil"
        type="date"
        min={tomorrowIst()}
        error={errors.accessUntil}
        hint={rule === "until" ? "Access ends at midnight after this day, India time." : "Used with “Until a date”."}
        defaultValue={until}
      />
      <Field
        label="Months of access"
        name="accessMonths"
        type="number"
        min={1}
        max={36}
        inputMode="numeric"
        error={errors.accessMonths}
        hint={rule === "months" ? "From each purchase, 1 to 36." : "Used with “A number of months”."}
        defaultValue={months}
      />
    </fieldset>
  );
}

/** The class select; a new item starts with none chosen. */
function ClassSelect({ value, error }: { value: string; error?: string }) {
  return (
    <SelectField label="Class" name="classLevel" error={error} defaultValue={value}>
      {value ? null : (
        <option value="" disabled>
          Choose a class
        </option>
      )}
      {CLASS_LEVELS.map((c) => (
        <option key={c} value={c}>
          {CLASS_LABELS[c]}
        </option>
      ))}
    </SelectField>
  );
}

function CategorySelect({ value, error }: { value: string; error?: string }) {
  return (
    <SelectField label="Category" name="category" error={error} defaultValue={value}>
      {SUBJECTS.map((s) => (
        <option key={s} value={s}>
          {SUBJECT_LABELS[s]}
        </option>
      ))}
    </SelectField>
  );
}

function StatusSelect({ value, error, hint }: { value: string; error?: string; hint?: string }) {
  return (
    <SelectField label="Status" name="status" error={error} hint={hint} defaultValue={value}>
      {STATUSES.map((s) => (
        <option key={s} value={s}>
          {STATUS_LABELS[s]}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * Publish / Archive / Move to Draft, and Delete (refused for sold items, which can be archived).
 * `missing`: what the item lacks to be published (the publish rule, computed by the loader).
 */
export function CourseStatusCard({
  product,
  missing,
  busy,
}: {
  product: EditedProduct;
  missing: string[];
  busy: boolean;
}) {
  const submit = useSubmit();
  return (
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
      {product.status !== "published" && missing.length ? (
        <p className="mt-2 text-sm text-amber-800">To publish, add: {missing.join(", ")}.</p>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        Draft is hidden, Published is live, Archived leaves the store while owners keep access.
      </p>
    </Card>
  );
}

/** The instructor picker and the name of a new one (enabled only when "New Instructor" is chosen). */
function InstructorFields({
  instructors,
  initial,
  errors,
  newName,
  hint,
}: {
  instructors: Instructor[];
  initial: string;
  errors: FieldErrors;
  newName: string | undefined;
  hint?: string;
}) {
  const [instructor, setInstructor] = useState(initial);
  return (
    <>
      <SelectField
        label="Instructor"
        name="instructor"
        error={errors.instructor}
        value={instructor}
        onChange={(e) => setInstructor(e.target.value)}
      >
        {instructors.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
        <option value={NEW_INSTRUCTOR}>New Instructor</option>
      </SelectField>
      <Field
        label="New instructor's name"
        name="newInstructor"
        error={errors.newInstructor}
        hint={hint}
        defaultValue={newName}
        disabled={instructor !== NEW_INSTRUCTOR}
      />
    </>
  );
}

/** Title, instructor, category, class, price, rating, status, image (with upload and preview), PDF, description, modules. */
export function CourseDetailsForm({
  product,
  instructors,
  errors,
  values,
  busy,
}: {
  product: EditedProduct;
  instructors: Instructor[];
  errors: FieldErrors;
  values: FormValues;
  busy: boolean;
}) {
  const v = (key: string, fallback: string) => sentOr(values, key, fallback);
  const [image, setImage] = useState(v("image", product.image));
  return (
    <Card title="Details">
      <Form method="post" encType="multipart/form-data" className="grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="save" />
        <div className="sm:col-span-2">
          <Field label="Title" name="title" error={errors.title} defaultValue={v("title", product.title)} required />
        </div>
        <InstructorFields
          instructors={instructors}
          initial={v("instructor", String(product.instructorId))}
          errors={errors}
          newName={v("newInstructor", "")}
        />
        <CategorySelect value={v("category", product.subject)} error={errors.category} />
        <ClassSelect value={v("classLevel", product.classLevel)} error={errors.classLevel} />
        <PriceFields
          price={v("price", product.pricePaise > 0 ? paiseToDecimal(product.pricePaise) : "")}
          free={values.intent === "save" ? values.free === "on" : product.isFree}
          errors={errors}
        />
        <AccessFields
          access={v("access", product.accessUntil ? "until" : product.accessMonths ? "months" : "lifetime")}
          until={v("accessUntil", product.accessUntil ?? "")}
          months={v("accessMonths", product.accessMonths ? String(product.accessMonths) : "")}
          errors={errors}
        />
        <div>
          <p className="text-sm font-medium text-slate-700">Rating from reviews</p>
          <p className="mt-1 text-sm text-slate-900" data-testid="admin-rating">
            {product.reviewCount > 0 ? (
              <>
                {ratingStars(product.rating).label} from {formatCount(product.reviewCount)}{" "}
                {product.reviewCount === 1 ? "review" : "reviews"} ·{" "}
                <Link to={`/admin/reviews?product=${product.id}`} className="text-brand-700 hover:underline">
                  See reviews
                </Link>
              </>
            ) : (
              "No reviews yet"
            )}
          </p>
        </div>
        <StatusSelect value={v("status", product.status)} error={errors.status} />
        <Field
          label="Image"
          name="image"
          error={errors.image}
          hint="A path such as /images/covers/… or an https:// address."
          value={image}
          onChange={(e) => setImage(e.target.value)}
        />
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
        {product.kind === "test" ? (
          <p className="text-sm text-slate-700 sm:col-span-2">
            The questions, time limit and marking of this test are set in its{" "}
            <a className="font-medium text-brand-700 underline" href={`/admin/practice/tests/${product.id}`}>
              test builder
            </a>
            .
          </p>
        ) : product.kind !== "course" ? (
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
          <TextareaField
            label="Description"
            name="description"
            error={errors.description}
            rows={5}
            defaultValue={v("description", product.description)}
          />
        </div>
        <div className="sm:col-span-2">
          <TextareaField
            label="Modules (“What you'll learn”), one per line"
            name="modules"
            error={errors.modules}
            rows={6}
            defaultValue={v("modules", product.modules.join("\n"))}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Save changes
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/**
 * "Remove" of a module or lesson of the outline, behind a confirmation: the removal takes with it what
 * hangs on the lessons (the database cascades), so a mistaken tap must not be enough.
 */
function RemoveButton({
  intent,
  targetId,
  title,
  busy,
}: {
  intent: "delete-module" | "delete-lesson";
  targetId: number;
  title: string;
  busy: boolean;
}) {
  const submit = useSubmit();
  const isModule = intent === "delete-module";
  const what = isModule ? "Remove module" : "Remove lesson";
  return (
    <ConfirmDialog
      title={isModule ? `Remove the module "${title}"?` : `Remove the lesson "${title}"?`}
      description={
        isModule
          ? "Its lessons go with it: their uploaded videos, the students' progress on them and the doubts asked on them. This cannot be undone."
          : "Its uploaded video, the students' progress on it and the doubts asked on it go with it. This cannot be undone."
      }
      confirmLabel="Remove"
      disabled={busy}
      onConfirm={() => submit({ intent, targetId: String(targetId) }, { method: "post" })}
      trigger={
        <Button type="button" size="sm" variant="dangerGhost" disabled={busy} aria-label={`${what} ${title}`}>
          {isModule ? what : "Remove"}
        </Button>
      }
    />
  );
}

/** The modules and lessons of a course: add, edit and remove them. */
export function CourseOutlineEditor({
  outline,
  errors,
  busy,
  videos = {},
  tests,
}: {
  outline: OutlineModule[];
  errors: FieldErrors;
  busy: boolean;
  /** The tests a lesson of type test may open. */
  tests: LessonTestOption[];
  /** Each lesson's hosted-video state (features/video), by lesson id. */
  videos?: Record<
    number,
    Omit<LessonVideoState, "status"> & { status: Exclude<LessonVideoState["status"], "none">; sample?: boolean }
  >;
}) {
  return (
    <Card title="Modules and lessons" className="scroll-mt-20">
      <div id="outline" className="space-y-4">
        {outline.length === 0 ? (
          <p className="text-sm text-slate-600">No modules yet. Add the first one below.</p>
        ) : null}
        {outline.map((m) => (
          <div key={m.id} className="rounded-lg border border-slate-200 p-3">
            {/* A title too long for one line takes its own, and Remove module goes below it. */}
            <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
              <h3 className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{m.title}</h3>
              <RemoveButton intent="delete-module" targetId={m.id} title={m.title} busy={busy} />
            </div>
            <ol className="mt-2 divide-y divide-slate-100 text-sm">
              {m.lessons.map((l) => {
                const test = l.testProductId === null ? null : tests.find((t) => t.id === l.testProductId);
                return (
                  <li key={l.id} className="space-y-2 py-3 first:pt-1 last:pb-0">
                    {/* The title and what plays wrap rather than being cut off; Remove beside them says
                        which lesson it removes. */}
                    <div className="flex items-start justify-between gap-2">
                      <p className="min-w-0 [overflow-wrap:anywhere]">
                        {l.testProductId === null && videos[l.id]?.sample ? (
                          <span
                            className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900"
                            title="The sample lecture of the demo store: upload your own video to replace it"
                            data-sample-video=""
                          >
                            Sample
                          </span>
                        ) : null}{" "}
                        {l.isPreview && l.testProductId === null ? (
                          <span
                            className="rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-semibold text-emerald-800"
                            title="A free preview: anyone may watch it from the course page"
                          >
                            Preview
                          </span>
                        ) : null}{" "}
                        {l.title}
                        <span className="block text-xs text-slate-500">
                          {l.testProductId !== null
                            ? `Practice test: ${test?.title ?? `#${l.testProductId}`}`
                            : (l.videoUrl ??
                              (videos[l.id]?.sample
                                ? "Sample lecture: upload your own to replace it"
                                : videos[l.id]
                                  ? "Uploaded video"
                                  : "No video yet: upload one"))}
                        </span>
                      </p>
                      <RemoveButton intent="delete-lesson" targetId={l.id} title={l.title} busy={busy} />
                    </div>
                    {l.testProductId === null ? (
                      <LessonVideoPanel
                        lessonId={l.id}
                        title={l.title}
                        initial={
                          videos[l.id] ?? {
                            status: "none",
                            progress: 0,
                            label: l.videoUrl ? "No video (the embed plays)" : "No video yet",
                          }
                        }
                      />
                    ) : null}
                    <details>
                      <summary className="cursor-pointer text-xs font-semibold text-brand-700">
                        Edit lesson <span className="sr-only">{l.title}</span>
                      </summary>
                      <Form method="post" className="mt-2 grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
                        <input type="hidden" name="intent" value="update-lesson" />
                        <input type="hidden" name="targetId" value={l.id} />
                        <input type="hidden" name="lessonType" value={l.testProductId === null ? "video" : "test"} />
                        <label className="grid gap-1 text-xs">
                          Title
                          <input
                            name="lessonTitle"
                            required
                            defaultValue={l.title}
                            className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                          />
                        </label>
                        {l.testProductId === null ? (
                          <label className="grid gap-1 text-xs">
                            Video link (YouTube or Vimeo; empty to play the uploaded video)
                            <input
                              name="videoUrl"
                              type="url"
                              defaultValue={l.videoUrl ?? ""}
                              className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                            />
                          </label>
                        ) : (
                          <label className="grid gap-1 text-xs">
                            Practice test
                            <select
                              name="testProductId"
                              required
                              defaultValue={l.testProductId}
                              className="rounded-md border border-slate-300 px-2 py-1.5 text-sm"
                            >
                              <TestOptions tests={tests} />
                            </select>
                          </label>
                        )}
                        {l.testProductId === null ? (
                          <CheckboxField
                            id={`lesson-${l.id}-preview`}
                            name="isPreview"
                            label="Preview"
                            hint="Anyone may watch it free from the course page, signed in or not, while the course is published."
                            defaultChecked={l.isPreview}
                            className="sm:col-span-3 sm:row-start-2"
                          />
                        ) : null}
                        <Button type="submit" size="sm" className="self-end" disabled={busy}>
                          Save lesson
                        </Button>
                      </Form>
                    </details>
                  </li>
                );
              })}
            </ol>
          </div>
        ))}
        <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
          <input type="hidden" name="intent" value="add-module" />
          <div className="flex-1">
            <Field label="New module title" name="moduleTitle" error={errors.moduleTitle} />
          </div>
          <Button type="submit" variant="secondary" disabled={busy}>
            Add module
          </Button>
        </Form>
        {outline.length ? <AddLessonForm outline={outline} errors={errors} busy={busy} tests={tests} /> : null}
      </div>
    </Card>
  );
}

/**
 * A new lesson: its module, title and type, then a video link or a practice test. Without JavaScript
 * both fields show and the type decides which one counts.
 */
function AddLessonForm({
  outline,
  errors,
  busy,
  tests,
}: {
  outline: OutlineModule[];
  errors: FieldErrors;
  busy: boolean;
  tests: LessonTestOption[];
}) {
  // null until hydrated: the server's HTML shows both fields, so the form works without JavaScript.
  const [type, setType] = useState<"video" | "test" | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    setType(formRef.current?.lessonType?.value === "test" ? "test" : "video");
  }, []);
  return (
    <Form ref={formRef} method="post" className="grid gap-2 sm:grid-cols-2 sm:items-end lg:grid-cols-5" noValidate>
      <input type="hidden" name="intent" value="add-lesson" />
      {/* Wide: module titles are long ("Accounting for Partnership Firms: Fundamentals"). */}
      <SelectField label="Module" name="moduleId" error={errors.moduleId} className="sm:col-span-2 lg:col-span-3">
        {outline.map((m) => (
          <option key={m.id} value={m.id}>
            {m.title}
          </option>
        ))}
      </SelectField>
      <Field label="Lesson title" name="lessonTitle" error={errors.lessonTitle} />
      <SelectField
        label="Type"
        name="lessonType"
        error={errors.lessonType}
        defaultValue="video"
        onChange={(e) => setType(e.currentTarget.value === "test" ? "test" : "video")}
      >
        <option value="video">Video</option>
        <option value="test">Practice test</option>
      </SelectField>
      {type !== "test" ? (
        <Field
          label="Video link (YouTube or Vimeo), optional"
          name="videoUrl"
          error={errors.videoUrl}
          inputMode="url"
          placeholder="https://youtu.be/…"
        />
      ) : null}
      {type !== "video" ? (
        <SelectField
          label="Practice test"
          name="testProductId"
          error={errors.testProductId}
          hint={tests.length ? undefined : "No tests yet: create one with kind Test first."}
          defaultValue=""
        >
          <TestOptions tests={tests} />
        </SelectField>
      ) : null}
      {type !== "test" ? (
        <CheckboxField
          id="new-lesson-preview"
          name="isPreview"
          label="Preview"
          hint="Anyone may watch it free from the course page."
          className="sm:col-span-2 lg:col-span-5"
        />
      ) : null}
      <Button type="submit" variant="secondary" disabled={busy}>
        Add lesson
      </Button>
      {type !== "test" ? (
        <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-5">
          Your own video instead of a link? Add the lesson without one, then upload the video under it.
        </p>
      ) : null}
    </Form>
  );
}

/** The Add New Course / Notes / PYQ form of the list (toggled open by its button). */
export function NewCourseForm({
  kind,
  instructors,
  errors,
  values,
}: {
  kind: Kind;
  instructors: Instructor[];
  errors: FieldErrors;
  values: FormValues;
}) {
  // Until the new item's editor has opened (submitting, then loading it): a second click makes no duplicate.
  const busy = useNavigation().state !== "idle";
  const v = (k: string): string | undefined => values[k];
  return (
    <Card title={`Add New ${kind === "course" ? "Course" : KIND_LABELS[kind]}`} className="scroll-mt-20">
      <Form method="post" className="grid gap-4 sm:grid-cols-2" id="add-course" noValidate>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="kind" value={kind} />
        <Field label="Name" name="name" error={errors.name} defaultValue={v("name")} required maxLength={200} />
        <InstructorFields
          instructors={instructors}
          initial={values.instructor ?? String(instructors[0]?.id ?? NEW_INSTRUCTOR)}
          errors={errors}
          newName={v("newInstructor")}
          hint="Only used when “New Instructor” is chosen."
        />
        <CategorySelect value={v("category") ?? "accountancy"} error={errors.category} />
        <ClassSelect value={v("classLevel") ?? ""} error={errors.classLevel} />
        <PriceFields price={v("price") ?? ""} free={v("free") === "on"} errors={errors} />
        <StatusSelect
          value={v("status") ?? "draft"}
          error={errors.status}
          hint={
            kind === "course"
              ? "A course is published once it has lessons: save it as a draft, then add them in its editor."
              : kind === "test"
                ? "A test is published once it has questions: save it as a draft, then build it in the test builder."
                : undefined
          }
        />
        <div className="sm:col-span-2">
          <TextareaField
            label="Description"
            name="description"
            error={errors.description}
            rows={3}
            defaultValue={v("description")}
          />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={busy}>
            Save
          </Button>
        </div>
      </Form>
    </Card>
  );
}
