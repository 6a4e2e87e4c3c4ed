import { TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Container } from "~/ui/container";

export const MAINTENANCE_BANNER = "Maintenance mode is on: visitors see the maintenance page.";

/** Shown to an admin on the store's pages while maintenance mode is on (everyone else gets the 503 page). */
export function MaintenanceBanner() {
  return (
    <section aria-label="Maintenance mode" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <Container className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 py-2 text-center text-sm">
        <p className="flex items-center gap-2 font-medium">
          <TriangleAlert className="h-4 w-4 shrink-0 text-amber-700" aria-hidden />
          {MAINTENANCE_BANNER}
        </p>
        <Link
          to="/admin/settings"
          className="rounded font-semibold text-amber-950 underline underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-700"
        >
          Turn it off in Settings
        </Link>
      </Container>
    </section>
  );
}
