/**
 * The one pager: a link to the page before, where this page is, a link to the page after (either
 * link left out where there is none), in a `<nav>` named for what it pages. `KeysetPager` makes the
 * links of a keyset-paged list (`search/keyset.server.ts`): each carries the cursor of the row it
 * continues from, so a deep page stays fast.
 */
import type * as React from "react";
import { Link } from "react-router";

const linkClass = "font-semibold text-brand-700 hover:underline";

function PageLink({ href, document, children }: { href: string; document: boolean; children: React.ReactNode }) {
  return document ? (
    <a className={linkClass} href={href}>
      {children}
    </a>
  ) : (
    <Link className={linkClass} to={href}>
      {children}
    </Link>
  );
}

export function Pager({
  previous,
  next,
  status,
  label = "Pagination",
  previousText = "← Previous",
  nextText = "Next →",
  reloadDocument = false,
}: {
  /** The URL of the page before, or null on the first. */
  previous: string | null;
  /** The URL of the page after, or null on the last. */
  next: string | null;
  /** Where this page is: "Page 2", "Page 2 of 5". */
  status: React.ReactNode;
  /** The nav's accessible name. */
  label?: string;
  previousText?: string;
  nextText?: string;
  /** A plain link that loads the whole document (the admin lists) instead of a client navigation. */
  reloadDocument?: boolean;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      {previous ? (
        <PageLink href={previous} document={reloadDocument}>
          {previousText}
        </PageLink>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{status}</span>
      {next ? (
        <PageLink href={next} document={reloadDocument}>
          {nextText}
        </PageLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A page of a keyset-paged list, as `keysetPage` returns it. */
export interface KeysetList {
  page: number;
  hasNext: boolean;
  hasPrevious: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * The pager of a keyset-paged admin list at `path`: each link carries the list's `params` (its search
 * and filters; an empty or missing one is left out) and, past the first page, the page and cursor.
 */
export function KeysetPager({
  list,
  path,
  params = {},
}: {
  list: KeysetList;
  path: string;
  params?: Record<string, string | number | undefined>;
}) {
  const href = (page: number, cursor: { after: string } | { before: string } | null) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params))
      if (value !== undefined && value !== "") search.set(key, String(value));
    if (page > 1) for (const [key, value] of Object.entries({ page: String(page), ...cursor })) search.set(key, value);
    const query = search.toString();
    return query ? `${path}?${query}` : path;
  };
  const { page } = list;
  // Previous to the first page is the plain first page (fresh, no cursor); others carry the keyset cursor.
  const previous = page - 1 <= 1 ? href(1, null) : list.prevCursor ? href(page - 1, { before: list.prevCursor }) : null;
  const next = list.nextCursor ? href(page + 1, { after: list.nextCursor }) : null;
  return (
    <Pager
      previous={list.hasPrevious ? previous : null}
      next={list.hasNext ? next : null}
      status={`Page ${page}`}
      reloadDocument
    />
  );
}
