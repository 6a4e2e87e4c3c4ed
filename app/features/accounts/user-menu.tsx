import { Form } from "react-router";
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

export const menuItemClass =
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
      <button type="submit" className={cn(menuItemClass, className)}>
        Log out
      </button>
    </Form>
  );
}
