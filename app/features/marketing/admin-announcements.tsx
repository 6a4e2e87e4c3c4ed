/** The owner's announcements screen (issue 36): the form, its confirmation step and the list. */
import { Form, useNavigation } from "react-router";
import { AdminTable } from "~/features/admin/table";
import { CLASS_LABELS } from "~/features/catalog/class-levels";
import { formatDateTime } from "~/lib/dates";
import { formatCount } from "~/lib/numbers";
import { Button } from "~/ui/button";
import { Field, FormAlert, LabelledOptions, SelectField, TextareaField } from "~/ui/field";
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX, AUDIENCE_LABELS, AUDIENCES } from "./announcement-schema";

type Values = Record<string, string>;
type Errors = Partial<Record<string, string>>;

export interface AnnouncementConfirmation {
  recipients: number;
  emails: number;
  label: string;
}

const students = (n: number) => `${formatCount(n)} student${n === 1 ? "" : "s"}`;

export function AnnouncementForm({
  courses,
  values,
  errors,
  formError,
}: {
  courses: { id: number; title: string; status: string }[];
  values: Values;
  errors: Errors;
  formError?: string;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="grid gap-4 lg:grid-cols-3" noValidate>
      {formError ? (
        <div className="lg:col-span-3">
          <FormAlert>{formError}</FormAlert>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="preview" />
      <SelectField label="Send to" name="audience" error={errors.audience} defaultValue={values.audience ?? "course"}>
        <LabelledOptions values={AUDIENCES} labels={AUDIENCE_LABELS} />
      </SelectField>
      <SelectField
        label="Course"
        name="productId"
        error={errors.productId}
        hint="For “Students of one course”."
        defaultValue={values.productId ?? ""}
      >
        <option value="">Choose a course</option>
        {courses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
            {c.status === "draft" ? " (draft)" : ""}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Class"
        name="classLevel"
        error={errors.classLevel}
        hint="For “Students of a class”."
        defaultValue={values.classLevel ?? ""}
      >
        <option value="">Choose a class</option>
        <LabelledOptions values={["11", "12"] as const} labels={CLASS_LABELS} />
      </SelectField>
      <Field
        label="Title"
        name="title"
        className="lg:col-span-3"
        maxLength={ANNOUNCEMENT_TITLE_MAX}
        hint={`Up to ${ANNOUNCEMENT_TITLE_MAX} characters; it is also the email's subject.`}
        error={errors.title}
        defaultValue={values.title ?? ""}
      />
      <TextareaField
        label="Announcement"
        name="body"
        className="lg:col-span-3"
        rows={6}
        maxLength={ANNOUNCEMENT_BODY_MAX}
        hint={`Plain text, up to ${formatCount(ANNOUNCEMENT_BODY_MAX)} characters; line breaks are kept.`}
        error={errors.body}
        defaultValue={values.body ?? ""}
      />
      <div className="lg:col-span-3">
        <Button type="submit" disabled={busy}>
          Review before sending
        </Button>
      </div>
    </Form>
  );
}

/** The confirmation step: who gets it, how many by email, and the one button that sends. */
export function AnnouncementConfirm({ confirm, values }: { confirm: AnnouncementConfirmation; values: Values }) {
  const busy = useNavigation().state !== "idle";
  const off = confirm.recipients - confirm.emails;
  return (
    <section
      aria-labelledby="confirm-heading"
      className="rounded-2xl border-2 border-amber-300 bg-amber-50 p-5 text-slate-800"
    >
      <h2 id="confirm-heading" className="text-lg font-semibold text-slate-900">
        Send this announcement to {students(confirm.recipients)}?
      </h2>
      <p className="mt-1 text-sm">
        {confirm.label}: {students(confirm.recipients)} will see it on My Courses
        {confirm.emails > 0 ? `, and ${formatCount(confirm.emails)} will get it by email` : ", nobody by email"}
        {off > 0 ? ` (${formatCount(off)} turned announcement emails off)` : ""}. An email cannot be taken back.
      </p>
      <div className="mt-4 rounded-xl border border-amber-200 bg-white p-4">
        <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{values.title}</p>
        <p className="mt-2 whitespace-pre-line text-sm text-slate-700 [overflow-wrap:anywhere]">{values.body}</p>
      </div>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        {(["audience", "productId", "classLevel", "title", "body"] as const).map((name) => (
          <input key={name} type="hidden" name={name} value={values[name] ?? ""} />
        ))}
        <input type="hidden" name="intent" value="send" />
        <Button type="submit" disabled={busy || confirm.recipients === 0}>
          Send to {students(confirm.recipients)}
        </Button>
        <p className="self-center text-sm text-slate-600">Or change it in the form below.</p>
      </Form>
    </section>
  );
}

export interface AnnouncementRow {
  id: number;
  title: string;
  body: string;
  audienceLabel: string;
  createdAt: Date | string;
  recipientsCount: number;
  sentCount: number;
  emailsWritten: number;
}

export function AnnouncementTable({ rows }: { rows: AnnouncementRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">No announcements yet.</p>;
  return (
    <AdminTable
      label="Announcements"
      rows={rows}
      rowKey={(r) => r.id}
      columns={[
        {
          header: "Announcement",
          role: "title",
          className: "md:max-w-md",
          cell: (r) => (
            <div className="[overflow-wrap:anywhere]">
              <p className="font-semibold text-slate-900">{r.title}</p>
              <p className="line-clamp-2 text-slate-600">{r.body}</p>
            </div>
          ),
        },
        { header: "Audience", cell: (r) => r.audienceLabel },
        { header: "Sent", cell: (r) => formatDateTime(r.createdAt) },
        { header: "Recipients", role: "number", cell: (r) => students(r.recipientsCount) },
        {
          header: "Emails",
          role: "number",
          cell: (r) =>
            r.emailsWritten < r.sentCount
              ? `${formatCount(r.emailsWritten)} of ${formatCount(r.sentCount)} sent`
              : `${formatCount(r.sentCount)} sent`,
        },
      ]}
    />
  );
}
