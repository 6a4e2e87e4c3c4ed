/**
 * A signed-in visitor's catalog pages (home, class lists, detail pages, about, toppers) may come
 * from the shared page cache: the page everyone gets, rendered for nobody. What is theirs (the
 * header's name, the cart, "Open" on what they own, their side of an item's reviews) comes from one
 * small request, GET /api/me?path=<the page>,
 * made while the page hydrates by the root's clientLoader (app/root.tsx), which puts it in the root's
 * loader data for the store layout and the pages to read (`usePersonal`).
 *
 * The server knows such a visitor by a hint cookie next to the session (`ca_signed_in`, readable
 * by scripts, holding nothing but "1"; set and cleared with the session in guards.server.ts): the
 * page cache shares a page only with a request that carries it, and the inline script below hides
 * the "Log In / Sign Up" buttons before the first paint while the hint says someone is signed in,
 * so the header does not flash them. Server-rendered pages carry the personal data themselves;
 * nothing here runs for them. docs/decisions/0012-shared-catalog-pages.md
 *
 * What the request answers, `Personal`, joins accounts, the cart and reviews: it lives above them,
 * in site/personal.ts.
 */
export const SIGNED_IN_HINT_COOKIE = "ca_signed_in";

/** Runs before the header is painted (allowed by its hash, app/entry.server.tsx). */
export const SIGNED_IN_HINT_SCRIPT = `/(?:^|; )${SIGNED_IN_HINT_COOKIE}=1/.test(document.cookie)&&document.documentElement.setAttribute("data-signed-in","")`;
