import { Link } from "react-router";

export const MAINTENANCE_BANNER = "Maintenance mode is on — visitors see the maintenance page.";

/** Shown to an admin on the store's pages while maintenance mode is on (everyone else gets the 503 page). */
export function MaintenanceBanner() {
  return (
    <section aria-label="Maintenance mode" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      {MAINTENANCE_BANNER}{" "}
      <Link to="/admin/settings#maintenanceMode" className="font-semibold underline">
        Turn it off
      </Link>
    </section>
  );
}
