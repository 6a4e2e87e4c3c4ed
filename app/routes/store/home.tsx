import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { cardAction } from "~/features/cart/card-action";
import { listFeaturedNotes, listPublishedProducts } from "~/features/catalog/catalog.server";
import { ProductSection } from "~/features/catalog/product-grid";
import { ownedAmong, ownedIdsOf } from "~/features/learning/access.server";
import { BannerCarousel } from "~/features/marketing/banner-carousel";
import { CourseHighlightCard, SectionHeading, SubjectList, Testimonials } from "~/features/marketing/home-sections";
import {
  getCourseHighlight,
  listBanners,
  listSubjectServices,
  listTestimonials,
  listToppers,
} from "~/features/marketing/marketing.server";
import { ToppersBySubject } from "~/features/marketing/toppers";
import { appUrlFromMatches, seoMeta } from "~/features/seo/seo";
import { StoreErrorPage } from "~/features/site/not-found";
import { usePersonal } from "~/features/site/personal";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import type { Route } from "./+types/home";

export const HERO_TITLE = "Excel in Your Commerce Exams";
export const HERO_SUBTEXT =
  "Master Class 11 & 12 Commerce with expert-led courses and top-quality notes. Your journey to academic excellence starts here.";

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

export default function Home({ loaderData }: Route.ComponentProps) {
  const { courses, featuredNotes, banners, services, testimonials, toppers, highlight } = loaderData;
  const personal = usePersonal();
  const owned = loaderData.owned ?? personal?.owned;
  // Class lists from the same rows: an item "for both" classes appears in each.
  const class11 = courses.filter((c) => c.classLevel !== "12");
  const class12 = courses.filter((c) => c.classLevel !== "11");
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 text-white">
        <Container className="py-16 sm:py-24">
          <div className="max-w-3xl">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">{HERO_TITLE}</h1>
            <p className="mt-5 text-lg text-brand-50 sm:text-xl">{HERO_SUBTEXT}</p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Button asChild variant="accent" size="lg">
                <Link to="/courses">
                  Explore Courses <ArrowRight className="h-4 w-4" aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="onDark">
                <Link to="/notes">Browse Notes</Link>
              </Button>
            </div>
          </div>
        </Container>
      </section>
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
        {services.length ? <SubjectList services={services} /> : null}
        {testimonials.length ? <Testimonials testimonials={testimonials} /> : null}
        {toppers.length ? (
          <section aria-labelledby="galleries-heading" className="py-10">
            <SectionHeading
              id="galleries-heading"
              title="Topper Galleries"
              subtitle="Our students at the top of every subject"
            />
            <ToppersBySubject toppers={toppers} headingLevel={3} />
          </section>
        ) : null}
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
        {highlight ? <CourseHighlightCard highlight={highlight} /> : null}
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
