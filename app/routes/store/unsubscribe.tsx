import { data, Form, isRouteErrorResponse, Link, useNavigation, useRouteError } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { setAnnouncementEmails, unsubscribeSubject } from "~/features/marketing/announcements.server";
import { asResponse, invariantResponse } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { readForm } from "~/lib/form.server";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import type { Route } from "./+types/unsubscribe";

export const UNSUBSCRIBED = "Done: you will get no more announcement emails.";

const NO_STORE = { "Cache-Control": "no-store" };
const ONE_CLICK_FIELD = "List-Unsubscribe";
const ONE_CLICK_VALUE = "One-Click";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Announcement emails | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

/** Per recipient: never kept by the page cache or the browser. */
export function headers() {
  return NO_STORE;
}

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

/** GET: a valid link shows the confirm button (or that emails are already off); a bad one is a 400. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const token = tokenOf(request);
  try {
    const subject = await unsubscribeSubject(db, token);
    return data({ token: token!, subscribed: subject.subscribed }, { headers: NO_STORE });
  } catch (error) {
    throw asResponse(error);
  }
}

/**
 * POST to the link (the confirm button, or a mail client's one-click RFC 8058 POST with the body
 * `List-Unsubscribe=One-Click`, which the button sends too; any other body is a 400): announcement
 * emails off for the account the signed token names.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const form = await readForm(request);
  // RFC 8058's body, which the page's button sends too: any other POST is not an unsubscribe.
  invariantResponse(form[ONE_CLICK_FIELD] === ONE_CLICK_VALUE, "Use the button on the unsubscribe page.", 400);
  const token = tokenOf(request);
  try {
    const subject = await unsubscribeSubject(db, token);
    await setAnnouncementEmails(db, subject.id, false);
  } catch (error) {
    throw asResponse(error);
  }
  return redirectWithFlash(`/unsubscribe?token=${encodeURIComponent(token!)}`, UNSUBSCRIBED);
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="bg-slate-50 py-16">
      <Container className="max-w-xl">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">Announcement emails</h1>
          {loaderData.subscribed ? (
            <>
              <p className="mt-3 text-slate-700">
                Stop getting Commerce Academy's announcements by email? You will still see them on My Courses, and
                emails about your orders keep coming.
              </p>
              <Form
                method="post"
                action={`/unsubscribe?token=${encodeURIComponent(loaderData.token)}`}
                className="mt-6"
              >
                <input type="hidden" name={ONE_CLICK_FIELD} value={ONE_CLICK_VALUE} />
                <Button type="submit" disabled={busy}>
                  Unsubscribe from announcements
                </Button>
              </Form>
            </>
          ) : (
            <p className="mt-3 text-slate-700" role="status">
              You get no announcement emails. You still see announcements on My Courses; to get them by email again,
              turn them on from your{" "}
              <Link to="/account" className="font-medium text-brand-700 hover:underline">
                Account
              </Link>{" "}
              page.
            </p>
          )}
        </div>
      </Container>
    </main>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : "Something went wrong. Please try again in a moment.";
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Announcement emails</h1>
      <p className="mt-3 text-slate-600">{message}</p>
    </main>
  );
}
