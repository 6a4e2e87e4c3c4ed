import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundPage } from "~/ui/not-found";

/** Error boundary of the admin screens: 404 page, a clear message for other 4xx, a generic one otherwise. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isRouteErrorResponse(error) && error.status < 500) {
    const message =
      (error.data && typeof error.data === "object" && "message" in error.data && String(error.data.message)) ||
      "This request could not be completed.";
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h1 className="text-lg font-semibold">Error {error.status}</h1>
        <p className="mt-1 text-sm">{message}</p>
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
      <h1 className="text-lg font-semibold">Something went wrong</h1>
      <p className="mt-1 text-sm">Sorry, this admin page could not be loaded. Please try again.</p>
    </div>
  );
}
