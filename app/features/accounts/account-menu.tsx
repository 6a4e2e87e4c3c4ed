import { ChevronDown, UserRound } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { LogoutButton, type MenuUser, menuItemClass, userMenuLinks } from "./user-menu";

// The signed-in visitor's dropdown, apart from user-menu.tsx: a visitor who is not signed in never
// downloads it (the header loads it on demand, app/ui/on-demand.tsx).

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
        <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
        <p className="truncate text-xs text-slate-500">{user.email}</p>
      </div>
      <nav aria-label={label} className="py-1">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={menuItemClass}>
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
