import { Link } from "react-router";
import { Container } from "~/ui/container";

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50">
      <Container className="grid gap-8 pt-10 pb-24 text-sm text-slate-600 sm:grid-cols-3 sm:pb-10">
        <div>
          <p className="text-base font-bold text-slate-900">Commerce Academy</p>
          <p className="mt-2">Video courses, notes and previous-year papers for Class 11 and 12 commerce students.</p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-2">
          <Link className="hover:text-brand-700" to="/courses">
            Courses
          </Link>
          <Link className="hover:text-brand-700" to="/notes">
            Notes
          </Link>
          <Link className="hover:text-brand-700" to="/pyq">
            PYQ
          </Link>
          <Link className="hover:text-brand-700" to="/tests">
            Tests
          </Link>
          <Link className="hover:text-brand-700" to="/toppers">
            Toppers
          </Link>
          <Link className="hover:text-brand-700" to="/about">
            About
          </Link>
          <Link className="hover:text-brand-700" to="/contact">
            Contact
          </Link>
        </nav>
        <p className="sm:text-right">
          © {new Date().getFullYear()} Commerce Academy. Prices in ₹; GST (18%) is added at checkout.
        </p>
      </Container>
    </footer>
  );
}
