import { Link } from "react-router";

/** On every admin page while the seller GSTIN is the sample or invalid, or the address empty (gst/setup.server.ts). */
export function GstinBanner({ problem }: { problem: string }) {
  return (
    <section
      aria-label="Invoice setup warning"
      role="alert"
      className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900"
    >
      <strong>Invoices are not ready.</strong> {problem} Live payments are refused until it is fixed; the test gateway
      still works.{" "}
      {problem.startsWith("The seller address") ? (
        <Link to="/admin/settings#field-sellerAddress" className="font-semibold underline">
          Enter the address
        </Link>
      ) : (
        <Link to="/admin/settings#field-sellerGstin" className="font-semibold underline">
          Set the GSTIN
        </Link>
      )}
    </section>
  );
}
