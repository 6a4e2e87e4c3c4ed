import {
  data,
  isRouteErrorResponse,
  Links,
  type LinksFunction,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { getOptionalUser, sessionCookies } from "./features/accounts/guards.server";
import { SIGNED_IN_HINT_COOKIE } from "./features/accounts/personal";
import type { Personal } from "./features/site/personal";
import { apiFetch } from "./lib/api-client";
import { readFlash } from "./lib/flash.server";
import { privateWhenCookie } from "./lib/private-cache.server";
import { FlashToast } from "./ui/flash-toast";
import { lazyComponent } from "./ui/on-demand";
import { ServerHtml } from "./ui/server-html";

/**
 * The stylesheet has a precedence, so React emits it at the top of the head, ahead of the image
 * preloads and the ~17 module preloads of <Scripts> (they are hoisted too): the one render-blocking
 * request is made first instead of queueing behind 120 KB of JavaScript (see bench/RESULTS.md, LCP).
 */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Every answer to a request with a cookie is private unless its route chose its own caching. */
export const middleware: Route.MiddlewareFunction[] = [privateWhenCookie];

/**
 * The signed-in user (or null) for the header; every route can read it with useRouteLoaderData("root").
 * Also the one-time message of the last action (app/lib/flash.server.ts), cleared as it is read.
 * (Maintenance mode is enforced before any loader runs, in server/app.ts.)
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = await getOptionalUser(db, request, context);
  const { flash, headers } = await readFlash(request);
  const out = new Headers(headers);
  for (const cookie of sessionCookies(request, context)) out.append("Set-Cookie", cookie);
  return data({ user, flash }, { headers: out });
}

/**
 * A page from the shared page cache was rendered for nobody: while the hint cookie says someone is
 * signed in, the header's user, the cart, owned items and the review viewer come from /api/me
 * (app/features/site/personal.ts), the rest of the page reads them with usePersonal().
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  // The page's path: an item's page also needs the visitor's side of its reviews.
  const personal: Personal | null =
    server.user || !document.cookie.includes(`${SIGNED_IN_HINT_COOKIE}=1`)
      ? null
      : await apiFetch<Personal>(`/api/me?path=${encodeURIComponent(location.pathname)}`).catch(() => null);
  // Nobody is signed in (any more): "Log In / Sign Up" show again.
  if (!personal?.user) document.documentElement.removeAttribute("data-signed-in");
  return personal?.user ? { ...server, user: personal.user, personal } : server;
}
clientLoader.hydrate = true as const;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2452e0" />
        <Meta />
        {/* Module preloads need no nonce (script-src allows self); an empty one keeps hydration stable. */}
        <Links nonce="" />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <FlashToast flash={loaderData.flash} />
      <Outlet />
    </>
  );
}

// The error pages need no JavaScript: a first load keeps the server's HTML, a navigation in the app
// downloads their code (app/ui/server-html.tsx).
const loadErrorPage = () => import("./root-error");
const errorPage = import.meta.env.SSR ? await loadErrorPage() : null;
const RootErrorPage = lazyComponent(errorPage, loadErrorPage, (m) => m.RootErrorPage);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Another status is another page: a new element, rendered in the browser.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ServerHtml key={status} component={RootErrorPage} props={{ error }} />;
}
