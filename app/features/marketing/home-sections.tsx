import { ArrowRight, CheckCircle2, Quote } from "lucide-react";
import { Link } from "react-router";
import type { ClassLevel } from "~/features/catalog/class-levels";
import { SUBJECT_LABELS, type Subject } from "~/features/catalog/labels";
import { Button } from "~/ui/button";
import { Container } from "~/ui/container";
import { type Topper, ToppersBySubject } from "./toppers";

export const HERO_TITLE = "Excel in Your Commerce Exams";
export const HERO_SUBTEXT =
  "Master Class 11 & 12 Commerce with expert-led courses and top-quality notes. Your journey to academic excellence starts here.";

/** The home page's hero: its heading, its promise and the two ways in. */
export function Hero() {
  return (
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
  );
}

export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mb-6">
      <h2 id={id} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {subtitle ? <p className="mt-1 text-slate-600">{subtitle}</p> : null}
    </div>
  );
}

export interface SubjectService {
  id: number;
  subject: Subject;
  classLevel: ClassLevel;
  name: string;
  instructor: string;
  image: string;
  services: string[];
}

/** The subject list: one card per subject with its class 11 and class 12 services. */
export function SubjectList({ services }: { services: SubjectService[] }) {
  const subjects = [...new Set(services.map((s) => s.subject))];
  return (
    <section aria-labelledby="subjects-heading" className="py-10">
      <SectionHeading
        id="subjects-heading"
        title="Subjects We Teach"
        subtitle="What you get in each subject, for Class 11 and Class 12"
      />
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {subjects.map((subject) => {
          const rows = services.filter((s) => s.subject === subject);
          return (
            <li key={subject} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="text-lg font-bold text-slate-900">{SUBJECT_LABELS[subject]}</h3>
              <p className="text-sm text-slate-600">with {rows[0]?.instructor}</p>
              {(["11", "12"] as const).map((level) => {
                const row = rows.find((r) => r.classLevel === level || r.classLevel === "both");
                if (!row) return null;
                return (
                  <div key={level} className="mt-4">
                    <p className="text-sm font-semibold text-brand-700">Class {level}</p>
                    <ul className="mt-1 space-y-1 text-sm text-slate-700">
                      {row.services.map((service) => (
                        <li key={service} className="flex gap-2">
                          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                          {service}
                        </li>
                      ))}
                    </ul>
                  </div>
                );
              })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export interface Testimonial {
  id: number;
  quote: string;
  name: string;
  university: string;
  avatar: string;
}

export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <section aria-labelledby="testimonials-heading" className="py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="testimonials-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Trusted by Toppers
          </h2>
          <p className="mt-1 text-slate-600">What our students say after their board exams</p>
        </div>
        <Link to="/toppers" className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
          {/* Visible text per spec; the hidden rest makes the link's text descriptive (for search engines too). */}
          Learn More<span className="sr-only"> about our toppers</span> <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
      <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-4">
        {testimonials.map((t) => (
          <li key={t.id}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Quote className="h-6 w-6 text-brand-500" aria-hidden />
              <blockquote className="mt-2 flex-1 text-slate-700">{t.quote}</blockquote>
              <figcaption className="mt-4 flex items-center gap-3">
                <img src={t.avatar} alt="" width={44} height={44} loading="lazy" className="h-11 w-11 rounded-full" />
                <span>
                  <span className="block font-semibold text-slate-900">{t.name}</span>
                  <span className="block text-sm text-slate-600">{t.university}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface CourseHighlight {
  title: string;
  subject: string;
  instructor: string;
  image: string;
  services: string[];
}

export function CourseHighlightCard({ highlight }: { highlight: CourseHighlight }) {
  return (
    <section aria-labelledby="highlight-heading" className="py-10">
      <div className="grid overflow-hidden rounded-2xl border border-slate-200 bg-brand-50 shadow-sm md:grid-cols-2">
        <img
          src={highlight.image}
          alt=""
          width={640}
          height={400}
          loading="lazy"
          className="h-full max-h-80 w-full object-cover"
        />
        <div className="flex flex-col gap-3 p-6 sm:p-8">
          <span className="w-fit rounded-full bg-white px-3 py-0.5 text-xs font-semibold text-brand-700">
            {highlight.subject}
          </span>
          <h2 id="highlight-heading" className="text-2xl font-bold text-slate-900">
            {highlight.title}
          </h2>
          <p className="text-slate-700">
            Instructor: <span className="font-semibold">{highlight.instructor}</span>
          </p>
          <ul className="space-y-2 text-slate-700">
            {highlight.services.map((service) => (
              <li key={service} className="flex gap-2">
                <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-600" aria-hidden />
                {service}
              </li>
            ))}
          </ul>
          <Button asChild className="mt-2 w-fit">
            <Link to="/courses">
              Learn More<span className="sr-only"> about {highlight.title}</span>{" "}
              <ArrowRight className="h-4 w-4" aria-hidden />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The home page's topper galleries: every subject's toppers under one heading. */
export function TopperGalleries({ toppers }: { toppers: Topper[] }) {
  return (
    <section aria-labelledby="galleries-heading" className="py-10">
      <SectionHeading
        id="galleries-heading"
        title="Topper Galleries"
        subtitle="Our students at the top of every subject"
      />
      <ToppersBySubject toppers={toppers} headingLevel={3} />
    </section>
  );
}
