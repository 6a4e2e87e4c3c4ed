import { ChevronDown, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { cn } from "~/ui/cn";

export interface MenuUser {
  name: string;
  email: string;
  role: string;
}

export const USER_MENU_LINKS = [
  { to: "/my-courses", label: "My Courses" },
  { to: "/account/orders", label: "Orders" },
  { to: "/account", label: "Account" },
] as const;

const itemClass =
  "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-brand-700 focus-visible:bg-slate-100";

/** Log In / Sign Up links that bring the visitor back to the page they were on. */
export function authLinks(pathname: string, search: string) {
  const here = `${pathname}${search}`;
  if (pathname === "/" || /^\/(login|signup|logout|forgot-password|reset-password)(\/|$)/.test(pathname)) {
    return { login: "/login", signup: "/signup" };
  }
  const q = `?redirectTo=${encodeURIComponent(here)}`;
  return { login: `/login${q}`, signup: `/signup${q}` };
}

/** Links of the signed-in menu (Admin only for admins), shared by the dropdown and the mobile menu. */
export function userMenuLinks(user: MenuUser) {
  return user.role === "admin" ? [...USER_MENU_LINKS, { to: "/admin", label: "Admin" } as const] : [...USER_MENU_LINKS];
}

export function LogoutButton({ className }: { className?: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={cn(itemClass, className)}>
        Log out
      </button>
    </Form>
  );
}

/**
 * The open panel of an account menu (the store's, the admin's profile menu): who is signed in, the
 * menu's links in a nav named `label`, and Log out.
 */
export function AccountMenuPanel({
  user,
  label,
  links,
}: {
  user: { name: string; email: string };
  label: string;
  links: readonly { to: string; label: string }[];
}) {
  return (
    <div className="absolute right-0 z-50 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg">
      <div className="border-b border-slate-100 px-3 py-2">
        {/* Whole, wrapped: who is signed in is what this line is for. */}
        <p className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">{user.name}</p>
        <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{user.email}</p>
      </div>
      <nav aria-label={label} className="py-1">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={itemClass}>
            {link.label}
          </Link>
        ))}
      </nav>
      <div className="border-t border-slate-100 pt-1">
        <LogoutButton />
      </div>
    </div>
  );
}

/** The header's account menu. A native <details>, so it opens without JavaScript too. */
export function UserMenu({ user }: { user: MenuUser }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the route changes
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);
  useEffect(() => {
    const close = (event: Event) => {
      const el = ref.current;
      if (!el?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key === "Escape") {
          el.open = false;
          el.querySelector("summary")?.focus();
        }
      } else if (!el.contains(event.target as Node)) el.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  const first = user.name.trim().split(/\s+/)[0] ?? user.name;
  return (
    <details ref={ref} className="relative">
      <summary
        className="flex h-9 cursor-pointer list-none items-center gap-2 rounded-lg px-1 text-sm font-semibold text-slate-800 hover:bg-slate-100 sm:px-2 [&::-webkit-details-marker]:hidden"
        aria-label={`Account menu for ${user.name}`}
      >
        <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-white">
          <UserRound className="h-4 w-4" aria-hidden />
        </span>
        <span className="hidden max-w-32 truncate md:inline">{first}</span>
        <ChevronDown className="hidden h-4 w-4 text-slate-500 sm:block" aria-hidden />
      </summary>
      <AccountMenuPanel user={user} label="Account" links={userMenuLinks(user)} />
    </details>
  );
}
