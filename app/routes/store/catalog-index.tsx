import { ArrowRight, GraduationCap } from "lucide-react";
import { data, Link } from "react-router";
import { KIND_BASE_ROUTE, KIND_LABELS, kindFromPath } from "~/features/catalog/labels";
import { appUrlFromMatches, seoMeta } from "~/features/seo/seo";
import { StoreErrorPage } from "~/features/site/not-found";
import { Container } from "~/ui/container";
import type { Route } from "./+types/catalog-index";

const COPY = {
  course: {
    title: "Courses",
    intro: "Expert-led video courses in Accountancy, Economics and Business Studies. Pick your class to begin.",
    description: "Video courses for Class 11 and Class 12 commerce: Accountancy, Economics and Business Studies.",
  },
  note: {
    title: "Notes",
    intro: "Handwritten notes, formula sheets and quick revision guides. Pick your class.",
    description: "Study notes, formula sheets and revision guides for Class 11 and Class 12 commerce students.",
  },
  pyq: {
    title: "Previous Year Questions (PYQ)",
    intro: "Board and annual exam papers with solutions and marking schemes. Pick your class.",
    description: "Previous-year board and annual exam papers with solutions for Class 11 and Class 12 commerce.",
  },
  test: {
    title: "Practice Tests",
    intro: "Chapter-wise questions and timed mock papers in the board pattern, scored and explained. Pick your class.",
    description:
      "Timed CBSE board-pattern practice tests and mock papers for Class 11 and Class 12 commerce, with explained answers.",
  },
  bundle: {
    title: "Bundles",
    intro: "Courses, notes, papers and tests together at one price below their sum. Pick your class.",
    description: "Complete Class 11 and Class 12 commerce sets: courses, notes, PYQ and tests at one bundle price.",
  },
} as const;

export function loader({ request }: Route.LoaderArgs) {
  const kind = kindFromPath(new URL(request.url).pathname);
  if (!kind) throw data(null, { status: 404 });
  return { kind };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { kind } = loaderData;
  return seoMeta({
    title: `${KIND_LABELS[kind]} for Class 11 & 12 | Commerce Academy`,
    description: COPY[kind].description,
    path: KIND_BASE_ROUTE[kind],
    appUrl: appUrlFromMatches(matches),
  });
}

export default function CatalogIndex({ loaderData }: Route.ComponentProps) {
  const { kind } = loaderData;
  const base = KIND_BASE_ROUTE[kind];
  return (
    <main id="main">
      <Container className="py-10 sm:py-14">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{COPY[kind].title}</h1>
        <p className="mt-2 max-w-2xl text-slate-600">{COPY[kind].intro}</p>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2">
          {(["11", "12"] as const).map((std) => (
            <li key={std}>
              <Link
                to={`${base}/std/${std}`}
                prefetch="intent"
                className="group flex h-full items-center gap-5 rounded-2xl border border-slate-200 bg-gradient-to-br from-brand-50 to-white p-6 shadow-sm transition-shadow hover:shadow-md sm:p-8"
              >
                <span className="flex h-16 w-16 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white">
                  <GraduationCap className="h-8 w-8" aria-hidden />
                </span>
                <span className="flex-1">
                  <span className="block text-2xl font-bold text-slate-900">Class {std}</span>
                  <span className="mt-1 block text-slate-600">
                    {KIND_LABELS[kind]} for Class {std} commerce
                  </span>
                </span>
                <ArrowRight
                  className="h-6 w-6 text-brand-700 transition-transform group-hover:translate-x-1"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
