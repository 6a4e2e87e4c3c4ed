import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Card, PageHeader } from "~/features/admin/ui";
import { DoubtFilters, DoubtQueue } from "~/features/doubts/admin-doubts";
import { answerDoubt, listDoubtProducts, listDoubtQueue, setDoubtHidden } from "~/features/doubts/doubts.server";
import { adminDoubtFiltersSchema, answerSchema, doubtModerationSchema } from "~/features/doubts/schema";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, readForm, validate } from "~/lib/form.server";
import { FormAlert } from "~/ui/field";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/doubts";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Doubts | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const filters = adminDoubtFiltersSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [list, products] = await Promise.all([listDoubtQueue(db, filters), listDoubtProducts(db)]);
  return { filters, products, ...list };
}

/** POST intent=answer (emails the student the first time), intent=hide or intent=unhide. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const form = await readForm(request);
  const intent = validate(doubtModerationSchema, form);
  if (!intent.ok) return formFailure(intent);
  const { doubtId } = intent.data;
  const back = `/admin/doubts${new URL(request.url).search}`;
  try {
    if (intent.data.intent === "answer") {
      const v = validate(answerSchema, form);
      if (!v.ok) return formFailure({ ...v, doubtId });
      const { first } = await answerDoubt(db, admin.id, doubtId, v.data.answer);
      return redirectWithFlash(back, first ? "Answer sent. The student is emailed." : "Answer saved.");
    }
    await setDoubtHidden(db, admin.id, doubtId, intent.data.intent === "hide");
    return redirectWithFlash(
      back,
      intent.data.intent === "hide" ? "Doubt hidden from the students." : "Doubt shown again.",
    );
  } catch (error) {
    return failureFrom(error, intent.values, { doubtId });
  }
}

export default function AdminDoubts({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, products, rows, hasMore } = loaderData;
  const query = (page: number) => {
    const q = new URLSearchParams();
    if (filters.product) q.set("product", String(filters.product));
    if (filters.status) q.set("status", filters.status);
    q.set("page", String(page));
    return `/admin/doubts?${q}`;
  };
  const doubtId = actionData && "doubtId" in actionData ? Number(actionData.doubtId) : undefined;
  const answerError = actionData?.fieldErrors?.answer;
  const error = answerError ? undefined : (actionData?.formError ?? Object.values(actionData?.fieldErrors ?? {})[0]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Doubts"
        subtitle="Students' questions under lessons and practice questions. Unanswered first; your answer is emailed to the student and shown under the lesson to the course's students."
      />
      <Card>
        <DoubtFilters filters={filters} products={products} />
      </Card>
      <Card>
        {error ? <FormAlert>{error}</FormAlert> : null}
        <DoubtQueue
          rows={rows}
          failure={answerError ? { doubtId, error: answerError, value: actionData?.values?.answer } : undefined}
        />
        {filters.page > 1 || hasMore ? (
          <Pager
            previous={filters.page > 1 ? query(filters.page - 1) : null}
            next={hasMore ? query(filters.page + 1) : null}
            status={`Page ${filters.page}`}
            reloadDocument
          />
        ) : null}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
