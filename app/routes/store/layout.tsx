import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { dbContext } from "~/features/accounts/context.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { SIGNED_IN_HINT_SCRIPT } from "~/features/accounts/personal";
import { getCart } from "~/features/cart/cart.server";
import { CART_QUEUE_SCRIPT, CartProvider } from "~/features/cart/cart-context";
import { TOAST_DURATION_MS } from "~/features/cart/cart-store";
import { ChatWidget } from "~/features/contact/chat-widget";
import { getStoreSettings } from "~/features/settings/settings.server";
import { SiteHeader } from "~/features/site/site-header";
import { getEnv } from "~/lib/env.server";
import type { clientLoader as rootClientLoader } from "~/root";
import { lazyComponent } from "~/ui/on-demand";
import { ServerHtml } from "~/ui/server-html";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/layout";

/**
 * Public origin for canonical URLs (meta functions read it from here), the chat widget's WhatsApp
 * number, whether maintenance mode is on (only admins get a page then: they see a banner), and the
 * signed-in user's server cart (null for a guest): the header's badge is right from the server
 * render, and again after every form submission (React Router reloads this after each action).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const [settings, user] = await Promise.all([getStoreSettings(db), getOptionalUser(db, request, context)]);
  return {
    appUrl: getEnv().APP_URL.replace(/\/+$/, ""),
    whatsappNumber: settings.whatsappNumber,
    maintenanceMode: settings.maintenanceMode,
    cart: user ? await getCart(db, user.id) : null,
  };
}

/**
 * The layout's inline script: the same text as app/entry.server.tsx allows by its hash. Only the
 * server's HTML needs it (hydration keeps the element as it is), so the production bundle for the
 * browser does not carry it; the development one does, so hydration compares equal text.
 */
const INLINE_SCRIPT = import.meta.env.SSR || import.meta.env.DEV ? CART_QUEUE_SCRIPT + SIGNED_IN_HINT_SCRIPT : "";

// An admin's reminder while maintenance mode is on: plain markup and a link, so a first load keeps
// the server's HTML and no visitor downloads its code.
const loadBanner = () => import("~/features/settings/maintenance-banner");
const banner = import.meta.env.SSR ? await loadBanner() : null;
const MaintenanceBanner = lazyComponent(banner, loadBanner, (m) => m.MaintenanceBanner);
// The footer too: text and links, the same on every page, so the layout keeps the server's markup
// across navigations and no page downloads its code.
const loadFooter = () => import("~/features/site/site-footer");
const footer = import.meta.env.SSR ? await loadFooter() : null;
const SiteFooter = lazyComponent(footer, loadFooter, (m) => m.SiteFooter);

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootClientLoader>("root");
  const user = root?.user ?? null;
  // A shared page (ADR 0012) has no cart in its loader data: the root's personal data has it.
  const cart = loaderData.cart ?? (root && "personal" in root ? root.personal.cart : null);
  const { pathname } = useLocation();
  // Checkout, payment and the course player keep the screen for the task at hand: no floating chat
  // over the totals, the pay button or the progress (the footer links to Contact).
  const focused = pathname.startsWith("/checkout") || /^\/my-courses\/[^/]+/.test(pathname);
  return (
    <CartProvider serverCart={cart}>
      {/* Two constant inline scripts that only matter before hydration, in one element: one queues
          "Add to Cart" clicks made before it, one hides "Log In / Sign Up" before the first paint
          while a signed-in visitor's header loads. */}
      <script
        // biome-ignore lint/security/noDangerouslySetInnerHtml: constant inline scripts of ours
        dangerouslySetInnerHTML={{ __html: INLINE_SCRIPT }}
      />
      <div className="flex min-h-dvh flex-col">
        {loaderData.maintenanceMode && user?.role === "admin" ? (
          <ServerHtml component={MaintenanceBanner} props={{}} />
        ) : null}
        <SiteHeader user={user} />
        <div className="flex-1">
          <Outlet />
        </div>
        <ServerHtml component={SiteFooter} props={{}} />
      </div>
      {/* No WhatsApp number in Settings yet (a new install): no chat button rather than a made-up number. */}
      {focused || !loaderData.whatsappNumber ? null : (
        <ChatWidget
          phoneNumber={loaderData.whatsappNumber}
          accountName="Commerce Academy"
          avatar="/favicon.svg"
          allowEsc
          allowClickAway
          page={pathname}
        />
      )}
      {/* Below the header (4rem), so a toast never covers its navigation. */}
      <Toaster
        duration={TOAST_DURATION_MS}
        position="top-center"
        offset={{ top: 80 }}
        mobileOffset={{ top: 76 }}
        closeButton
        richColors
      />
    </CartProvider>
  );
}
