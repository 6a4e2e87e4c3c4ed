import { data } from "react-router";
import { NotFoundPage } from "~/ui/not-found";

/** Catch-all: every unknown URL answers 404 with the spec's text. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}
