import { SUBJECT_LABELS, type Subject } from "~/features/catalog/labels";

/** /toppers sections in the spec's order. */
export const TOPPER_SUBJECT_ORDER: Subject[] = ["accountancy", "business_studies", "economics", "english"];

export interface Topper {
  id: number;
  subject: Subject;
  name: string;
  imageUrl: string;
  rank: string;
  badge: string | null;
  badgeColor: string | null;
  borderColor: string | null;
  courseDescription: string | null;
}

export function groupToppers(toppers: Topper[]) {
  return TOPPER_SUBJECT_ORDER.map((subject) => ({
    subject,
    label: SUBJECT_LABELS[subject],
    toppers: toppers.filter((t) => t.subject === subject),
  })).filter((g) => g.toppers.length > 0);
}

/** A student card: photo, optional badge, the score with "Out of 100", and the name. */
export function TopperCard({ topper }: { topper: Topper }) {
  return (
    <article className="flex h-full flex-col items-center rounded-xl border border-slate-200 bg-white p-5 text-center shadow-sm">
      <img
        src={topper.imageUrl}
        alt={topper.name}
        width={112}
        height={112}
        loading="lazy"
        className="h-24 w-24 rounded-full border-4 object-cover sm:h-28 sm:w-28"
        style={{ borderColor: topper.borderColor ?? "#cbd5e1" }}
      />
      {topper.badge ? (
        <span
          className="mt-3 rounded-full px-3 py-0.5 text-xs font-bold text-white"
          style={{ backgroundColor: darken(topper.badgeColor ?? "#1c3fb3") }}
        >
          {topper.badge}
        </span>
      ) : null}
      <p className="mt-3 text-3xl font-extrabold text-slate-900">{topper.rank}</p>
      <p className="text-sm font-medium text-slate-600">Out of 100</p>
      <p className="mt-2 text-base font-semibold text-slate-900">{topper.name}</p>
      {topper.courseDescription ? <p className="mt-1 text-xs text-slate-600">{topper.courseDescription}</p> : null}
    </article>
  );
}

/**
 * Badge colours come from data; white text needs a dark enough background
 * (WCAG AA 4.5:1), so light colours are darkened until they pass.
 */
export function darken(hex: string): string {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return "#1c3fb3";
  let [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(m[1]!.slice(i, i + 2), 16)) as [number, number, number];
  for (let step = 0; step < 20 && contrastWithWhite(r, g, b) < 4.6; step++) {
    r = Math.round(r * 0.9);
    g = Math.round(g * 0.9);
    b = Math.round(b * 0.9);
  }
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

function contrastWithWhite(r: number, g: number, b: number) {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return 1.05 / (l + 0.05);
}

export function ToppersBySubject({ toppers, headingLevel = 2 }: { toppers: Topper[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="space-y-10">
      {groupToppers(toppers).map((group) => (
        <section key={group.subject} aria-labelledby={`toppers-${group.subject}`}>
          <Heading id={`toppers-${group.subject}`} className="mb-4 text-xl font-bold text-slate-900 sm:text-2xl">
            {group.label}
          </Heading>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {group.toppers.map((t) => (
              <li key={t.id}>
                <TopperCard topper={t} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
