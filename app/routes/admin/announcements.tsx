import { data } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { AdminErrorBoundary } from "~/features/admin/route-error";
import { Card, PageHeader } from "~/features/admin/ui";
import {
  AnnouncementConfirm,
  type AnnouncementConfirmation,
  AnnouncementForm,
  AnnouncementTable,
} from "~/features/marketing/admin-announcements";
import { announcementSchema } from "~/features/marketing/announcement-schema";
import {
  ANNOUNCEMENT_JOB,
  announcementCourses,
  checkAudience,
  createAnnouncement,
  listAnnouncements,
} from "~/features/marketing/announcements.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { type FieldErrors, failureFrom, formFailure, formValues, readForm, validate } from "~/lib/form.server";
import { parseId } from "~/lib/id";
import { log } from "~/lib/log.server";
import { readyJobQueue } from "~/platform/jobs/queue.server";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/announcements";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Announcements | Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const page = parseId(new URL(request.url).searchParams.get("page")) ?? 1;
  const [list, courses] = await Promise.all([listAnnouncements(db, { page }), announcementCourses(db)]);
  return { page, courses, ...list };
}

/** Asks the queue to write the emails now (the job's 5-minute sweep does it anyway if this fails). */
async function startSending() {
  try {
    const queue = await readyJobQueue();
    await queue?.send(ANNOUNCEMENT_JOB, {});
  } catch (error) {
    log.warn({ err: error }, "the announcement job could not be sent; its sweep will write the emails");
  }
}

/**
 * POST intent=preview: the form checked, answered with how many students it reaches (nothing is
 * saved); intent=send (the confirmation's button): saved, audited and queued for email.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const admin = context.get(userContext);
  const form = await readForm(request);
  if (form.intent !== "preview" && form.intent !== "send")
    return formFailure({ formError: "Unknown action.", values: formValues(form, announcementSchema) });
  const parsed = validate(announcementSchema, form);
  if (!parsed.ok) return formFailure(parsed);
  try {
    if (form.intent === "preview") {
      const confirm: AnnouncementConfirmation = await checkAudience(db, parsed.data);
      return data(
        { fieldErrors: {} as FieldErrors, formError: undefined, values: parsed.values, confirm },
        { headers: { "Cache-Control": "no-store" } },
      );
    }
    const sent = await createAnnouncement(db, admin.id, parsed.data);
    await startSending();
    return redirectWithFlash(
      "/admin/announcements",
      `Announcement sent to ${sent.recipientsCount} student${sent.recipientsCount === 1 ? "" : "s"}; ${
        sent.sentCount
      } email${sent.sentCount === 1 ? " is" : "s are"} on the way.`,
    );
  } catch (error) {
    return failureFrom(error, parsed.values);
  }
}

export default function AdminAnnouncements({ loaderData, actionData }: Route.ComponentProps) {
  const { items, hasMore, page, courses } = loaderData;
  const values = actionData?.values ?? {};
  const confirm = actionData && "confirm" in actionData ? (actionData.confirm as AnnouncementConfirmation) : undefined;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Announcements"
        subtitle="A short message to the students of a course, of a class or to everyone: on their My Courses page and by email."
      />
      {confirm ? <AnnouncementConfirm confirm={confirm} values={values} /> : null}
      <Card title="New announcement">
        <AnnouncementForm
          key={JSON.stringify(values)}
          courses={courses}
          values={values}
          errors={actionData?.fieldErrors ?? {}}
          formError={actionData?.formError}
        />
      </Card>
      <Card title="Sent">
        <AnnouncementTable rows={items} />
        {page > 1 || hasMore ? (
          <Pager
            previous={page > 1 ? `/admin/announcements?page=${page - 1}` : null}
            next={hasMore ? `/admin/announcements?page=${page + 1}` : null}
            status={`Page ${page}`}
            reloadDocument
          />
        ) : null}
      </Card>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
