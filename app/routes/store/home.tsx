import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { cardAction } from "~/features/cart/card-action";
import { listFeaturedNotes, listPublishedProducts } from "~/features/catalog/catalog.server";
import { ProductSection } from "~/features/catalog/product-grid";
import { ownedAmong, ownedIdsOf } from "~/features/learning/access.server";
import { BannerCarousel } from "~/features/marketing/banner-carousel";
import {
  getCourseHighlight,
  listBanners,
  listSubjectServices,
  listTestimonials,
  listToppers,
} from "~/features/marketing/marketing.server";
import { appUrlFromMatches, seoMeta } from "~/features/seo/seo";
import { StoreErrorPage } from "~/features/site/not-found";
import { usePersonal } from "~/features/site/personal";
import { Container } from "~/ui/container";
import { lazyComponent } from "~/ui/on-demand";
import { ServerHtml } from "~/ui/server-html";
import type { Route } from "./+types/home";

// The hero and the sections below the products need no JavaScript: the browser keeps the server's
// HTML and never downloads their code on a first load (app/ui/server-html.tsx).
const load = () => import("~/features/marketing/home-sections");
const sections = import.meta.env.SSR ? await load() : null;
const Hero = lazyComponent(sections, load, (m) => m.Hero);
const SubjectList = lazyComponent(sections, load, (m) => m.SubjectList);
const Testimonials = lazyComponent(sections, load, (m) => m.Testimonials);
const TopperGalleries = lazyComponent(sections, load, (m) => m.TopperGalleries);
const CourseHighlightCard = lazyComponent(sections, load, (m) => m.CourseHighlightCard);

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    title: "Commerce Academy | Class 11 & 12 Commerce Courses, Notes and PYQ",
    description:
      "Video courses, study notes and previous-year papers in Accountancy, Economics, Business Studies and English for Class 11 and 12 commerce students.",
    path: "/",
    appUrl: appUrlFromMatches(matches),
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [courses, featuredNotes, banners, services, testimonials, toppers, highlight, owned] = await Promise.all([
    listPublishedProducts(db, "course"),
    listFeaturedNotes(db),
    listBanners(db),
    listSubjectServices(db),
    listTestimonials(db),
    listToppers(db),
    getCourseHighlight(db),
    getOptionalUser(db, request, context).then((user) => ownedIdsOf(db, user)),
  ]);
  return {
    courses,
    featuredNotes,
    banners,
    services,
    testimonials,
    toppers,
    highlight,
    ...ownedAmong(owned, [...courses, ...featuredNotes]),
  };
}

/**
 * Arriving by a link (or Back), the sections are rendered in the browser: their code comes with the
 * page's data, so the page has its full height at once (Back restores the scroll position).
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const lower = [Hero, SubjectList, Testimonials, TopperGalleries, CourseHighlightCard];
  const [data] = await Promise.all([serverLoader(), ...lower.map((section) => section.preload())]);
  return data;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { courses, featuredNotes, banners, services, testimonials, toppers, highlight } = loaderData;
  const personal = usePersonal();
  const owned = loaderData.owned ?? personal?.owned;
  // Class lists from the same rows: an item "for both" classes appears in each.
  const class11 = courses.filter((c) => c.classLevel !== "12");
  const class12 = courses.filter((c) => c.classLevel !== "11");
  return (
    <main id="main">
      <ServerHtml component={Hero} props={{}} />
      <Container>
        <div className="pt-8">
          <BannerCarousel banners={banners} />
        </div>
        <ProductSection
          title="Our Courses"
          subtitle="Expert-led video courses for Class 11 and Class 12 commerce"
          products={courses}
          itemAction={cardAction(owned)}
        />
        <ProductSection
          title="Popular Notes & Summaries"
          subtitle="Handwritten notes, formula sheets and quick revision guides"
          products={featuredNotes}
          itemAction={cardAction(owned)}
          action={
            <Link to="/notes" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
              View all notes <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          }
        />
        {/* The owner's own subjects, testimonials and toppers: a section with none (a store without
            the sample content) is left out rather than shown as a bare heading. */}
        {services.length ? <ServerHtml component={SubjectList} props={{ services }} /> : null}
        {testimonials.length ? <ServerHtml component={Testimonials} props={{ testimonials }} /> : null}
        {toppers.length ? <ServerHtml component={TopperGalleries} props={{ toppers }} /> : null}
        <ProductSection
          title="Class 11 Courses"
          subtitle="Build strong foundations in Class 11"
          products={class11}
          itemAction={cardAction(owned)}
        />
        <ProductSection
          title="Class 12 Courses"
          subtitle="Score high in your Class 12 boards"
          products={class12}
          itemAction={cardAction(owned)}
        />
        {highlight ? <ServerHtml component={CourseHighlightCard} props={{ highlight }} /> : null}
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
