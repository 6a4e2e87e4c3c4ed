import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import { getDb } from "~/db/client.server";
import { getOptionalUser } from "~/features/accounts/guards.server";
import { hasSignedInHint, personalData, SIGNED_IN_HINT_SCRIPT } from "~/features/accounts/personal";
import { getCart } from "~/features/cart/cart.server";
import { CART_QUEUE_SCRIPT, CartProvider } from "~/features/cart/cart-context";
import { TOAST_DURATION_MS } from "~/features/cart/cart-store";
import { ChatWidget } from "~/features/contact/chat-widget";
import { MaintenanceBanner } from "~/features/settings/maintenance-banner";
import { getStoreSettings } from "~/features/settings/settings.server";
import { SiteFooter } from "~/features/site/site-footer";
import { SiteHeader } from "~/features/site/site-header";
import { getEnv } from "~/lib/env.server";
import type { loader as rootLoader } from "~/root";
import { Toaster } from "~/ui/toaster";
import type { Route } from "./+types/layout";

/**
 * Public origin for canonical URLs (meta functions read it from here), the chat widget's WhatsApp
 * number, whether maintenance mode is on (only admins get a page then: they see a banner), and the
 * signed-in user's server cart (null for a guest): the header's badge is right from the server
 * render, and again after every form submission (React Router reloads this after each action).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = await getDb();
  const [settings, user] = await Promise.all([getStoreSettings(db), getOptionalUser(db, request, context)]);
  return {
    appUrl: getEnv().APP_URL.replace(/\/+$/, ""),
    whatsappNumber: settings.whatsappNumber,
    maintenanceMode: settings.maintenanceMode,
    cart: user ? await getCart(db, user.id) : null,
  };
}

/** On a page from the shared cache, a signed-in visitor's cart comes from /api/me (accounts/personal.ts). */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const server = await serverLoader();
  if (server.cart || !hasSignedInHint()) return server;
  return { ...server, cart: (await personalData())?.cart ?? null };
}
clientLoader.hydrate = true as const;

export default function StoreLayout({ loaderData }: Route.ComponentProps) {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
  const { pathname } = useLocation();
  // Checkout, payment and the course player keep the screen for the task at hand: no floating chat
  // over the totals, the pay button or the progress (the footer links to Contact).
  const focused = pathname.startsWith("/checkout") || /^\/my-courses\/[^/]+/.test(pathname);
  return (
    <CartProvider serverCart={loaderData.cart}>
      {/* Queues "Add to Cart" clicks made before hydration; runs before any button exists. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant inline script of ours */}
      <script dangerouslySetInnerHTML={{ __html: CART_QUEUE_SCRIPT }} />
      {/* Hides "Log In / Sign Up" before the first paint while a signed-in visitor's header loads. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant inline script of ours */}
      <script dangerouslySetInnerHTML={{ __html: SIGNED_IN_HINT_SCRIPT }} />
      <div className="flex min-h-dvh flex-col">
        {loaderData.maintenanceMode && user?.role === "admin" ? <MaintenanceBanner /> : null}
        <SiteHeader user={user} />
        <div className="flex-1">
          <Outlet />
        </div>
        <SiteFooter />
      </div>
      {focused ? null : (
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
