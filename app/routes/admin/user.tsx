import { Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { roleSchema } from "~/features/accounts/schema";
import {
  changeUserRole,
  extendAccess,
  getUserDetail,
  grantAccess,
  revokeAccess,
} from "~/features/accounts/users.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { BackLink, Badge, Card, ConfirmDialog, PageHeader } from "~/features/admin/ui";
import { KIND_SHORT_LABELS as KIND_LABELS } from "~/features/catalog/labels";
import { listOwnedProducts } from "~/features/learning/access.server";
import { listOrdersForUser } from "~/features/orders/orders.server";
import { closeAttemptsWithoutAccess } from "~/features/practice/marking.server";
import { listAttempts } from "~/features/practice/results.server";
import { formatMarks, percentOf, strengthOf } from "~/features/practice/scoring";
import { chapterStrengths } from "~/features/practice/strengths.server";
import { enrolmentAccessLabel } from "~/lib/access-period";
import { formatDateTime, isCalendarDay, istToday } from "~/lib/dates";
import { asResponse, HttpError } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { idSchema, paramId } from "~/lib/id";
import { formatPaise } from "~/lib/money";
import { countOf } from "~/lib/numbers";
import { ROLE_LABELS, ROLES } from "~/lib/roles";
import { Button } from "~/ui/button";
import { FormAlert, inputClass, LabelledOptions } from "~/ui/field";
import type { Route } from "./+types/user";

export function meta({ data: d }: Route.MetaArgs) {
  return [{ title: `${d?.user.name ?? "User"} | Admin | Commerce Academy` }, { name: "robots", content: "noindex" }];
}

/** User ids are generated ids (letters, digits, - and _); anything else is a user that does not exist. */
const userIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/);

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const userId = paramId(params.id, "User not found.", userIdParam);
  try {
    const [detail, orders, owned, attempts, chapters] = await Promise.all([
      getUserDetail(db, userId),
      listOrdersForUser(db, userId, { limit: 50 }),
      listOwnedProducts(db, userId),
      listAttempts(db, userId, 20),
      chapterStrengths(db, userId),
    ]);
    // How the student is doing (issue 35): their courses' progress, tests and weakest chapters on one page.
    const learning = {
      courses: owned.filter((p) => p.kind === "course"),
      attempts: attempts.filter((a) => a.submittedAt !== null),
      chapters: chapters.slice(0, 8),
    };
    return { ...detail, orders, learning };
  } catch (error) {
    throw asResponse(error);
  }
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), role: roleSchema }),
  z.object({
    intent: z.literal("grant"),
    productId: idSchema.catch(0).pipe(z.number().positive("Choose an item to grant.")),
  }),
  z.object({ intent: z.literal("revoke"), enrolmentId: idSchema }),
  // Access periods (issue 36): a new last day of access for one student, or access for life.
  z.object({
    intent: z.literal("extend"),
    enrolmentId: idSchema,
    until: z.string().trim().refine(isCalendarDay, "Choose the new last day of access."),
  }),
  z.object({ intent: z.literal("lifetime"), enrolmentId: idSchema }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const userId = paramId(params.id, "User not found.", userIdParam);
  const parsed = validate(actionSchema, await readForm(request));
  if (!parsed.ok)
    return formFailure({ formError: Object.values(parsed.fieldErrors)[0] ?? parsed.formError ?? "Invalid input." });
  const here = `/admin/users/${userId}`;
  const input = parsed.data;
  try {
    if (input.intent === "role") {
      const user = await changeUserRole(db, admin.id, userId, input.role);
      return redirectWithFlash(here, `${user.name} is now ${ROLE_LABELS[user.role]}.`);
    }
    if (input.intent === "grant") {
      await grantAccess(db, admin.id, userId, input.productId);
      return redirectWithFlash(here, "Access granted.");
    }
    if (input.intent === "extend" || input.intent === "lifetime") {
      const done = await extendAccess(
        db,
        admin.id,
        userId,
        input.enrolmentId,
        input.intent === "extend" ? input.until : null,
      );
      return redirectWithFlash(here, `Access to "${done.title}" extended ${done.to}.`);
    }
    await revokeAccess(db, admin.id, userId, input.enrolmentId, closeAttemptsWithoutAccess);
    return redirectWithFlash(here, "Access revoked.");
  } catch (error) {
    // Only a missing user is "not found"; a missing item or enrolment is said on the page.
    if (input.intent !== "role" && error instanceof HttpError && error.status === 404)
      return formFailure({ formError: error.message }, 404);
    return failureFrom(error);
  }
}

export default function UserPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, orders, enrolments, totalSpentPaise, grantable, learning } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="space-y-6">
      <BackLink to="/admin/users">All users</BackLink>
      <PageHeader
        title={user.name}
        subtitle={`${user.email} · joined ${formatDateTime(user.createdAt)} · last active ${formatDateTime(user.lastActiveAt)} · spent ${formatPaise(totalSpentPaise)}`}
      />
      {actionData?.formError ? <FormAlert>{actionData.formError}</FormAlert> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Role">
          {user.isPrimary ? (
            <p className="text-sm text-slate-700">
              <Badge tone="new">Primary</Badge> The primary administrator's role cannot be changed.
            </p>
          ) : (
            <Form method="post" className="flex gap-2">
              <input type="hidden" name="intent" value="role" />
              <label htmlFor="role" className="sr-only">
                Role
              </label>
              <select id="role" name="role" defaultValue={user.role} className={inputClass}>
                <LabelledOptions values={ROLES} labels={ROLE_LABELS} />
              </select>
              <Button type="submit" disabled={busy}>
                Change role
              </Button>
            </Form>
          )}
        </Card>
        <Card title="Grant access by hand">
          <Form method="post" className="flex flex-col gap-2 sm:flex-row">
            <input type="hidden" name="intent" value="grant" />
            <label htmlFor="grant-product" className="sr-only">
              Item to grant
            </label>
            <select id="grant-product" name="productId" className={inputClass} defaultValue="">
              <option value="" disabled>
                Choose an item…
              </option>
              {grantable.map((p) => (
                <option key={p.id} value={p.id}>
                  {KIND_LABELS[p.kind]}: {p.title}
                </option>
              ))}
            </select>
            <Button type="submit" disabled={busy}>
              Grant
            </Button>
          </Form>
          <p className="mt-2 text-xs text-slate-500">For students who paid offline. Recorded in the audit log.</p>
        </Card>
      </div>
      <Card title="How they are doing">
        <div className="grid gap-6 lg:grid-cols-3">
          <section aria-labelledby="learning-courses">
            <h3 id="learning-courses" className="text-sm font-semibold text-slate-900">
              Course progress
            </h3>
            {learning.courses.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No courses.</p>
            ) : (
              <ul className="mt-2 space-y-2 text-sm">
                {learning.courses.map((c) => (
                  <li key={c.id}>
                    <p className="text-slate-900">{c.title}</p>
                    <p className="text-slate-600">
                      {c.completedLessons} of {countOf(c.totalLessons, "lesson")} done (
                      {c.totalLessons ? Math.round((c.completedLessons / c.totalLessons) * 100) : 0}%)
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="learning-tests">
            <h3 id="learning-tests" className="text-sm font-semibold text-slate-900">
              Tests, newest first
            </h3>
            {learning.attempts.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No tests submitted.</p>
            ) : (
              <ul className="mt-2 space-y-2 text-sm">
                {learning.attempts.map((a) => (
                  <li key={a.id}>
                    <Link to={`/my-courses/tests/${a.id}`} className="text-brand-700 hover:underline">
                      {a.title}
                    </Link>
                    <p className="text-slate-600">
                      {formatMarks(a.scoreCenti ?? 0)} / {a.maxMarks} ({percentOf(a.scoreCenti ?? 0, a.maxMarks)}%) ·{" "}
                      {formatDateTime(a.submittedAt!)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="learning-chapters">
            <h3 id="learning-chapters" className="text-sm font-semibold text-slate-900">
              Chapters, weakest first
            </h3>
            {learning.chapters.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">No marked answers yet.</p>
            ) : (
              <ul className="mt-2 space-y-2 text-sm">
                {learning.chapters.map((c) => (
                  <li key={c.chapterId} className="flex justify-between gap-3">
                    <span className="text-slate-900">{c.chapter}</span>
                    <span className="shrink-0 tabular-nums text-slate-700">
                      {c.percent}% <span className="text-slate-500">({strengthOf(c.percent)})</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </Card>
      <Card title="Enrolments">
        {enrolments.length === 0 ? (
          <p className="text-sm text-slate-600">No enrolments.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {enrolments.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-3 py-2 text-sm">
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{e.title}</span>{" "}
                  <span className="text-slate-500">
                    ({KIND_LABELS[e.kind]}, {e.source}, {formatDateTime(e.grantedAt)})
                  </span>
                  {!e.revokedAt && e.expiresAt ? (
                    <span className={e.ended ? "block font-medium text-amber-800" : "block text-slate-700"}>
                      {enrolmentAccessLabel(e.expiresAt, e.ended)}
                    </span>
                  ) : null}
                </span>
                {!e.revokedAt && e.expiresAt ? <ExtendForm enrolment={e} busy={busy} /> : null}
                {e.revokedAt ? (
                  <Badge tone="refunded">Revoked</Badge>
                ) : (
                  <RevokeButton enrolment={e} student={user.name} busy={busy} />
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Orders">
        {orders.length === 0 ? (
          <p className="text-sm text-slate-600">No orders.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {orders.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <Link to={`/admin/sales?q=${o.number}`} className="font-medium hover:underline">
                  {o.number}
                </Link>
                <span className="text-slate-600">{formatDateTime(o.createdAt)}</span>
                <Badge>{o.status}</Badge>
                <span className="font-semibold">{formatPaise(o.totalPaise)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** A new last day of access for this student (after today), or access for life; audited. */
function ExtendForm({ enrolment, busy }: { enrolment: { id: number; title: string }; busy: boolean }) {
  const inputId = `extend-${enrolment.id}`;
  return (
    <Form method="post" className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
      <input type="hidden" name="enrolmentId" value={enrolment.id} />
      <label htmlFor={inputId} className="sr-only">
        New last day of access to {enrolment.title}
      </label>
      <input
        id={inputId}
        name="until"
        type="date"
        min={istToday(new Date(Date.now() + 86_400_000))}
        className={`${inputClass} w-auto`}
      />
      <Button type="submit" name="intent" value="extend" size="sm" variant="secondary" disabled={busy}>
        Extend<span className="sr-only"> {enrolment.title}</span>
      </Button>
      <Button type="submit" name="intent" value="lifetime" size="sm" variant="ghost" disabled={busy}>
        Make lifetime<span className="sr-only"> for {enrolment.title}</span>
      </Button>
    </Form>
  );
}

export const ErrorBoundary = AdminErrorBoundary;

/**
 * Revoke, behind a confirmation: the student loses the item at once and any practice test of theirs
 * left open without access is submitted as it stands (revokeAccess), which no grant undoes.
 */
function RevokeButton({
  enrolment,
  student,
  busy,
}: {
  enrolment: { id: number; title: string };
  student: string;
  busy: boolean;
}) {
  const submit = useSubmit();
  return (
    <ConfirmDialog
      title={`Revoke "${enrolment.title}" from ${student}?`}
      description="They lose access at once, and a practice test they have open without access is submitted as it stands. Granting the item again later gives back access, not the open test."
      confirmLabel="Revoke"
      disabled={busy}
      onConfirm={() => submit({ intent: "revoke", enrolmentId: String(enrolment.id) }, { method: "post" })}
      trigger={
        <Button type="button" size="sm" variant="dangerGhost" disabled={busy} aria-label={`Revoke ${enrolment.title}`}>
          Revoke
        </Button>
      }
    />
  );
}
