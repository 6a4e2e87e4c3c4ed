import {
  BarChart3,
  BookOpen,
  LayoutDashboard,
  ListChecks,
  Megaphone,
  Menu,
  MessageCircleQuestion,
  Settings,
  Users,
} from "lucide-react";
import { isRouteErrorResponse, Link, NavLink, Outlet, useRouteError } from "react-router";
import { dbContext, userContext } from "~/features/accounts/context.server";
import { ForbiddenPage } from "~/features/accounts/forbidden";
import { requireAdminMiddleware } from "~/features/accounts/middleware.server";
import { AccountMenuPanel } from "~/features/accounts/user-menu";
import { AdminSearchBox, NotificationsMenu } from "~/features/admin/top-bar";
import { GstinBanner } from "~/features/gst/gstin-banner";
import { sellerGstinProblem } from "~/features/gst/setup.server";
import { privateAnswer } from "~/lib/private-cache.server";
import { cn } from "~/ui/cn";
import { NotFoundPage } from "~/ui/not-found";
import type { Route } from "./+types/layout";

export const ADMIN_NAV = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/courses", label: "Course Management", icon: BookOpen, end: false },
  { to: "/admin/practice", label: "Question Bank", icon: ListChecks, end: false },
  { to: "/admin/doubts", label: "Doubts", icon: MessageCircleQuestion, end: false },
  { to: "/admin/users", label: "User Analytics", icon: Users, end: false },
  { to: "/admin/sales", label: "Sales & Reports", icon: BarChart3, end: false },
  { to: "/admin/announcements", label: "Announcements", icon: Megaphone, end: false },
  { to: "/admin/settings", label: "Settings", icon: Settings, end: false },
] as const;

export const PROFILE_MENU = [
  { to: "/account", label: "Profile" },
  { to: "/account/orders", label: "Billing" },
  { to: "/admin/settings", label: "Settings" },
] as const;

export function meta(_: Route.MetaArgs) {
  return [{ title: "Admin | Commerce Academy" }, { name: "robots", content: "noindex" }];
}

/**
 * Every route under /admin, pages and resource routes (CSV, PDF, uploads) alike, passes here first:
 * its answer is private (app/lib/private-cache.server.ts), and only an admin gets past the guard
 * (anonymous visitors go to /login, everyone else gets the 403 page). The routes read the admin
 * from `context.get(userContext)`.
 */
export const middleware: Route.MiddlewareFunction[] = [privateAnswer, requireAdminMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const user = context.get(userContext);
  return {
    user: { name: user.name, email: user.email, isPrimary: user.isPrimary },
    gstinProblem: await sellerGstinProblem(db),
  };
}

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors",
    isActive ? "bg-brand-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white",
  );

function SidebarNav() {
  return (
    <nav aria-label="Admin" className="flex flex-col gap-1">
      {ADMIN_NAV.map(({ to, label, icon: Icon, end }) => (
        <NavLink key={to} to={to} end={end} className={navClass}>
          <Icon className="h-4 w-4" aria-hidden />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}

function ProfileMenu({ user }: { user: { name: string; email: string } }) {
  const initial = user.name.trim().charAt(0).toUpperCase() || "A";
  return (
    <details className="relative">
      <summary
        className="flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg px-2 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label="Profile menu"
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
          {initial}
        </span>
        <span className="hidden text-sm font-semibold text-slate-800 sm:inline">{user.name}</span>
      </summary>
      <AccountMenuPanel user={user} label="Profile" links={PROFILE_MENU} />
    </details>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-dvh bg-slate-50">
      {/* The dark column runs the page's whole height; its links stay on screen while the page scrolls. */}
      <aside className="hidden w-64 shrink-0 bg-slate-900 lg:block">
        <div className="sticky top-0 flex h-dvh flex-col gap-6 p-4">
          <Link to="/admin" className="flex items-center gap-2 px-2 font-bold text-white">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            Commerce Academy
          </Link>
          <SidebarNav />
          <Link to="/" className="mt-auto px-3 text-sm text-slate-400 hover:text-white">
            ← Back to the store
          </Link>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4">
          <details className="lg:hidden">
            <summary
              className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
              aria-label="Admin menu"
            >
              <Menu className="h-5 w-5" aria-hidden />
            </summary>
            <div className="absolute left-0 right-0 top-16 z-50 bg-slate-900 p-3 shadow-lg">
              <SidebarNav />
            </div>
          </details>
          <p className="hidden font-semibold text-slate-900 sm:block">Admin</p>
          <div className="min-w-0 flex-1 sm:ml-4">
            <AdminSearchBox />
          </div>
          <div className="ml-auto flex items-center gap-1">
            <NotificationsMenu />
            <ProfileMenu user={loaderData.user} />
          </div>
        </header>
        {loaderData.gstinProblem ? <GstinBanner problem={loaderData.gstinProblem} /> : null}
        <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <ForbiddenPage />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
