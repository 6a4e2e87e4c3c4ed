import { Link } from "react-router";
import { NAV_LINKS } from "~/features/site/site-header";
import { Container } from "~/ui/container";

/** The header's catalog links (without Home and My Courses), then About and Contact. */
const FOOTER_LINKS = [
  ...NAV_LINKS.filter((l) => l.to !== "/" && l.to !== "/my-courses"),
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <Container className="grid gap-8 pt-10 pb-24 text-sm text-slate-600 sm:grid-cols-3 sm:pb-10">
        <div>
          <p className="text-base font-bold text-slate-900">Commerce Academy</p>
          <p className="mt-2">Video courses, notes and previous-year papers for Class 11 and 12 commerce students.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-2">
          {FOOTER_LINKS.map((l) => (
            <Link key={l.to} className="hover:text-brand-700" to={l.to}>
              {l.label}
            </Link>
          ))}
        </nav>
        <p className="sm:text-right">
          © {new Date().getFullYear()} Commerce Academy. Prices in ₹; GST (18%) is added at checkout.
        </p>
      </Container>
    </footer>
  );
}
