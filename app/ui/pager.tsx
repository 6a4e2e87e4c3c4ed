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

/** The pager of a keyset-paged admin list; `makeHref(page, cursor)` makes a link's URL. */
export function KeysetPager({
  list,
  makeHref,
}: {
  list: KeysetList;
  makeHref: (page: number, cursor: { after: string } | { before: string } | null) => string;
}) {
  const { page } = list;
  // Previous to the first page is the plain first page (fresh, no cursor); others carry the keyset cursor.
  const previous =
    page - 1 <= 1 ? makeHref(1, null) : list.prevCursor ? makeHref(page - 1, { before: list.prevCursor }) : null;
  const next = list.nextCursor ? makeHref(page + 1, { after: list.nextCursor }) : null;
  return (
    <Pager
      previous={list.hasPrevious ? previous : null}
      next={list.hasNext ? next : null}
      status={`Page ${page}`}
      reloadDocument
    />
  );
}
