import { Link, redirect } from "react-router";
import { z } from "zod";
import { dbContext } from "~/features/accounts/context.server";
import { requireUser } from "~/features/accounts/guards.server";
import { addToCart } from "~/features/cart/cart.server";
import { getEndedAccess, listOwnedProducts } from "~/features/learning/access.server";
import { OwnedCard } from "~/features/learning/owned-card";
import { AnnouncementList } from "~/features/marketing/announcement-list";
import { announcementsForStudent } from "~/features/marketing/announcements.server";
import { invariantResponse, methodNotAllowed } from "~/lib/errors";
import { redirectWithFlash } from "~/lib/flash.server";
import { parseForm } from "~/lib/form.server";
import { idSchema } from "~/lib/id";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import { NotFoundPage } from "~/ui/not-found";
import type { Route } from "./+types/my-courses";

export const EMPTY_TEXT = "You don't have any courses";

export function meta(_: Route.MetaArgs) {
  return [{ title: "My Courses | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await requireUser(db, request, context);
  const [items, announcements] = await Promise.all([
    listOwnedProducts(db, user.id),
    announcementsForStudent(db, user.id),
  ]);
  return { items, announcements };
}

const renewForm = z.object({ intent: z.literal("renew"), productId: idSchema });

/**
 * "Renew" on an item whose access ended (issue 36): it goes into the cart and the student to
 * checkout, where buying it again renews the same enrolment (accounts/access-period.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw methodNotAllowed(["POST"]);
  const db = context.get(dbContext);
  const user = await requireUser(db, request);
  const form = await parseForm(request, renewForm);
  invariantResponse(form.ok, "Choose an item to renew.");
  const { productId } = form.data;
  const ended = await getEndedAccess(db, user.id, productId);
  invariantResponse(ended, "Only an item whose access has ended can be renewed here.", 400);
  const { items, notices } = await addToCart(db, user.id, productId);
  if (!items.some((item) => item.id === productId)) {
    return redirectWithFlash("/my-courses", {
      kind: "error",
      message: notices[0] ?? `"${ended.title}" cannot be renewed.`,
    });
  }
  return redirect("/checkout");
}

export default function MyCourses({ loaderData }: Route.ComponentProps) {
  const { items, announcements } = loaderData;
  return (
    <main id="main">
      <Container className="py-10">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">My Courses</h1>
          <Link
            to="/my-courses/tests"
            className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
          >
            My tests and weak chapters
          </Link>
        </div>
        <AnnouncementList items={announcements} />
        {items.length === 0 ? (
          <div className="mt-10 flex flex-col items-center gap-5 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
            <p className="text-lg font-semibold text-slate-800">{EMPTY_TEXT}</p>
            <Button asChild>
              <Link to="/courses">Go To Courses</Link>
            </Button>
          </div>
        ) : (
          <>
            <p className={announcements.length > 0 ? "mt-8 text-slate-600" : "mt-1 text-slate-600"}>
              Your courses, notes and previous-year papers.
            </p>
            <ul className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {items.map((item) => (
                <li key={item.id}>
                  <OwnedCard item={item} />
                </li>
              ))}
            </ul>
          </>
        )}
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = (error as { status?: number })?.status;
  if (status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">We could not load your courses</h1>
      <p className="mt-3 text-slate-600">Please try again in a moment.</p>
    </main>
  );
}
