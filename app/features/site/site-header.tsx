import { Menu, ShoppingCart, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { authLinks, LogoutButton, type MenuUser, UserMenu, userMenuLinks } from "~/features/accounts/user-menu";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import { Container } from "~/ui/container";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/courses", label: "Courses" },
  { to: "/notes", label: "Notes" },
  { to: "/pyq", label: "PYQ" },
  { to: "/toppers", label: "Toppers" },
  { to: "/my-courses", label: "My Courses" },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "text-brand-700 bg-brand-50" : "text-slate-700 hover:text-brand-700 hover:bg-slate-50",
  );

export function SiteHeader({
  cartCount = 0,
  onCartClick,
  user = null,
}: {
  cartCount?: number;
  onCartClick?: () => void;
  user?: MenuUser | null;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu whenever the route changes
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const { login: loginHref, signup: signupHref } = authLinks(location.pathname, location.search);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Container className="flex h-16 items-center gap-3">
        <Link to="/" className="flex items-center gap-2 font-bold text-slate-900" aria-label="Commerce Academy home">
          <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <span className="text-lg">Commerce Academy</span>
        </Link>
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navClass} prefetch="intent">
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <div className="hidden items-center gap-2 sm:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to={loginHref}>Log In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={signupHref}>Sign Up</Link>
              </Button>
            </div>
          )}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="relative"
            aria-label={cartCount > 0 ? `Cart, ${cartCount} items` : "Cart"}
            onClick={onCartClick}
          >
            <ShoppingCart className="h-5 w-5" aria-hidden />
            {cartCount > 0 ? (
              <span className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-xs font-bold text-slate-950">
                {cartCount}
              </span>
            ) : null}
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="lg:hidden"
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
            <div className="mt-2 flex gap-2 sm:hidden">
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
