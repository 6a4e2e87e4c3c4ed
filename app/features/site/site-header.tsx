import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { authLinks, LogoutButton, type MenuUser, UserMenu, userMenuLinks } from "~/features/accounts/user-menu";
import { CartButton } from "~/features/cart/cart-drawer";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Container } from "~/ui/container";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/courses", label: "Courses" },
  { to: "/notes", label: "Notes" },
  { to: "/pyq", label: "PYQ" },
  { to: "/tests", label: "Tests" },
  { to: "/bundles", label: "Bundles" },
  { to: "/toppers", label: "Toppers" },
  { to: "/my-courses", label: "My Courses" },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    // Tighter below xl: eight links (Bundles since issue 36) beside the account menu at 1024 px.
    "whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium transition-colors xl:px-3",
    isActive ? "text-brand-700 bg-brand-50" : "text-slate-700 hover:text-brand-700 hover:bg-slate-50",
  );

export function SiteHeader({ user = null }: { user?: MenuUser | null }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const { login: loginHref, signup: signupHref } = authLinks(location.pathname, location.search);
  // Escape closes the mobile menu and returns focus to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      document.querySelector<HTMLButtonElement>('[aria-controls="mobile-menu"]')?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Container className="flex h-16 items-center gap-2 sm:gap-3">
        {/* min-w-0 + truncate: on the narrowest phones the name gives way before the controls do. */}
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2 font-bold text-slate-900"
          aria-label="Commerce Academy home"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-7 w-7 shrink-0 sm:h-8 sm:w-8" />
          <span className="truncate whitespace-nowrap text-sm tracking-tight sm:text-lg sm:tracking-normal">
            Commerce Academy
          </span>
        </Link>
        <nav aria-label="Main" className="ml-2 hidden items-center gap-0.5 lg:flex xl:ml-6 xl:gap-1">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navClass} prefetch="intent">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <div className="hidden items-center gap-2 sm:flex" data-anon-only>
              <Button asChild variant="ghost" size="sm">
                <Link to={loginHref}>Log In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={signupHref}>Sign Up</Link>
              </Button>
            </div>
          )}
          <CartButton />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            // The 44 px target reaches into the page margin, so the row fits a 360 px phone.
            className="-mr-2 lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
          </Button>
        </div>
      </Container>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        className={cn("border-t border-slate-200 bg-white lg:hidden", menuOpen ? "block" : "hidden")}
      >
        <Container className="flex flex-col gap-1 py-3">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navClass}>
              {link.label}
            </NavLink>
          ))}
          {user ? (
            <div className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-2">
              {userMenuLinks(user)
                .filter((link) => link.to !== "/my-courses")
                .map((link) => (
                  <NavLink key={link.to} to={link.to} end className={navClass}>
                    {link.label}
                  </NavLink>
                ))}
              <LogoutButton className="px-3 font-medium" />
            </div>
          ) : (
            <div className="mt-2 flex gap-2 sm:hidden" data-anon-only>
              <Button asChild variant="secondary" size="sm" className="flex-1">
                <Link to={loginHref}>Log In</Link>
              </Button>
              <Button asChild size="sm" className="flex-1">
                <Link to={signupHref}>Sign Up</Link>
              </Button>
            </div>
          )}
        </Container>
      </nav>
    </header>
  );
}
