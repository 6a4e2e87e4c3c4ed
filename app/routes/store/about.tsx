import { Award, BookOpen, Eye, GraduationCap, Trophy, Users, Video } from "lucide-react";
import { Link } from "react-router";
import { appUrlFromMatches, seoMeta } from "~/features/seo/seo";
import { StoreErrorPage } from "~/features/site/not-found";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import type { Route } from "./+types/about";

export const ABOUT_STATS = [
  { value: "15+", label: "years of teaching commerce", icon: GraduationCap },
  { value: "100/100", label: "perfect scores in the board exams", icon: Trophy },
  { value: "100+", label: "success stories every year", icon: Users },
] as const;

const OFFERS = [
  {
    icon: Video,
    title: "Video courses",
    text: "Chapter-by-chapter lessons for Accountancy, Economics and Business Studies, Class 11 and 12.",
  },
  {
    icon: BookOpen,
    title: "Notes and formula sheets",
    text: "Chapter notes and quick revision guides, several of them free for every student.",
  },
  {
    icon: Award,
    title: "Previous-year papers",
    text: "Board and annual exam papers with marking schemes and fully worked solutions.",
  },
];

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    title: "About Us | Commerce Academy",
    description:
      "Fifteen years of teaching Class 11 and 12 commerce: our story, our toppers with perfect 100/100 scores, what we offer and our vision.",
    path: "/about",
    appUrl: appUrlFromMatches(matches),
  });
}

export default function About() {
  return (
    <main id="main">
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <Container className="py-14 sm:py-20">
          <h1 className="text-3xl font-extrabold sm:text-5xl">About Commerce Academy</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-50">
            Helping Class 11 and 12 commerce students understand, not memorise, since 2010.
          </p>
        </Container>
      </section>
      <Container className="space-y-14 py-12">
        <section aria-labelledby="story-heading" className="max-w-3xl">
          <h2 id="story-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Our story
          </h2>
          <p className="mt-4 text-slate-700">
            Commerce Academy began as a small evening batch of twelve students in Jaipur. Our founder, an Accountancy
            teacher, noticed that most students lost marks not because the subject was hard, but because nobody had
            shown them how the pieces fit together. Fifteen years later the same approach, clear concepts first, then
            lots of practice, reaches students across India through video lessons, notes and solved papers.
          </p>
        </section>
        <section aria-labelledby="stats-heading">
          <h2 id="stats-heading" className="sr-only">
            In numbers
          </h2>
          <ul className="grid gap-5 sm:grid-cols-3">
            {ABOUT_STATS.map((stat) => (
              <li key={stat.value} className="rounded-2xl border border-slate-200 bg-brand-50 p-6 text-center">
                <stat.icon className="mx-auto h-8 w-8 text-brand-700" aria-hidden />
                <p className="mt-3 text-4xl font-extrabold text-slate-900">{stat.value}</p>
                <p className="mt-1 text-slate-700">{stat.label}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="offers-heading">
          <h2 id="offers-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            What we offer
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {OFFERS.map((offer) => (
              <li key={offer.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <offer.icon className="h-7 w-7 text-brand-700" aria-hidden />
                <h3 className="mt-3 text-lg font-bold text-slate-900">{offer.title}</h3>
                <p className="mt-2 text-slate-700">{offer.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="vision-heading" className="rounded-2xl bg-slate-900 p-8 text-white sm:p-10">
          <Eye className="h-8 w-8 text-accent-500" aria-hidden />
          <h2 id="vision-heading" className="mt-3 text-2xl font-bold sm:text-3xl">
            Our vision
          </h2>
          <p className="mt-3 max-w-3xl text-slate-200">
            Every commerce student in India, in a big city or a small town, should have a great teacher one tap away, at
            a price their family can afford.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="accent">
              <Link to="/courses">Explore Courses</Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/contact">Contact us</Link>
            </Button>
          </div>
        </section>
      </Container>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <StoreErrorPage error={error} />;
}
