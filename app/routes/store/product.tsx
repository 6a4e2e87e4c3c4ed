import { CheckCircle2 } from "lucide-react";
import { lazy, Suspense } from "react";
import { data, Form, Link } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser, requireUser } from "~/features/accounts/guards.server";
import { AddToCartButton } from "~/features/cart/add-to-cart-button";
import { bundleOffer } from "~/features/catalog/bundles";
import { bundleItemsOf } from "~/features/catalog/bundles.server";
import { getPublishedProduct } from "~/features/catalog/catalog.server";
import {
  fileFeatures,
  KIND_BASE_ROUTE,
  KIND_LABELS,
  KIND_SINGULAR,
  kindFromPath,
  SUBJECT_LABELS,
} from "~/features/catalog/labels";
import { claimFreeItem } from "~/features/checkout/checkout.server";
import { ownedAmong, ownedIdsOf } from "~/features/learning/access.server";
import { CourseCurriculum } from "~/features/learning/course-curriculum";
import { courseFeatures } from "~/features/learning/curriculum";
import { getCurriculum } from "~/features/learning/curriculum.server";
import { OpenButton } from "~/features/learning/open-button";
import { TEST_FEATURES, TestFactsList } from "~/features/practice/test-facts";
import { getTestFacts } from "~/features/practice/tests.server";
import {
  createReview,
  deleteReview,
  getRatingSummary,
  listProductReviews,
  reportReview,
  reviewViewer,
  updateReview,
} from "~/features/reviews/reviews.server";
import { ReviewsSection } from "~/features/reviews/reviews-section";
import { reportSchema, reviewFormSchema, reviewIntentSchema } from "~/features/reviews/schema";
import { productJsonLd } from "~/features/seo/json-ld";
import { absoluteUrl, appUrlFromMatches, metaDescription, seoMeta } from "~/features/seo/seo";
import { StoreErrorPage } from "~/features/site/not-found";
import { usePersonal } from "~/features/site/personal";
import { accessLabel } from "~/lib/access-period";
import { descriptionPreview } from "~/lib/description";
import { redirectWithFlash } from "~/lib/flash.server";
import { failureFrom, formFailure, formValues, readForm, validate } from "~/lib/form.server";
import { parseId } from "~/lib/id";
import { formatPrice } from "~/lib/money";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import { FormAlert } from "~/ui/field";
import { Stars } from "~/ui/stars";
import type { Route } from "./+types/product";

// A bundle's price box and contents load with bundle pages only: course, note, PYQ and test pages
// (this module's other kinds) keep their first-load JavaScript (tests/e2e/public-bundle.e2e.test.ts).
const bundleUi = () => import("~/features/catalog/bundle-contents");
const BundlePrice = lazy(() => bundleUi().then((m) => ({ default: m.BundlePrice })));
const BundleContents = lazy(() => bundleUi().then((m) => ({ default: m.BundleContents })));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const kind = kindFromPath(new URL(request.url).pathname);
  const id = parseId(params.id);
  // Unknown, malformed, draft, archived or another kind's id: the store has no such page.
  if (!kind || id === null) throw data(null, { status: 404 });
  const reviewPage = Number(new URL(request.url).searchParams.get("reviews") ?? "1");
  const [product, curriculum, user, summary, testFacts, bundleItems] = await Promise.all([
    getPublishedProduct(db, kind, id),
    kind === "course" ? getCurriculum(db, id) : [],
    getOptionalUser(db, request, context),
    getRatingSummary(db, id),
    kind === "test" ? getTestFacts(db, id) : null,
    kind === "bundle" ? bundleItemsOf(db, [id]).then((m) => m.get(id) ?? []) : [],
  ]);
  if (!product || !summary) throw data(null, { status: 404 });
  const [owned, reviews] = await Promise.all([
    ownedIdsOf(db, user),
    listProductReviews(db, product.id, reviewPage, summary.count),
  ]);
  // Only a signed-in viewer's page carries their review, whether they may review, and what they reported.
  const viewer = user
    ? await reviewViewer(
        db,
        user.id,
        product,
        reviews.reviews.map((r) => r.id),
      )
    : undefined;
  // "This includes": made here, so the page's JavaScript carries no access-period or curriculum rules.
  const limited = product.accessUntil || product.accessMonths ? accessLabel(product) : null;
  const features =
    product.kind === "test"
      ? [...TEST_FEATURES, ...(limited ? [limited] : [])]
      : product.kind === "course"
        ? courseFeatures(curriculum, product)
        : product.kind === "bundle"
          ? [`${bundleItems.length} items in one purchase`, "Each item unlocked on My Courses"]
          : [...fileFeatures(product.kind, product.hasFile), ...(limited ? [limited] : [])];
  return {
    product,
    features,
    curriculum,
    testFacts,
    bundleItems,
    summary,
    reviews,
    ...(viewer ? { viewer } : {}),
    // A bundle's page also knows which of its items the viewer owns: its price for them (bundleOffer).
    ...ownedAmong(owned, [product, ...bundleItems]),
  };
}

/**
 * "Get it free" on a free item (one step, signed in), and the review form of the page: write, edit
 * or delete your review, or report someone else's.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const kind = kindFromPath(new URL(request.url).pathname);
  const id = parseId(params.id);
  const product = kind && id !== null ? await getPublishedProduct(db, kind, id) : null;
  if (!product) throw data({ message: "Item not found." }, { status: 404 });
  const user = await requireUser(db, request, context);
  const form = await readForm(request);
  if (form.intent === "claim") {
    try {
      await claimFreeItem(db, user.id, product.id);
    } catch (error) {
      return failureFrom(error, {}, { intent: "claim" });
    }
    return redirectWithFlash(
      `${KIND_BASE_ROUTE[product.kind]}/${product.id}`,
      `"${product.title}" is yours. Open it here or from My Courses.`,
    );
  }
  const intent = validate(reviewIntentSchema, form);
  if (!intent.ok) return formFailure(intent);
  const back = `${KIND_BASE_ROUTE[product.kind]}/${product.id}#reviews`;
  const which = { intent: intent.data.intent };
  // What a refusal sends back: the review form's own fields (so nothing typed is lost), nothing else.
  const echo = formValues(form, reviewFormSchema);
  try {
    switch (intent.data.intent) {
      case "create":
      case "update": {
        const v = validate(reviewFormSchema, form);
        if (!v.ok) return formFailure({ ...v, ...which });
        const { intent: _intent, ...input } = v.data;
        if (v.data.intent === "create") await createReview(db, user.id, product.id, input);
        else await updateReview(db, user.id, product.id, input);
        return redirectWithFlash(back, "Thank you! Your review is saved.");
      }
      case "delete":
        await deleteReview(db, user.id, product.id);
        return redirectWithFlash(back, "Your review is deleted.");
      case "report": {
        const v = validate(reportSchema, form);
        if (!v.ok) return formFailure({ ...v, ...which });
        await reportReview(db, user.id, product.id, v.data.reviewId);
        return redirectWithFlash(back, "Thank you. Our team will look at this review.");
      }
    }
  } catch (error) {
    return failureFrom(error, echo, which);
  }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const p = loaderData.product;
  const appUrl = appUrlFromMatches(matches);
  const path = `${KIND_BASE_ROUTE[p.kind]}/${p.id}`;
  const classText = p.classLevel === "both" ? "Class 11 & 12" : `Class ${p.classLevel}`;
  return seoMeta({
    title: `${p.title} | ${classText} ${KIND_SINGULAR[p.kind]} | Commerce Academy`,
    description: metaDescription(p.description),
    path,
    appUrl,
    image: p.image,
    type: "product",
    jsonLd: productJsonLd({ ...p, reviews: loaderData.reviews.reviews, url: absoluteUrl(appUrl, path), appUrl }),
  });
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product: p, curriculum } = loaderData;
  // A shared page (ADR 0012): what the visitor owns and their side of the reviews come from /api/me.
  const personal = usePersonal();
  const ownedIds = loaderData.owned ?? personal?.owned;
  const owned = ownedIds?.includes(p.id) ?? false;
  // A bundle (issue 36): its price for this viewer, less what they own of it (catalog/bundles.ts).
  const bundle = p.kind === "bundle" ? bundleOffer(p.pricePaise, loaderData.bundleItems, ownedIds) : null;
  const base = KIND_BASE_ROUTE[p.kind];
  const preview = descriptionPreview(p.description);
  // "Get it free" refused (already yours): said under its button, not in the review form.
  const claimed = actionData && "intent" in actionData && actionData.intent === "claim" ? actionData : undefined;
  const claimError = claimed?.formError;
  const std = p.classLevel === "both" ? null : p.classLevel;
  const features = loaderData.features;
  return (
    <main id="main">
      <Container className="py-6 sm:py-10">
        <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to="/" className="hover:text-brand-700 hover:underline">
                Home
              </Link>
              <span aria-hidden> / </span>
            </li>
            <li>
              <Link to={base} className="hover:text-brand-700 hover:underline">
                {KIND_LABELS[p.kind]}
              </Link>
              <span aria-hidden> / </span>
            </li>
            {std ? (
              <li>
                <Link to={`${base}/std/${std}`} className="hover:text-brand-700 hover:underline">
                  Class {std}
                </Link>
                <span aria-hidden> / </span>
              </li>
            ) : null}
            <li aria-current="page" className="font-medium text-slate-900">
              {p.title}
            </li>
          </ol>
        </nav>
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:gap-x-10">
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            <span className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
              {SUBJECT_LABELS[p.subject]}
            </span>
            <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{p.title}</h1>
            <p className="mt-3 text-lg text-slate-700">
              {preview.text}
              {preview.cut ? (
                <>
                  …{" "}
                  <a
                    href="#about"
                    className="whitespace-nowrap font-medium text-brand-700 underline hover:text-brand-900"
                  >
                    Read more
                  </a>
                </>
              ) : null}
            </p>
            <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
              <a href="#reviews" className="rounded hover:bg-slate-100">
                <Stars rating={p.rating} count={p.reviewCount} />
              </a>
              <p className="text-slate-700">
                by <span className="font-semibold text-slate-900">{p.instructor}</span>
              </p>
            </div>
          </div>
          <aside aria-label="Purchase" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24">
              {bundle ? (
                <Suspense fallback={null}>
                  <BundlePrice pricePaise={p.pricePaise} offer={bundle} />
                </Suspense>
              ) : (
                <p className="text-3xl font-extrabold text-slate-900" data-testid="detail-price">
                  {formatPrice(p.pricePaise)}
                </p>
              )}
              {owned ? (
                <p className="mt-1 text-sm font-semibold text-emerald-700">
                  You own this {KIND_SINGULAR[p.kind].toLowerCase()}.
                </p>
              ) : p.pricePaise > 0 && !bundle?.allOwned ? (
                <p className="mt-1 text-sm text-slate-600">+ GST (18%) at checkout</p>
              ) : null}
              {owned || bundle?.allOwned ? (
                <OpenButton item={p} size="lg" className="mt-5 w-full" data-main-action />
              ) : p.kind === "test" && p.pricePaise === 0 ? (
                // A free test is open to every signed-in student without a purchase: its start page.
                <Button asChild size="lg" className="mt-5 w-full" data-main-action>
                  <Link to={`/my-courses/tests/start/${p.id}`}>Take the free test</Link>
                </Button>
              ) : p.pricePaise === 0 ? (
                // A free note, paper or course: yours in one step, no ₹0 checkout (issue 32).
                <Form method="post" className="mt-5">
                  <input type="hidden" name="intent" value="claim" />
                  <Button type="submit" size="lg" className="w-full" data-main-action>
                    Get it free
                  </Button>
                  {claimError ? (
                    <div className="mt-3">
                      <FormAlert>{claimError}</FormAlert>
                    </div>
                  ) : null}
                </Form>
              ) : (
                <AddToCartButton
                  item={bundle ? { ...p, pricePaise: bundle.pricePaise } : p}
                  size="lg"
                  className="mt-5 w-full"
                  data-main-action
                />
              )}
              {loaderData.testFacts ? <TestFactsList facts={loaderData.testFacts} /> : null}
              {features.length > 0 ? (
                <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-slate-600">This includes</h2>
              ) : null}
              <ul className="mt-3 space-y-2">
                {features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2 text-slate-800">
                    <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
            </div>
          </aside>
          <div className="min-w-0 lg:col-start-1 lg:row-start-2">
            <img
              src={p.image}
              alt={`Cover of ${p.title}`}
              width={1280}
              height={800}
              fetchPriority="high"
              className="aspect-[16/10] w-full rounded-2xl bg-slate-100 object-cover"
            />
            {preview.cut ? (
              // The whole description, where "Read more" leads (the preview above ends at a word).
              <section aria-labelledby="about-heading" id="about" className="mt-8 scroll-mt-24">
                <h2 id="about-heading" className="text-2xl font-bold text-slate-900">
                  About this {p.kind === "pyq" ? "paper" : KIND_SINGULAR[p.kind].toLowerCase()}
                </h2>
                <p className="mt-3 whitespace-pre-line break-words leading-relaxed text-slate-700">{p.description}</p>
              </section>
            ) : null}
            {p.modules.length > 0 ? (
              // The free-text topics: a summary of what the course teaches (the curriculum follows).
              <section aria-labelledby="modules-heading" className="mt-8">
                <h2 id="modules-heading" className="text-2xl font-bold text-slate-900">
                  {p.kind === "course" ? "What you'll learn" : "What's inside"}
                </h2>
                <ol className="mt-4 grid gap-2 sm:grid-cols-2">
                  {p.modules.map((m, i) => (
                    <li key={m} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-3 text-slate-700">
                      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-700">
                        {i + 1}
                      </span>
                      {m}
                    </li>
                  ))}
                </ol>
              </section>
            ) : null}
            {curriculum.length > 0 ? <CourseCurriculum courseId={p.id} modules={curriculum} /> : null}
            {bundle ? (
              <Suspense fallback={null}>
                <BundleContents items={loaderData.bundleItems} pricePaise={p.pricePaise} offer={bundle} />
              </Suspense>
            ) : null}
            <ReviewsSection
              summary={loaderData.summary}
              list={loaderData.reviews}
              path={`${base}/${p.id}`}
              viewer={loaderData.viewer ?? personal?.viewer}
              actionData={claimed ? undefined : actionData}
            />
          </div>
        </div>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
